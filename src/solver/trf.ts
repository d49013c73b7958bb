/**
 * Trust Region Reflective least squares on an Evaluator: scipy.optimize.least_squares(
 * method='trf', tr_solver='exact'), the one loop (trustRegionLoop.ts) over the dense variant
 * (denseVariant.ts), driven asynchronously because GPU and worker-pool passes resolve later.
 *
 * M. A. Branch, T. F. Coleman and Y. Li, "A subspace, interior, and conjugate gradient method for
 * large-scale bound-constrained minimization problems", SIAM J. Sci. Comput. 21(1), 1999.
 */
import { DenseVariant } from './denseVariant';
import { runAsync } from './drivers';
import type { Evaluator } from './evaluator';
import type { LinearModel } from './linearModel';
import { resolveTrfOptions, type TrfOptions } from './options';
import type { IterationSummary } from './summary';
import type { Status } from './termination';
import { loopResult } from './loopResult';

export { UNRESOLVED_ULPS } from './trustRegionLoop';

export interface TrfResult {
  readonly x: Float64Array;
  readonly cost: number;
  readonly grad: Float64Array;
  /** First-order optimality at x (‖v ⊙ g‖∞ with bounds). */
  readonly optimality: number;
  readonly activeMask: Int8Array;
  readonly nfev: number;
  readonly njev: number;
  readonly nit: number;
  readonly status: Status;
  readonly success: boolean;
  readonly message: string;
  /** The linearization at x (loss-scaled J), for the covariance. */
  readonly linear: LinearModel;
  readonly history: IterationSummary[];
  readonly warnings: string[];
}

export async function trf(evaluator: Evaluator, x0In: ArrayLike<number>, options: TrfOptions = {}): Promise<TrfResult> {
  const x0 = Float64Array.from(x0In);
  const opts = resolveTrfOptions(options, x0);
  const variant = new DenseVariant(x0.length, evaluator.m);
  const history: IterationSummary[] = [];
  const loopOptions = {
    ...opts,
    resume: options.resume ?? null,
    stopUnresolvedSteps: options.stopUnresolvedSteps ?? false,
    report: true,
    saveState: Boolean(options.onState),
  };
  // The evaluator gets its own copy of x: the loop reuses its buffers.
  const evaluate = ({ kind, x }: { kind: 'cost' | 'linearize'; x: Float64Array }) =>
    kind === 'cost' ? evaluator.cost(Float64Array.from(x)) : evaluator.linearize(Float64Array.from(x));
  const out = await runAsync(variant, x0, loopOptions, evaluate, async (summary, state) => {
    history.push(summary);
    if (options.onState && state) await options.onState(state);
    return Boolean(opts.onIteration && (await opts.onIteration(summary)) === false);
  });
  return {
    ...loopResult(out, opts, variant),
    linear: variant.linear,
    history,
    warnings: opts.warnings,
  };
}
