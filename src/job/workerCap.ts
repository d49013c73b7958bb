/**
 * --workers N, capped (issue 27, item 2): a 50-row fit with --workers 100000 started ~3 000
 * threads and took 9.7 GB. A pool never gets more workers than the machine has cores
 * (os.availableParallelism()) nor more than it has pieces of work: a single fit's row passes
 * split the rows into chunks of DEFAULT_CHUNK_ROWS (rowParallelEvaluator.chunkParts gives each
 * worker whole chunks, so workers beyond the chunks would only sit idle), a batch one group per
 * worker at least. The cap is computed before a pool starts, and said in one line.
 */

/** The pieces a pool's work comes in: `count` items (rows, groups) of which one worker takes `per` at least. */
export interface WorkUnits {
  readonly count: number;
  readonly per: number;
  /** What the items are: "row", "group" (an s is added for more than one). */
  readonly what: string;
}

export interface CappedWorkers {
  readonly workers: number;
  /** The line that says why fewer workers run than were asked (null when none were cut). */
  readonly note: string | null;
}

/** 65536 → "65 536 rows", 1 → "1 row". */
const count = (n: number, what: string): string => `${n.toLocaleString('en-US').replaceAll(',', ' ')} ${what}${n === 1 ? '' : 's'}`;

/** `asked` workers (≥ 0) capped at `cores` and at one worker per `units.per` items (at least one worker). */
export function capWorkers(asked: number, cores: number, units?: WorkUnits): CappedWorkers {
  if (asked <= 0) return { workers: 0, note: null };
  const byCores = Math.max(1, Math.floor(cores));
  const byWork = units ? Math.max(1, Math.ceil(units.count / units.per)) : Infinity;
  const workers = Math.min(asked, byCores, byWork);
  if (workers === asked) return { workers, note: null };
  const why =
    byWork < byCores
      ? `${count(units!.count, units!.what)}${units!.per > 1 ? `: a worker takes ${count(units!.per, units!.what)} at least` : ''}; this machine has ${count(byCores, 'core')}`
      : `the cores of this machine`;
  return { workers, note: `--workers ${asked} capped at ${workers} (${why}).` };
}
