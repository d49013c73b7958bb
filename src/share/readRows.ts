/**
 * A link's `rows` (row filters and excluded lines, FitSpec.rows) checked field by field. Filters
 * are kept as text here and parsed by the worker that applies them (src/data/where.ts), so a bad
 * filter is reported where filters are typed; here only their size and type are checked.
 */
import { MAX_EXCLUDED_LINES, MAX_WHERE, MAX_WHERE_CHARS } from './limits';
import { array, fail, object, string } from './schema';
import type { RowSpec } from './types';

export function readRows(v: unknown, path: string): RowSpec {
  const o = object(v, path, ['where', 'exclude']);
  const where = array(o.where, `${path}.where`, MAX_WHERE).map((w, i) => string(w, `${path}.where[${i}]`, 1, MAX_WHERE_CHARS));
  const exclude = array(o.exclude, `${path}.exclude`, MAX_EXCLUDED_LINES).map((l, i) => {
    if (typeof l !== 'number' || !Number.isSafeInteger(l) || l < 1) fail(`${path}.exclude[${i}]`, 'must be a file line number (a whole number ≥ 1)', l);
    return l;
  });
  return { where, exclude };
}

/** True when `rows` leave every row in (no filter, nothing excluded). */
export function allRows(rows: RowSpec | undefined | null): boolean {
  return !rows || (rows.where.length === 0 && rows.exclude.length === 0);
}
