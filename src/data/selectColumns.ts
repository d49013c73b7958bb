/**
 * Selection: the columns a fit uses (x variables, y, optional sigma), compacted to the rows where
 * every chosen cell is usable: finite, and sigma > 0 with a weight 1/σ² that is a positive finite
 * double (σ = 1e300 squares to a weight of 0, which made a fit "converge" at its start with χ² = 0). Every dropped row is accounted for with its
 * physical line, the first offending column and the reason (capped list, full count), using the
 * notes the parser kept on unusable cells (`"abc" is not a number`). In strict mode (the CLI's
 * --strict) the first dropped row is an error instead. Rows marked in `skip` (filtered out or
 * excluded by the user) are not part of the fit at all: neither checked nor counted as dropped.
 * The per-row checks are shared with the group split (splitGroups), which applies them per group.
 */
import { findColumn } from './findColumn';
import { formatIssue } from './formatIssue';
import type { Column, DataError, Result, RowIssue, Table } from './types';

export interface ColumnSelection {
  x: readonly string[];
  y: string;
  sigma?: string | null;
  /** Turn the first dropped row into an error (default false). */
  strict?: boolean;
  /** Cap on `FitData.dropped` (default 1000; `droppedCount` counts all). */
  maxDropped?: number;
  /** skip[r] ≠ 0: row r is left out of the fit (a row filter or an exclusion); null: none. */
  skip?: Uint8Array | null;
  /**
   * When every row is kept, hand out the table's own arrays instead of copies (default false). For a
   * caller that neither mutates nor transfers them (the CLI): 10⁷ rows then are held once, not twice.
   */
  share?: boolean;
}

export interface FitData {
  names: { x: string[]; y: string; sigma: string | null };
  /** One array per x variable, in the order asked for. */
  vars: Float64Array[];
  /** Decimal residuals of vars (see Column.lo); null where the table has none. */
  varsLo: (Float64Array | null)[];
  y: Float64Array;
  yLo: Float64Array | null;
  sigma: Float64Array | null;
  rows: number;
  /** Physical line of each kept row. */
  lines: Int32Array;
  dropped: RowIssue[];
  droppedCount: number;
}

const fail = (error: DataError): { ok: false; error: DataError } => ({ ok: false, error });

/** The columns of a selection, looked up by name or header text. */
export interface ChosenColumns {
  readonly x: Column[];
  readonly y: Column;
  readonly sigma: Column | null;
  /** x, y and sigma in one list (the order the checks run in). */
  readonly all: Column[];
}

/** Why row r of a column is unusable: the parser's note when it kept one, else from the value. */
function reasonFor(column: Column, notes: Map<number, string>, r: number, isSigma: boolean): string {
  return cellReason(column.values[r] ?? NaN, notes.get(r), isSigma);
}

/** Why a cell of value `v` is unusable: the parser's `note` when it kept one, else from the value
 *  (shared with the streamed tables' selection, src/job/browser/streamedColumns.ts). */
export function cellReason(v: number, note: string | undefined, isSigma: boolean): string {
  if (note !== undefined) return note;
  if (Number.isNaN(v)) return 'is not a number';
  if (!Number.isFinite(v)) return `${v} is not a finite number`;
  if (!isSigma) return 'is not usable';
  if (!(v > 0)) return `sigma must be > 0, got ${v}`;
  return v > 1
    ? `sigma ${v} is too large: its weight 1/σ² underflows to 0; rescale sigma and y`
    : `sigma ${v} is too small: its weight 1/σ² overflows; rescale sigma and y`;
}

/** σ > 0 whose weight 1/σ² is a positive finite double. */
export function usableSigma(v: number): boolean {
  const w = 1 / v;
  const w2 = w * w;
  return v > 0 && w2 > 0 && w2 < Infinity;
}

function checkDistinct(x: readonly Column[], y: Column, sigma: Column | null): DataError | null {
  const seen = new Set<Column>();
  for (const c of x) {
    if (seen.has(c)) return { code: 'duplicate-column', message: `Column "${c.name}" is listed twice as x; list each x column once` };
    seen.add(c);
  }
  if (seen.has(y)) return { code: 'duplicate-column', message: `Column "${y.name}" is chosen as both x and y; choose a different y column` };
  if (sigma && (seen.has(sigma) || sigma === y)) {
    return { code: 'duplicate-column', message: `Column "${sigma.name}" is chosen as sigma and as ${sigma === y ? 'y' : 'x'}; choose a separate sigma column` };
  }
  return null;
}

/** Looks the selection's columns up and checks that no column plays two roles. */
export function chooseColumns(table: Table, selection: Pick<ColumnSelection, 'x' | 'y' | 'sigma'>): Result<ChosenColumns> {
  if (selection.x.length === 0) return fail({ code: 'no-x', message: 'Choose at least one x column' });
  const x: Column[] = [];
  for (const name of selection.x) {
    const found = findColumn(table, name);
    if (!found.ok) return found;
    x.push(found.value);
  }
  const yFound = findColumn(table, selection.y);
  if (!yFound.ok) return yFound;
  const y = yFound.value;
  let sigma: Column | null = null;
  if (selection.sigma != null && selection.sigma !== '') {
    const found = findColumn(table, selection.sigma);
    if (!found.ok) return found;
    sigma = found.value;
  }
  const distinct = checkDistinct(x, y, sigma);
  if (distinct) return fail(distinct);
  return { ok: true, value: { x, y, sigma, all: sigma ? [...x, y, sigma] : [...x, y] } };
}

/** Index into `chosen.all` of the first unusable cell of row r (non-finite, or sigma ≤ 0), or -1. */
export function firstUnusable(chosen: ChosenColumns, r: number): number {
  const { all, sigma } = chosen;
  for (let k = 0; k < all.length; k++) {
    const c = all[k] as Column;
    const v = c.values[r] ?? NaN;
    if (!Number.isFinite(v) || (c === sigma && !usableSigma(v))) return k;
  }
  return -1;
}

/** Says why rows are unusable; builds each column's note index once, on the first question. */
export function unusableReasons(table: Table, chosen: ChosenColumns): (r: number, bad: number) => RowIssue {
  const notes: (Map<number, string> | undefined)[] = [];
  return (r, bad) => {
    const col = chosen.all[bad] as Column;
    const index = (notes[bad] ??= new Map(col.notes.map((n) => [n.row, n.reason] as const)));
    return { line: table.lines[r] ?? 0, column: col.name, reason: reasonFor(col, index, r, col === chosen.sigma) };
  };
}

/** The entries of `a` at the rows where keep[r] ≠ 0 (`count` of them). */
export function gatherRows(a: Float64Array, keep: Uint8Array, count: number, share = false): Float64Array {
  if (count === a.length) return share ? a : a.slice();
  const out = new Float64Array(count);
  for (let r = 0, i = 0; r < keep.length; r++) if (keep[r]) out[i++] = a[r] ?? NaN;
  return out;
}

export function selectColumns(table: Table, selection: ColumnSelection): Result<FitData> {
  const picked = chooseColumns(table, selection);
  if (!picked.ok) return picked;
  const chosen = picked.value;
  const { x, y, sigma } = chosen;
  const skip = selection.skip ?? null;
  const why = unusableReasons(table, chosen);
  const maxDropped = selection.maxDropped ?? 1000;
  const keep = new Uint8Array(table.rowCount);
  const dropped: RowIssue[] = [];
  let droppedCount = 0;
  let rows = 0;
  let candidates = 0;
  for (let r = 0; r < table.rowCount; r++) {
    if (skip && skip[r]) continue;
    candidates++;
    const bad = firstUnusable(chosen, r);
    if (bad < 0) { keep[r] = 1; rows++; continue; }
    droppedCount++;
    if (dropped.length >= maxDropped && !selection.strict) continue;
    const issue = why(r, bad);
    if (selection.strict) {
      return fail({ code: 'strict', line: issue.line, message: `${formatIssue(issue)} (strict mode stops at the first unusable row)` });
    }
    dropped.push(issue);
  }
  if (rows === 0) {
    const first = dropped[0];
    const reason = first ? `; the first is ${formatIssue(first)}` : '';
    const left = candidates === table.rowCount ? `all ${table.rowCount} rows were dropped${reason}` : candidates === 0 ? `the filters and exclusions leave none of the ${table.rowCount} rows` : `all ${candidates} rows left by the filters and exclusions were dropped${reason}`;
    return fail({ code: 'no-usable-rows', message: `No usable rows: ${left}` });
  }

  const share = selection.share === true;
  const pick = (a: Float64Array): Float64Array => gatherRows(a, keep, rows, share);
  let lines = table.lines;
  if (!share || rows !== table.rowCount) {
    lines = new Int32Array(rows);
    for (let r = 0, i = 0; r < table.rowCount; r++) if (keep[r]) lines[i++] = table.lines[r] ?? 0;
  }
  return {
    ok: true,
    value: {
      names: { x: x.map((c) => c.name), y: y.name, sigma: sigma?.name ?? null },
      vars: x.map((c) => pick(c.values)),
      varsLo: x.map((c) => (c.lo ? pick(c.lo) : null)),
      y: pick(y.values),
      yLo: y.lo ? pick(y.lo) : null,
      sigma: sigma ? pick(sigma.values) : null,
      rows,
      lines,
      dropped,
      droppedCount,
    },
  };
}
