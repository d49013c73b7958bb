/**
 * The group split: a table, the model's x columns, y, optional sigma and a group column in; one
 * dataset per group out (R's `split` + `complete.cases`, pandas' `groupby` + `dropna`), each
 * structurally a GroupInput (src/fit/groupInput.ts) that the batch and global fits consume.
 *
 * Groups come in order of first appearance among the rows the filters keep (groups that the
 * filters empty are not groups of this fit). Within a group, rows are the file's rows in order;
 * a row the user excluded counts as excluded, a row with an unusable cell in a used column is
 * dropped with its line and reason, by the same checks as the single fit (selectColumns). A group
 * left with no usable row is still returned (rows 0): the engine reports it as failed, with why.
 * Rows whose group cell is empty belong to no group and are counted apart.
 *
 * Two passes over the rows (count, then fill), so a 10⁷-row file with 10⁴ groups costs a few
 * typed arrays and no per-row objects.
 */
import { ALL_ROWS, type RowChoice } from './chooseRows';
import { groupKeys } from './groupKeys';
import { chooseColumns, firstUnusable, unusableReasons, type ChosenColumns, type FitData } from './selectColumns';
import type { Column, Result, RowIssue, Table } from './types';

/** One group's data and what became of its rows. Assignable to GroupInput. */
export interface DataGroup {
  /** The group key as written in the file (or, for a wide file, the y column's header text). */
  readonly key: string;
  /** The usable rows (data.rows, possibly 0), their lines, and the dropped ones with reasons. */
  readonly data: FitData;
  /** Rows of the group the user excluded. */
  readonly excludedCount: number;
  /** Rows of the group the filters left out. */
  readonly filteredCount: number;
}

export interface GroupSplit {
  /** The group column's name, or null for a wide split (one group per y column). */
  readonly column: string | null;
  readonly groups: DataGroup[];
  /** Rows (kept by the filters) whose group cell is empty or unusable: in no group. */
  readonly ungroupedCount: number;
  /** The first of them, with reasons. */
  readonly ungrouped: RowIssue[];
  /** Rows the filters leave out, in all. */
  readonly filteredCount: number;
  /** Rows the user excluded (and the filters keep), in all. */
  readonly excludedCount: number;
}

export interface GroupSelection {
  readonly x: readonly string[];
  readonly y: string;
  readonly sigma?: string | null;
  /** The group column (name or header text). */
  readonly group: string;
  /** Filters and exclusions (chooseRows); all rows when absent. */
  readonly rows?: RowChoice;
  /** Cap on each group's `dropped` list (default 100; `droppedCount` counts all). */
  readonly maxDropped?: number;
}

/** An empty group's or a filled group's FitData, allocated for `n` rows. */
export function allocateGroupData(chosen: ChosenColumns, n: number): FitData {
  const { x, y, sigma } = chosen;
  return {
    names: { x: x.map((c) => c.name), y: y.name, sigma: sigma?.name ?? null },
    vars: x.map(() => new Float64Array(n)),
    varsLo: x.map((c) => (c.lo ? new Float64Array(n) : null)),
    y: new Float64Array(n),
    yLo: y.lo ? new Float64Array(n) : null,
    sigma: sigma ? new Float64Array(n) : null,
    rows: n,
    lines: new Int32Array(n),
    dropped: [],
    droppedCount: 0,
  };
}

/** Writes row r of the table into slot i of a group's arrays. */
export function copyRow(table: Table, chosen: ChosenColumns, d: FitData, r: number, i: number): void {
  const { x } = chosen;
  for (let k = 0; k < x.length; k++) {
    const c = x[k] as Column;
    (d.vars[k] as Float64Array)[i] = c.values[r] ?? NaN;
    const lo = d.varsLo[k];
    if (lo && c.lo) lo[i] = c.lo[r] ?? 0;
  }
  d.y[i] = chosen.y.values[r] ?? NaN;
  if (d.yLo && chosen.y.lo) d.yLo[i] = chosen.y.lo[r] ?? 0;
  if (d.sigma && chosen.sigma) d.sigma[i] = chosen.sigma.values[r] ?? NaN;
  d.lines[i] = table.lines[r] ?? 0;
}

function roleOf(chosen: ChosenColumns, column: Column): string | null {
  if (chosen.x.includes(column)) return 'a variable of the model';
  if (column === chosen.y) return 'y';
  return column === chosen.sigma ? 'sigma' : null;
}

export function splitGroups(table: Table, selection: GroupSelection): Result<GroupSplit> {
  const picked = chooseColumns(table, selection);
  if (!picked.ok) return picked;
  const chosen = picked.value;
  const keyed = groupKeys(table, selection.group);
  if (!keyed.ok) return keyed;
  const { codes, keys, column } = keyed.value;
  const role = roleOf(chosen, column);
  if (role) return { ok: false, error: { code: 'duplicate-column', message: `The group column ${JSON.stringify(column.name)} is also ${role}; group by another column` } };

  const { pass, excluded, filteredCount, excludedCount } = selection.rows ?? ALL_ROWS;
  const maxDropped = selection.maxDropped ?? 100;
  const why = unusableReasons(table, chosen);
  const m = keys.length;
  const slot = new Int32Array(m).fill(-1); // key code → position in `groups`
  const order: number[] = [];
  const usable = new Float64Array(m);
  const filtered = new Float64Array(m);
  const excludedBy = new Float64Array(m);
  const dropped: RowIssue[][] = [];
  const droppedBy: number[] = [];
  const ungrouped: RowIssue[] = [];
  let ungroupedCount = 0;
  const use = new Uint8Array(table.rowCount);
  const groupNotes = new Map(column.notes.map((n) => [n.row, n.reason] as const));

  for (let r = 0; r < table.rowCount; r++) {
    const g = codes[r] ?? -1;
    if (pass && !pass[r]) {
      if (g >= 0) filtered[g] = (filtered[g] ?? 0) + 1;
      continue;
    }
    if (g < 0) {
      ungroupedCount++;
      const reason = `${groupNotes.get(r) ?? 'is empty'}, so the row is in no group`;
      if (ungrouped.length < maxDropped) ungrouped.push({ line: table.lines[r] ?? 0, column: column.name, reason });
      continue;
    }
    if (slot[g] === -1) {
      slot[g] = order.length;
      order.push(g);
      dropped.push([]);
      droppedBy.push(0);
    }
    if (excluded && excluded[r]) { excludedBy[g] = (excludedBy[g] ?? 0) + 1; continue; }
    const bad = firstUnusable(chosen, r);
    if (bad < 0) { use[r] = 1; usable[g] = (usable[g] ?? 0) + 1; continue; }
    const s = slot[g] ?? 0;
    droppedBy[s] = (droppedBy[s] ?? 0) + 1;
    const list = dropped[s] as RowIssue[];
    if (list.length < maxDropped) list.push(why(r, bad));
  }

  const data = order.map((g, s) => ({ ...allocateGroupData(chosen, usable[g] ?? 0), dropped: dropped[s] ?? [], droppedCount: droppedBy[s] ?? 0 }));
  const cursor = new Int32Array(order.length);
  for (let r = 0; r < table.rowCount; r++) {
    if (!use[r]) continue;
    const s = slot[codes[r] ?? 0] ?? 0;
    copyRow(table, chosen, data[s] as FitData, r, cursor[s]++);
  }
  const groups: DataGroup[] = order.map((g, s) => ({
    key: keys[g] ?? '',
    data: data[s] as FitData,
    excludedCount: excludedBy[g] ?? 0,
    filteredCount: filtered[g] ?? 0,
  }));
  return { ok: true, value: { column: column.name, groups, ungroupedCount, ungrouped, filteredCount, excludedCount } };
}
