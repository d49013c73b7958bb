/**
 * Row filters: the rows of a table where every where-clause holds (R's `subset(df, a & b)`).
 *
 * On a text column (one kept as categories) `=` and `!=` compare the cell as written; a value that
 * is no cell of the column is an error with the nearest one, since a filter that silently matches
 * nothing is a typo more often than a wish. On a numeric column they compare values (`Run=1` also
 * keeps a cell written `1.0`), and `COL=` keeps the empty cells. `<`, `<=`, `>`, `>=` compare
 * numbers only; an empty or text cell never satisfies them. `!=` keeps empty cells (`""` is not `5`).
 */
import { didYouMean } from './didYouMean';
import { findColumn } from './findColumn';
import type { WhereClause } from './where';
import type { Categories, Column, DataError, Result, Table } from './types';

function badWhere(clause: WhereClause, why: string): { ok: false; error: DataError } {
  return { ok: false, error: { code: 'bad-where', message: `Filter ${JSON.stringify(clause.text)}: ${why}` } };
}

function levelList(levels: readonly string[]): string {
  const shown = levels.slice(0, 8).map((l) => JSON.stringify(l)).join(', ');
  return levels.length > 8 ? `${shown}, … (${levels.length} in all)` : shown;
}

/** Sets keep[r] = 0 where the clause fails on a text column. */
function onCategories(clause: WhereClause, column: Column, cats: Categories, keep: Uint8Array): DataError | null {
  if (clause.op !== '=' && clause.op !== '!=') {
    return badWhere(clause, `column ${JSON.stringify(column.name)} holds text (${levelList(cats.levels)}); ${clause.op} compares numbers, use = or !=`).error;
  }
  let code = -1;
  if (clause.value !== '') {
    code = cats.levels.indexOf(clause.value);
    if (code < 0) {
      const guess = didYouMean(clause.value, cats.levels);
      const hint = guess !== null ? `; did you mean ${JSON.stringify(guess)}?` : '';
      return badWhere(clause, `column ${JSON.stringify(column.name)} has no cell ${JSON.stringify(clause.value)}${hint} (its values: ${levelList(cats.levels)})`).error;
    }
  }
  const equal = clause.op === '=';
  const { codes } = cats;
  for (let r = 0; r < codes.length; r++) if ((codes[r] === code) !== equal) keep[r] = 0;
  return null;
}

/** The test a numeric cell must pass. */
function numericTest(clause: WhereClause): (v: number) => boolean {
  const x = clause.number ?? NaN;
  switch (clause.op) {
    case '=': return clause.value === '' ? (v) => !Number.isFinite(v) : (v) => v === x;
    case '!=': return clause.value === '' ? (v) => Number.isFinite(v) : (v) => v !== x;
    case '<': return (v) => v < x;
    case '<=': return (v) => v <= x;
    case '>': return (v) => v > x;
    case '>=': return (v) => v >= x;
  }
}

/** Sets keep[r] = 0 where the clause fails on a numeric column. */
function onNumbers(clause: WhereClause, column: Column, keep: Uint8Array): DataError | null {
  if (clause.number === null && clause.value !== '') {
    return badWhere(clause, `column ${JSON.stringify(column.name)} holds numbers and ${JSON.stringify(clause.value)} is not one; compare it with a number`).error;
  }
  const test = numericTest(clause);
  const { values } = column;
  for (let r = 0; r < values.length; r++) if (!test(values[r] ?? NaN)) keep[r] = 0;
  return null;
}

/** keep[r] = 1 where every clause holds on row r (all rows when there are no clauses). */
export function filterRows(table: Table, clauses: readonly WhereClause[]): Result<Uint8Array> {
  const keep = new Uint8Array(table.rowCount).fill(1);
  for (const clause of clauses) {
    const found = findColumn(table, clause.column);
    if (!found.ok) return badWhere(clause, found.error.message);
    const column = found.value;
    const error = column.categories ? onCategories(clause, column, column.categories, keep) : onNumbers(clause, column, keep);
    if (error) return { ok: false, error };
  }
  return { ok: true, value: keep };
}
