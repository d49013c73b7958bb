/**
 * Wide files: several y columns sharing the x columns (a plate reader's 96 wells as 96 columns)
 * become one dataset per y column, keyed by the column's header text as written (`A1`), the wide
 * form of what splitGroups does for long files (R's `pivot_longer` then `split`). Each y column
 * keeps its own usable rows: an empty cell in well A3 drops that row from A3 only.
 */
import { ALL_ROWS, type RowChoice } from './chooseRows';
import { findColumn } from './findColumn';
import { chooseColumns, firstUnusable, unusableReasons, type FitData } from './selectColumns';
import { allocateGroupData, copyRow, type DataGroup, type GroupSplit } from './splitGroups';
import type { Result, RowIssue, Table } from './types';

export interface WideSelection {
  readonly x: readonly string[];
  /** The y columns (names or header texts), one group each, in this order. */
  readonly ys: readonly string[];
  /** One sigma column shared by every y column, or none. */
  readonly sigma?: string | null;
  readonly rows?: RowChoice;
  /** Cap on each group's `dropped` list (default 100; `droppedCount` counts all). */
  readonly maxDropped?: number;
}

/** The columns that are neither x nor sigma: the default y columns of a wide fit. */
export function remainingColumns(table: Table, used: readonly string[]): string[] {
  const taken = new Set(used.map((u) => findColumn(table, u)).flatMap((f) => (f.ok ? [f.value] : [])));
  return table.columns.filter((c) => !taken.has(c)).map((c) => c.name);
}

/** The y columns a wide fit takes by default: the numeric columns that are not `used` (the x
 *  columns, sigma). Text columns hold labels, never readings; "NaN" cells count as numbers, so a
 *  well the reader could not read stays in the list and fails in its own row. */
export function wideYColumns(table: Table, used: readonly string[]): string[] {
  const numeric = new Set(table.columns.filter((c) => !c.categories && c.numericCount > 0).map((c) => c.name));
  return remainingColumns(table, used).filter((n) => numeric.has(n));
}

export function splitWide(table: Table, selection: WideSelection): Result<GroupSplit> {
  if (selection.ys.length === 0) return { ok: false, error: { code: 'unknown-column', message: 'Choose at least one y column' } };
  const { pass, excluded, filteredCount, excludedCount } = selection.rows ?? ALL_ROWS;
  const maxDropped = selection.maxDropped ?? 100;
  const seenKeys = new Set<string>();
  const groups: DataGroup[] = [];
  for (const y of selection.ys) {
    const picked = chooseColumns(table, { x: selection.x, y, sigma: selection.sigma });
    if (!picked.ok) return picked;
    const chosen = picked.value;
    if (groups.some((g) => g.data.names.y === chosen.y.name)) {
      return { ok: false, error: { code: 'duplicate-column', message: `Column ${JSON.stringify(chosen.y.name)} is listed twice as y; list each y column once` } };
    }
    const why = unusableReasons(table, chosen);
    const use = new Uint8Array(table.rowCount);
    const dropped: RowIssue[] = [];
    let droppedCount = 0;
    let n = 0;
    for (let r = 0; r < table.rowCount; r++) {
      if ((pass && !pass[r]) || (excluded && excluded[r])) continue;
      const bad = firstUnusable(chosen, r);
      if (bad < 0) { use[r] = 1; n++; continue; }
      droppedCount++;
      if (dropped.length < maxDropped) dropped.push(why(r, bad));
    }
    const data: FitData = { ...allocateGroupData(chosen, n), dropped, droppedCount };
    for (let r = 0, i = 0; r < table.rowCount; r++) if (use[r]) copyRow(table, chosen, data, r, i++);
    // The header text names the group; two columns with the same text fall back to their names.
    const key = seenKeys.has(chosen.y.label) ? chosen.y.name : chosen.y.label;
    seenKeys.add(key);
    groups.push({ key, data, excludedCount, filteredCount });
  }
  return { ok: true, value: { column: null, groups, ungroupedCount: 0, ungrouped: [], filteredCount, excludedCount } };
}
