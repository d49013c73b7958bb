/** The points the user excluded, to draw hollow where they were: rows the filters keep, the user
 *  excluded, and whose plotted x and y are finite numbers (an unusable row has no place to draw). */
import type { RowChoice } from '../data/chooseRows';
import { findColumn } from '../data/findColumn';
import type { Table } from '../data/types';
import type { ExcludedPoints } from './shapes';

/** More than this many excluded points are counted but not drawn (nobody clicks 5000 points). */
export const MAX_DRAWN_EXCLUDED = 5000;

const NONE: ExcludedPoints = { x: new Float64Array(0), y: new Float64Array(0), lines: new Int32Array(0), count: 0 };

/** `mapping`: the x columns (the plotted one is `plotVar`) and y of the selection. */
export function excludedPoints(table: Table, mapping: { readonly x: readonly string[]; readonly y: string }, choice: RowChoice, plotVar: number): ExcludedPoints {
  const { excluded, pass } = choice;
  if (!excluded) return NONE;
  const xName = mapping.x[Math.min(Math.max(0, plotVar), mapping.x.length - 1)];
  const xc = xName === undefined ? null : findColumn(table, xName);
  const yc = findColumn(table, mapping.y);
  if (!xc?.ok || !yc.ok) return NONE;
  const xs: number[] = [];
  const ys: number[] = [];
  const lines: number[] = [];
  let count = 0;
  for (let r = 0; r < table.rowCount; r++) {
    if (!excluded[r] || (pass && !pass[r])) continue;
    const x = xc.value.values[r] ?? NaN;
    const y = yc.value.values[r] ?? NaN;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    count++;
    if (xs.length >= MAX_DRAWN_EXCLUDED) continue;
    xs.push(x);
    ys.push(y);
    lines.push(table.lines[r] ?? 0);
  }
  return { x: Float64Array.from(xs), y: Float64Array.from(ys), lines: Int32Array.from(lines), count };
}
