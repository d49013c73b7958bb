/**
 * The rows of a streamed table a fit uses (issue 12), decided as for a table in memory
 * (src/data/selectColumns.ts): a row whose chosen x, y or σ cell is empty, not a number, or a σ
 * that is ≤ 0 (or whose weight 1/σ² is no positive finite double) is left out of the fit and
 * counted as dropped, with the same words and counts. One pass over the chosen column files
 * (src/store/usableRows.ts) counts them; its result is kept per column choice, since the columns
 * in storage do not change. The list names the first dropped rows with their lines and reasons
 * from the notes the ingest kept (streamIngest.ts `cells`).
 */
import { cellReason } from '../../data/selectColumns';
import { formatIssue } from '../../data/formatIssue';
import type { RowIssue } from '../../data/types';
import { DEFAULT_CHUNK_ROWS } from '../../fit/cpuEvaluator';
import { usableRows, type UsableRows } from '../../store/usableRows';
import type { ColumnMapping } from '../../share/types';
import type { StreamedTable } from './streamIngest';

/** Dropped rows listed (as the in-memory selection's summary lists). */
const LISTED = 500;

export interface StreamedSelection {
  /** File indices of the variables, y and σ (null: unweighted). */
  readonly x: readonly number[];
  readonly y: number;
  readonly sigma: number | null;
  readonly usable: UsableRows;
  /** The first dropped rows, with line and reason (at most LISTED; usable.dropped counts all). */
  readonly dropped: readonly RowIssue[];
}

type Picked = { ok: true; value: StreamedSelection } | { ok: false; problem: string };

const made = new WeakMap<StreamedTable, Map<string, Picked>>();

/** The streamed selection for a mapping's x, y and σ, or why there is none (in words for the user). */
export function streamedSelection(stream: StreamedTable, mapping: Pick<ColumnMapping, 'x' | 'y' | 'sigma'>): Picked {
  const key = JSON.stringify([mapping.x, mapping.y, mapping.sigma ?? null]);
  let cache = made.get(stream);
  if (!cache) made.set(stream, (cache = new Map()));
  const kept = cache.get(key);
  if (kept) return kept;
  const picked = pick(stream, mapping);
  cache.set(key, picked);
  return picked;
}

function pick(stream: StreamedTable, mapping: Pick<ColumnMapping, 'x' | 'y' | 'sigma'>): Picked {
  const names = [...mapping.x, mapping.y, ...(mapping.sigma ? [mapping.sigma] : [])];
  for (const name of names) {
    if (!stream.names.includes(name)) return { ok: false, problem: `Column "${name}" is not among the streamed numeric columns (${stream.names.join(', ')})` };
  }
  const columns = names.map((name) => stream.names.indexOf(name));
  const sigma = mapping.sigma ? columns[columns.length - 1] : null;
  const usable = usableRows({ files: stream.store.files, rows: stream.rows, columns, sigma: sigma !== null, variables: mapping.x.length, stride: DEFAULT_CHUNK_ROWS, maxFirst: LISTED });
  const notes = columns.map((c) => new Map(stream.cells[c].map((cell) => [cell.row, cell] as const)));
  const dropped: RowIssue[] = [];
  for (const { row, column } of usable.first) {
    const cell = notes[column].get(row);
    // Past the cells the ingest noted for that column: counted, not listed.
    if (!cell) continue;
    const isSigma = sigma !== null && column === columns.length - 1;
    dropped.push({ line: cell.line, column: names[column], reason: cellReason(cell.value, cell.note, isSigma) });
  }
  if (usable.rows === 0) {
    const reason = dropped[0] ? `; the first is ${formatIssue(dropped[0])}` : '';
    return { ok: false, problem: `No usable rows: all ${stream.rows} rows were dropped${reason}` };
  }
  return { ok: true, value: { x: columns.slice(0, mapping.x.length), y: columns[mapping.x.length], sigma, usable, dropped } };
}
