/**
 * Which rows take part in a fit: those that pass every row filter (where-clauses) and that the user
 * did not exclude (by line number). One plain record serves the single fit (as selectColumns' skip)
 * and the group split (which counts both per group).
 */
import { excludedRows, type LineRange } from './excludeRows';
import { filterRows } from './filterRows';
import type { Result, Table } from './types';
import type { WhereClause } from './where';

export interface RowChoice {
  /** pass[r] = 1 where every filter holds; null when there are no filters. */
  readonly pass: Uint8Array | null;
  /** excluded[r] = 1 for rows the user excluded; null when there are none. */
  readonly excluded: Uint8Array | null;
  /** Rows the filters leave out. */
  readonly filteredCount: number;
  /** Rows that pass the filters but are excluded (an excluded row the filters drop anyway counts as filtered). */
  readonly excludedCount: number;
}

export interface RowRules {
  readonly where?: readonly WhereClause[];
  readonly exclude?: readonly LineRange[];
}

/** All rows: no filters, no exclusions. */
export const ALL_ROWS: RowChoice = { pass: null, excluded: null, filteredCount: 0, excludedCount: 0 };

export function chooseRows(table: Table, rules: RowRules): Result<RowChoice> {
  let pass: Uint8Array | null = null;
  let excluded: Uint8Array | null = null;
  if (rules.where && rules.where.length > 0) {
    const filtered = filterRows(table, rules.where);
    if (!filtered.ok) return filtered;
    pass = filtered.value;
  }
  if (rules.exclude && rules.exclude.length > 0) {
    const ex = excludedRows(table, rules.exclude);
    if (!ex.ok) return ex;
    excluded = ex.value;
  }
  let filteredCount = 0;
  let excludedCount = 0;
  for (let r = 0; r < table.rowCount; r++) {
    if (pass && !pass[r]) filteredCount++;
    else if (excluded && excluded[r]) excludedCount++;
  }
  return { ok: true, value: { pass, excluded, filteredCount, excludedCount } };
}

/** skip[r] = 1 where row r is filtered out or excluded (selectColumns' `skip`); null for none. */
export function skipOf(choice: RowChoice): Uint8Array | null {
  const { pass, excluded } = choice;
  if (!pass && !excluded) return null;
  const n = (pass ?? excluded as Uint8Array).length;
  const skip = new Uint8Array(n);
  for (let r = 0; r < n; r++) skip[r] = (pass && !pass[r]) || (excluded && excluded[r]) ? 1 : 0;
  return skip;
}
