/**
 * Group keys: which group each row of a table belongs to, by the cells of one column (R's
 * `split(df, df$state)`, pandas' `groupby`). A text column keys rows by its categories (the text as
 * written); a numeric column (a run number) by value, named by the shortest decimal that reads back
 * as the value (`1`, `10`, `0.5`; a file's `1.50` is the key `1.5`, and `1.5`, `1.50` are one group).
 * Rows whose cell is empty, missing or not usable belong to no group (code -1).
 */
import { shortestDecimal } from './categoryStore';
import { findColumn } from './findColumn';
import { plural } from './messages';
import { parseNumber } from './numberText';
import type { Column, Result, Table } from './types';

export interface GroupKeys {
  /** The column keyed by. */
  readonly column: Column;
  /** Index into `keys` per data row; -1 for a row in no group. */
  readonly codes: Int32Array;
  /** Distinct keys in order of first appearance in the file. */
  readonly keys: string[];
}

export interface GroupCount {
  readonly key: string;
  /** Rows of the group (among the rows asked about). */
  readonly rows: number;
}

/** More distinct values than this is a column of measurements, not of groups. */
export const DEFAULT_MAX_GROUPS = 1_000_000;

/** Keys of a numeric column: one per distinct finite value, in order of first appearance. */
function numericKeys(column: Column, decimalComma: boolean, maxGroups: number): GroupKeys | null {
  const { values } = column;
  const codes = new Int32Array(values.length);
  const index = new Map<number, number>(); // SameValueZero: 0 and -0 are one key
  const keys: string[] = [];
  for (let r = 0; r < values.length; r++) {
    const v = values[r] ?? NaN;
    if (!Number.isFinite(v)) { codes[r] = -1; continue; }
    let code = index.get(v);
    if (code === undefined) {
      if (keys.length >= maxGroups) return null;
      code = keys.length;
      index.set(v, code);
      keys.push(shortestDecimal(v, decimalComma) ?? '');
    }
    codes[r] = code;
  }
  return { column, codes, keys };
}

/** The group of every row of `table` by the column `name` (its name or header text). */
export function groupKeys(table: Table, name: string, maxGroups = DEFAULT_MAX_GROUPS): Result<GroupKeys> {
  const found = findColumn(table, name);
  if (!found.ok) return found;
  const column = found.value;
  if (column.categories) {
    const { codes, levels } = column.categories;
    return { ok: true, value: { column, codes, keys: levels } };
  }
  if (column.numericCount === 0) {
    return { ok: false, error: { code: 'no-groups', message: `Column ${JSON.stringify(column.name)} has no values to group by; choose a column with a value on every row` } };
  }
  const keyed = numericKeys(column, table.decimalComma, maxGroups);
  if (keyed) return { ok: true, value: keyed };
  return {
    ok: false,
    error: { code: 'too-many-groups', message: `Column ${JSON.stringify(column.name)} has more than ${plural(maxGroups, 'distinct value')}: it looks like a measurement, not a group; choose the column that names the groups` },
  };
}

/**
 * The groups with their row counts, in order of first appearance, counting only rows where
 * `include(r)` holds (all rows by default); groups with no such row are left out.
 */
export function countGroups(keys: GroupKeys, include: (row: number) => boolean = () => true): GroupCount[] {
  const counts = new Float64Array(keys.keys.length);
  const order: number[] = [];
  const { codes } = keys;
  for (let r = 0; r < codes.length; r++) {
    const g = codes[r] ?? -1;
    if (g < 0 || !include(r)) continue;
    if (counts[g] === 0) order.push(g);
    counts[g] = (counts[g] ?? 0) + 1;
  }
  return order.map((g) => ({ key: keys.keys[g] ?? '', rows: counts[g] ?? 0 }));
}

/** Groups of `table` by column `name` with their row counts, in order of first appearance. */
export function listGroups(table: Table, name: string): Result<GroupCount[]> {
  const keyed = groupKeys(table, name);
  return keyed.ok ? { ok: true, value: countGroups(keyed.value) } : keyed;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Natural order for keys: two numbers compare by value (`-1` < `0.25` < `0.5` < `10`); otherwise runs
 * of digits compare as numbers (`A2` < `A10`), letters without regard to case, and ties fall back to
 * plain code-unit order so that the order is total. Numbers come before words.
 */
export function naturalCompare(a: string, b: string): number {
  const x = parseNumber(a);
  const y = parseNumber(b);
  if (x !== undefined && y !== undefined && x !== y) return x < y ? -1 : 1;
  if ((x === undefined) !== (y === undefined)) return x === undefined ? 1 : -1;
  const c = collator.compare(a, b);
  return c !== 0 ? c : a < b ? -1 : a > b ? 1 : 0;
}
