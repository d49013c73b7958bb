/**
 * Inverse prediction (calibration): the x at which a fitted curve f takes an observed response y,
 * and the interval of x values consistent with it. x̂ solves f(x) = ȳ; the interval is the set of x
 * whose prediction interval of a new observation contains ȳ,
 *
 *   { x : |f(x) − ȳ| ≤ t·√(gₓᵀ C gₓ + σ²_ȳ) },
 *
 * the inverted prediction band (Seber & Wild, Nonlinear Regression, Wiley 1989, §5.12; Fieller's
 * construction for a straight line). gₓ = ∂f/∂p at x, C the parameter covariance (the delta method,
 * as the bands of src/stats/bands.ts), σ²_ȳ the variance of the observed mean (s²/k for k
 * replicates of an unweighted fit), t the Student quantile on the fit's degrees of freedom.
 *
 * The roots are bracketed on a grid over the standards' x range and refined by Brent's method
 * (brent.ts). Only the connected piece of the set that holds x̂ is the interval; when the band does
 * not close inside the range, that end is open (null) and the status says so. An ȳ the curve does
 * not reach inside the range, or reaches more than once (the curve is not monotone there), gets a
 * status and no x̂, never a silent value.
 */
import { brent } from './brent';

/** f(x) and the variance of the fitted value, gₓᵀ C gₓ. */
export interface CurvePoint {
  readonly value: number;
  readonly variance: number;
}

export type CurveAt = (x: number) => CurvePoint;

/** 'not-fitted': the unknown's group was not fitted (a group fit), so there is no curve to read. */
export type InverseStatus = 'ok' | 'above-range' | 'below-range' | 'not-monotone' | 'no-interval-bound' | 'not-finite' | 'not-fitted';

export interface InverseEstimate {
  readonly x: number | null;
  readonly lower: number | null;
  readonly upper: number | null;
  readonly status: InverseStatus;
}

const NONE = (status: InverseStatus): InverseEstimate => ({ x: null, lower: null, upper: null, status });

/**
 * x̂ and its inverse-prediction interval for the response `y` on `grid` (ascending x, the
 * standards' range with points between). `noiseVariance`: σ²_ȳ; `t`: the Student quantile.
 */
export function inversePrediction(curve: CurveAt, grid: Float64Array, y: number, noiseVariance: number, t: number): InverseEstimate {
  const n = grid.length;
  if (n < 2 || !Number.isFinite(y)) return NONE('not-finite');
  const values = new Float64Array(n);
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = curve(grid[i]).value;
    if (!Number.isFinite(v)) return NONE('not-finite');
    values[i] = v;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (y > hi) return NONE('above-range');
  if (y < lo) return NONE('below-range');
  // Cells [i, i+1] where f − ȳ changes sign (a grid point exactly on ȳ counts once).
  const d = (i: number) => values[i] - y;
  const cells: number[] = [];
  for (let i = 0; i + 1 < n; i++) {
    const a = d(i);
    const b = d(i + 1);
    if ((a < 0 && b >= 0) || (a > 0 && b <= 0) || (a === 0 && i === 0 && b !== 0)) cells.push(i);
  }
  if (cells.length !== 1) return NONE(cells.length === 0 ? 'not-finite' : 'not-monotone');
  const i0 = cells[0];
  const x = brent((u) => curve(u).value - y, grid[i0], grid[i0 + 1], d(i0), d(i0 + 1));
  if (!Number.isFinite(x)) return NONE('not-finite');
  // Inside the band where outside(u) < 0; the interval's ends are where it turns positive.
  const outside = (u: number) => {
    const p = curve(u);
    return Math.abs(p.value - y) - t * Math.sqrt(Math.max(p.variance, 0) + noiseVariance);
  };
  const end = (step: -1 | 1): number | null => {
    let inner = x;
    let fInner = outside(x);
    if (!(fInner < 0)) return x; // a zero-width band (t = 0, no variance): the interval is x̂ itself
    for (let i = step < 0 ? i0 : i0 + 1; i >= 0 && i < n; i += step) {
      const fi = outside(grid[i]);
      if (fi >= 0) return step < 0 ? brent(outside, grid[i], inner, fi, fInner) : brent(outside, inner, grid[i], fInner, fi);
      inner = grid[i];
      fInner = fi;
    }
    return null;
  };
  const lower = end(-1);
  const upper = end(1);
  return { x, lower, upper, status: lower === null || upper === null ? 'no-interval-bound' : 'ok' };
}
