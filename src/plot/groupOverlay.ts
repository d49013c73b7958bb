/**
 * The groups drawn on the plot after a per-group or global fit (issue 9): each group's points
 * against the plotted variable and its fitted curve, the model's other variables held at the one
 * value each holds in the group.
 */
import type { CompiledModel } from '../model';
import type { FitData } from '../data/selectColumns';
import type { GroupOverlay } from './shapes';
import { constantValue, gridColumns } from './gridVars';

const CURVE_POINTS = 200;

/** The plotted column's index among the model's variables (`plotVar` indexes the mapping's x
 *  columns, which may hold columns the model does not use); the first variable when the model
 *  does not use the plotted column. */
export function plottedVariable(m: CompiledModel, x: readonly string[], plotVar: number): number {
  const i = m.variables.indexOf(x[plotVar] ?? '');
  return i >= 0 ? i : 0;
}

/** One group in the overlay: its points against the plotted variable and, when `withCurve`, its
 *  fitted curve (curveOf). */
export function overlayOf(m: CompiledModel, key: string, data: Pick<FitData, 'vars' | 'y' | 'rows'>, params: Float64Array, xIndex: number, withCurve: boolean): GroupOverlay {
  const x = data.vars[xIndex] ?? new Float64Array(data.rows);
  return { key, x: Float64Array.from(x), y: Float64Array.from(data.y), curve: withCurve ? curveOf(m, params, data.vars, xIndex) : null };
}

/**
 * The fitted curve over the group's range of the plotted variable, the model's other variables
 * held at the one value each holds in the group (a dose per subject, as the main plot draws it:
 * gridVars.ts). None when another variable varies within the group or the fit failed.
 */
export function curveOf(m: CompiledModel, params: Float64Array, vars: readonly Float64Array[], xIndex: number): { x: Float64Array; y: Float64Array } | null {
  const x = vars[xIndex];
  if (!x || !params.every(Number.isFinite) || x.length === 0) return null;
  const held: (number | null)[] = [];
  for (let j = 0; j < m.variables.length; j++) {
    const value = j === xIndex ? null : constantValue(vars[j] ?? new Float64Array(0));
    if (j !== xIndex && value === null) return null;
    held.push(value);
  }
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of x) if (Number.isFinite(v)) (lo = Math.min(lo, v)), (hi = Math.max(hi, v));
  if (!(hi >= lo)) return null;
  // Over decades (a dose series) the points are spaced evenly in log x, so that the curve is
  // smooth where the doses are dense, on a log axis as on a linear one.
  const geometric = lo > 0 && hi / lo >= 100;
  const gx = Float64Array.from({ length: CURVE_POINTS }, (_, i) => (geometric ? lo * (hi / lo) ** (i / (CURVE_POINTS - 1)) : lo + ((hi - lo) * i) / (CURVE_POINTS - 1)));
  const gy = new Float64Array(CURVE_POINTS);
  m.kernels().evaluate(params, gridColumns(held, gx), gy, 0, CURVE_POINTS);
  return { x: gx, y: gy };
}
