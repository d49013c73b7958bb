/**
 * Selection: the columns a fit uses (x variables, y, optional sigma), compacted to the rows where
 * every chosen cell is usable: finite, and sigma > 0. Every dropped row is accounted for with its
 * physical line, the first offending column and the reason (capped list, full count), using the
 * notes the parser kept on unusable cells (`"abc" is not a number`). In strict mode (the CLI's
 * --strict) the first dropped row is an error instead.
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

/** Why row r of a column is unusable: the parser's note when it kept one, else from the value. */
function reasonFor(column: Column, notes: Map<number, string>, r: number, isSigma: boolean): string {
  const note = notes.get(r);
  if (note !== undefined) return note;
  const v = column.values[r] ?? NaN;
  if (Number.isNaN(v)) return 'is not a number';
  if (!Number.isFinite(v)) return `${v} is not a finite number`;
  return isSigma ? `sigma must be > 0, got ${v}` : 'is not usable';
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

export function selectColumns(table: Table, selection: ColumnSelection): Result<FitData> {
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

  const chosen = sigma ? [...x, y, sigma] : [...x, y];
  const notes = chosen.map((c) => new Map(c.notes.map((n) => [n.row, n.reason] as const)));
  const maxDropped = selection.maxDropped ?? 1000;
  const keep = new Uint8Array(table.rowCount);
  const dropped: RowIssue[] = [];
  let droppedCount = 0;
  let rows = 0;
  for (let r = 0; r < table.rowCount; r++) {
    let bad = -1;
    for (let k = 0; k < chosen.length && bad < 0; k++) {
      const v = chosen[k]?.values[r] ?? NaN;
      if (!Number.isFinite(v) || (chosen[k] === sigma && !(v > 0))) bad = k;
    }
    if (bad < 0) { keep[r] = 1; rows++; continue; }
    droppedCount++;
    if (dropped.length >= maxDropped && !selection.strict) continue;
    const col = chosen[bad] as Column;
    const issue = { line: table.lines[r] ?? 0, column: col.name, reason: reasonFor(col, notes[bad] ?? new Map(), r, col === sigma) };
    if (selection.strict) {
      return fail({ code: 'strict', line: issue.line, message: `${formatIssue(issue)} (strict mode stops at the first unusable row)` });
    }
    dropped.push(issue);
  }
  if (rows === 0) {
    const first = dropped[0];
    const why = first ? `; the first is ${formatIssue(first)}` : '';
    return fail({ code: 'no-usable-rows', message: `No usable rows: all ${table.rowCount} rows were dropped${why}` });
  }

  const pick = (a: Float64Array): Float64Array => {
    if (rows === table.rowCount) return a.slice();
    const out = new Float64Array(rows);
    for (let r = 0, i = 0; r < table.rowCount; r++) if (keep[r]) out[i++] = a[r] ?? NaN;
    return out;
  };
  const lines = new Int32Array(rows);
  for (let r = 0, i = 0; r < table.rowCount; r++) if (keep[r]) lines[i++] = table.lines[r] ?? 0;
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
