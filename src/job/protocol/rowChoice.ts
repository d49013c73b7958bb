/**
 * The page's row filters and exclusions over a table, as the worker's fits, plots and exports all
 * apply them (src/data/chooseRows.ts does the choosing): `where` clauses parsed here so that a bad
 * one is refused with the Data panel's field, and excluded lines that are no row of this table
 * (a link made on other data) ignored rather than refused.
 */
import { ALL_ROWS, chooseRows, type RowChoice } from '../../data/chooseRows';
import type { Table } from '../../data/types';
import { parseWhere, type WhereClause } from '../../data/where';
import type { RowRequest } from './request';
import type { Status } from './status';

/** The row filters and exclusions of `rows` over `table` (errors name the filter and say why). */
export function rowChoice(table: Table, rows: RowRequest | null | undefined, withExclusions = true): Status<RowChoice> {
  if (!rows || (rows.where.length === 0 && (rows.exclude.length === 0 || !withExclusions))) return { ok: true, value: ALL_ROWS };
  const where: WhereClause[] = [];
  for (const text of rows.where) {
    const clause = parseWhere(text);
    if (!clause.ok) return { ok: false, error: { ...clause.error, field: 'data' } };
    where.push(clause.value);
  }
  const lines = new Set(table.lines);
  const exclude = withExclusions ? rows.exclude.filter((l) => lines.has(l)).map((l) => ({ from: l, to: l })) : [];
  const chosen = chooseRows(table, { where, exclude });
  return chosen.ok ? chosen : { ok: false, error: { ...chosen.error, field: 'data' } };
}

/** The smallest and largest value of a column (±Infinity when it is empty), for the Data panel's ranges. */
export function valueRange(values: Float64Array): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { min, max };
}
