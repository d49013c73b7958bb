/**
 * Trust Region Reflective least squares for global fits, whose normal matrix is an arrow
 * (arrow.ts): the one loop (trustRegionLoop.ts; scipy _lsq/trf.py; M. A. Branch, T. F. Coleman
 * and Y. Li, SIAM J. Sci. Comput. 21(1), 1999) over the arrow variant (arrowVariant.ts: the
 * Schur complement instead of an SVD of the whole Jacobian), driven synchronously. It takes the
 * options of trf.ts (resume, checkpoints, the unresolved-step stop, the same progress summary).
 *
 * Layout of x: all free parameters [shared | group 0's locals | …].
 */
import type { ArrowMatrix } from './arrow';
import type { ArrowSupport } from './arrowSupport';
import { ArrowVariant } from './arrowVariant';
import { runSync } from './drivers';
import { resolveTrfOptions, SolverInputError, type TrfOptions } from './options';
import type { Status } from './termination';
import { loopResult } from './loopResult';

/** Residuals of a global fit, linearized into an arrow matrix. */
export interface ArrowEvaluator {
  /** Shared parameters, locals per group, groups. */
  readonly s: number;
  readonly l: number;
  readonly G: number;
  /** Total number of residuals. */
  readonly m: number;
  /** Where each group's coupling B_g may be nonzero (arrowSupport.ts); absent: anywhere. */
  readonly support?: ArrowSupport | null;
  /** ½Σρ(fᵢ²) over every group; non-finite when any residual is. x is the caller's to reuse after the call. */
  cost(x: Float64Array): number;
  /** JᵀJ into M (its blocks overwritten) and Jᵀf into g; returns the cost. */
  linearize(x: Float64Array, M: ArrowMatrix, g: Float64Array): number;
}

export interface ArrowTrfResult {
  readonly x: Float64Array;
  readonly cost: number;
  readonly grad: Float64Array;
  /** JᵀJ at x (for the covariance). */
  readonly normal: ArrowMatrix;
  readonly optimality: number;
  readonly activeMask: Int8Array;
  readonly nfev: number;
  readonly njev: number;
  readonly nit: number;
  readonly status: Status;
  readonly success: boolean;
  readonly message: string;
}

/**
 * trf.ts's options; the callbacks run synchronously (a promise they return is not awaited, and
 * only `false` itself stops the run).
 */
export type ArrowTrfOptions = TrfOptions;

export function arrowTrf(evaluator: ArrowEvaluator, x0In: ArrayLike<number>, options: ArrowTrfOptions = {}): ArrowTrfResult {
  const x0 = Float64Array.from(x0In);
  const opts = resolveTrfOptions(options, x0);
  const { s, l, G, m } = evaluator;
  const n = s + G * l;
  if (n !== x0.length) throw new SolverInputError('shape', `x0 has ${x0.length} entries, expected ${n}.`);
  const variant = new ArrowVariant(s, l, G, m, evaluator.support ?? null);
  const report = Boolean(options.onIteration || options.onState);
  const loopOptions = {
    ...opts,
    resume: options.resume ?? null,
    stopUnresolvedSteps: options.stopUnresolvedSteps ?? false,
    report,
    saveState: Boolean(options.onState),
  };
  // The evaluator gets its own copy of x (the loop reuses its buffers), one buffer for every call:
  // an ODR fit has one entry per row, and an evaluator does not keep x past the call.
  const xCopy = new Float64Array(n);
  const evaluate = ({ kind, x }: { kind: 'cost' | 'linearize'; x: Float64Array }) => {
    xCopy.set(x);
    return kind === 'cost' ? evaluator.cost(xCopy) : evaluator.linearize(xCopy, variant.Mtrial, variant.gTrial);
  };
  const out = runSync(variant, x0, loopOptions, evaluate, (summary, state) => {
    if (options.onState && state) void options.onState(state);
    return options.onIteration?.(summary) === false;
  });
  return {
    ...loopResult(out, opts, variant),
    normal: variant.M,
  };
}
