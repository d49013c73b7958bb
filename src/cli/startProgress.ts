/**
 * Progress of the automatic start search on stderr, for data large enough that it takes seconds
 * (the JSON on stdout stays one object). Trial 5: without --p0, a 2·10⁶-row Gaussian sat silent
 * for 36 s (the search then scored every candidate over every row; now over at most
 * SCORE_MAX_ROWS samples, src/start/scoringRows.ts, but each refinement is still a fit of every row); the first line
 * says what runs and how to skip it, the next ones how far it got, at most one a second (as the
 * streamed fit's lines, streamProgress.ts).
 */
import { now } from '../solver/clock';
import { scoringStride, type AutoStartProgress } from '../start/index';

/** From this many rows the search says what it does (below, it takes well under a second). */
export const START_PROGRESS_ROWS = 100_000;
const EVERY_MS = 1000;

/**
 * The search's onProgress for `rows` rows, having said on stderr what it searches; undefined
 * (and nothing said) for smaller data. `searched`: the parameters without a start value.
 */
export function startSearchProgress(rows: number, searched: readonly string[], candidates: number, write: (line: string) => void = (line) => console.error(line)): ((p: AutoStartProgress) => void) | undefined {
  if (rows < START_PROGRESS_ROWS) return undefined;
  const which = searched.length > 0 ? `no --p0 for ${searched.join(', ')}: ` : '';
  const stride = scoringStride(rows);
  const scored = stride === 1 ? `all ${rows} rows` : `${Math.ceil(rows / stride)} evenly spaced samples of the ${rows} rows: the means of ${stride} consecutive rows when the rows are sorted by the variable, else one row in ${stride}`;
  write(`fitbench: ${which}searching ${candidates} start candidates (scored on ${scored}), then refining the best on every row (--p0 for every free parameter skips the search).`);
  let last = now();
  return (p) => {
    const t = now();
    if (t - last < EVERY_MS && p.done < p.total) return;
    last = t;
    write(p.phase === 'search' ? `fitbench: start search: ${p.done}/${p.total} candidates scored` : `fitbench: start search: ${p.done}/${p.total} best candidates refined`);
  };
}
