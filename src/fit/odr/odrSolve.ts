/**
 * One trust-region solve of an ODR problem over [β | δ₀ | δ₁ | …]: the one loop (arrowTrf) over
 * the arrow system of odrEvaluator.ts (or globalOdrEvaluator.ts). Bounds hold on β only; δ is free.
 */
import { arrowTrf, type ArrowEvaluator, type ArrowTrfResult } from '../../solver/arrowTrf';
import { DEFAULTS, defaultMaxNfev, type FitOptions } from '../defaults';
import type { OdrInput } from './types';

export interface OdrSolveSettings {
  readonly lb: Float64Array;
  readonly ub: Float64Array;
  readonly options: FitOptions;
  readonly signal?: OdrInput['signal'];
  readonly onIteration?: OdrInput['onIteration'];
}

/** The solver's outcome as an ODR result reports it. */
export function solverOutcome(r: ArrowTrfResult) {
  return { success: r.success, status: r.status, message: r.message, nfev: r.nfev, njev: r.njev, nit: r.nit };
}

/** An ODR arrow over [β (s) | δ per row (l) × G rows], with u = 1/σ of each observed column per row. */
export type OdrArrow = ArrowEvaluator & { readonly rows: { readonly u: readonly Float64Array[] } };

/** x0 = [β₀ | δ₀] clipped into the bounds of β; returns the solver's result. */
export function solveOdr(evaluator: OdrArrow, x0: Float64Array, settings: OdrSolveSettings): ArrowTrfResult {
  const { s, l, G } = evaluator;
  const n = s + G * l;
  const opts = { ...DEFAULTS, ...settings.options };
  const lb = new Float64Array(n).fill(-Infinity);
  const ub = new Float64Array(n).fill(Infinity);
  lb.set(settings.lb);
  ub.set(settings.ub);
  for (let a = 0; a < s; a++) x0[a] = Math.min(Math.max(x0[a], lb[a]), ub[a]);
  const xs = opts.xScale;
  // A numeric x_scale is the user's for β; δ of column j row i scales with its σ.
  let xScale: 'jac' | Float64Array = 'jac';
  if (xs !== 'jac') {
    xScale = new Float64Array(n);
    for (let a = 0; a < s; a++) xScale[a] = typeof xs === 'number' ? xs : xs[a];
    const u = evaluator.rows.u;
    for (let i = 0; i < G; i++) for (let j = 0; j < l; j++) xScale[s + i * l + j] = 1 / u[j][i];
  }
  const progress = settings.onIteration;
  return arrowTrf(evaluator, x0, {
    lb,
    ub,
    ftol: opts.ftol,
    xtol: opts.xtol,
    gtol: opts.gtol,
    maxNfev: opts.maxNfev ?? defaultMaxNfev(s),
    xScale,
    signal: settings.signal,
    onIteration: progress && ((summary) => progress(summary.iteration, summary.cost, summary.nfev)),
  });
}
