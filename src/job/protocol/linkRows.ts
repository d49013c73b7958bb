/**
 * The rows a link or fingerprint of the page's data carries (issue 9, issue 23, issue 24): the used
 * columns of the selection (x…, y, σ, each x's σ) or an ODE model's data columns, over the rows the
 * row filters keep, excluded points included (a fingerprint must not change when a point is clicked
 * out; a link's reader must see the excluded points to draw them hollow), with the excluded lines
 * renumbered to the inline table, and the group key of each row. worker/share.ts plans the link.
 */
import { selectColumns } from '../../data/selectColumns';
import { skipOf, type RowChoice } from '../../data/chooseRows';
import { groupKeys } from '../../data/groupKeys';
import { findColumn } from '../../data/findColumn';
import type { Table } from '../../data/types';
import { usedColumns } from '../../share/fingerprint';
import type { ColumnMapping } from '../../share/types';
import type { DataMapping } from './request';
import { rowsOf } from './sigmaX';
import type { Status } from './status';

export interface UsedRows {
  readonly arrays: Float64Array[];
  /** Physical line of each used row. */
  readonly lines: Int32Array;
  /** Excluded lines as lines of the inline table made from `arrays`. */
  readonly inlineExclude: number[];
}

/**
 * An ODE model's columns (the time column, then each observed column and its σ: share/odeSpec.ts)
 * over the rows the filters keep whose time is a number. An empty cell stays NaN: it leaves only
 * its response in the fit, so the rows are not compacted to complete ones (planLink then carries a
 * fingerprint, which hashes NaN as one value, instead of inline data).
 */
function odeArrays(table: Table, names: readonly string[], skip: Uint8Array | null, excluded: ReadonlySet<number>): Status<UsedRows> {
  const columns: Float64Array[] = [];
  for (const name of names) {
    const found = findColumn(table, name);
    if (!found.ok) return { ok: false, error: { code: found.error.code, message: found.error.message, field: 'mapping' } };
    columns.push(found.value.values);
  }
  const rows: number[] = [];
  for (let r = 0; r < table.rowCount; r++) if (!skip?.[r] && Number.isFinite(columns[0][r])) rows.push(r);
  if (rows.length === 0) return { ok: false, error: { code: 'no-rows', message: `No row has a number in the time column ${names[0]}: check the columns and the row filters.`, field: 'mapping' } };
  const lines = Int32Array.from(rows, (r) => table.lines[r] ?? 0);
  const inlineExclude: number[] = [];
  lines.forEach((line, i) => excluded.has(line) && inlineExclude.push(i + 2));
  return { ok: true, value: { arrays: columns.map((c) => Float64Array.from(rows, (r) => c[r])), lines, inlineExclude } };
}

/** The used rows of `mapping` among those `choice` keeps (filters only). `ode`: an ODE model's data columns (specDataColumns), read by odeArrays; absent: the selection's x…, y, σ. */
export function usedRows(table: Table, mapping: DataMapping, choice: RowChoice, ode?: readonly string[]): Status<UsedRows> {
  if (ode) return odeArrays(table, ode, skipOf(choice), new Set(mapping.rows?.exclude ?? []));
  const picked = selectColumns(table, { x: mapping.x, y: mapping.y, sigma: mapping.sigma, skip: skipOf(choice) });
  if (!picked.ok) return { ok: false, error: { ...picked.error, field: 'mapping' } };
  const data = picked.value;
  const excluded = new Set(mapping.rows?.exclude ?? []);
  const inlineExclude: number[] = [];
  if (excluded.size > 0) for (let i = 0; i < data.rows; i++) if (excluded.has(data.lines[i] ?? 0)) inlineExclude.push(i + 2);
  const arrays = [...data.vars, data.y, ...(data.sigma && mapping.sigma !== null ? [data.sigma] : [])];
  // Errors in x (issue 24): each x's σ column after them (usedColumns' order), on the same rows.
  const base = mapping.sigma === null ? [...mapping.x, mapping.y] : [...mapping.x, mapping.y, mapping.sigma];
  for (const name of usedColumns(mapping).slice(base.length)) {
    const column = rowsOf(table, data.lines, name);
    if (!column.ok) return column;
    arrays.push(column.value);
  }
  return { ok: true, value: { arrays, lines: data.lines, inlineExclude } };
}

/**
 * The group key of each used row (by its file line), for a link's inline table (issue 9): the
 * inline columns are numbers, the keys text. None when the group column is itself a used column
 * (its numbers travel), is not in the table (the reader is told when it loads the data), or a key
 * holds a control character (the inline table is one row per line).
 */
export function inlineGroupKeys(table: Table, column: string, columns: ColumnMapping, lines: Int32Array): string[] | null {
  if (usedColumns(columns).includes(column)) return null;
  const keyed = groupKeys(table, column);
  if (!keyed.ok) return null;
  const { codes, keys } = keyed.value;
  const out: string[] = [];
  // Both in file order: walk the table's rows alongside the used rows' lines.
  let r = 0;
  for (let i = 0; i < lines.length; i++) {
    while (r < table.rowCount && table.lines[r] !== lines[i]) r++;
    const code = codes[r] ?? -1;
    out.push(code >= 0 ? (keys[code] ?? '') : '');
  }
  // eslint-disable-next-line no-control-regex
  return out.length === lines.length && !out.some((k) => /[\u0000-\u001f\u007f]/.test(k)) ? out : null;
}
