/**
 * The evaluator interface between the TRF loop and whatever computes residuals: the float64 CPU
 * kernels, the WebGPU kernels, or plain functions in tests. x ∈ ℝⁿ are the free parameters,
 * f ∈ ℝᵐ the (weighted) residuals; the robust loss is applied inside the evaluator, so `cost`
 * is ½Σρ(fᵢ²) and `linearize` returns J and f of the loss-scaled problem (scipy's
 * scale_for_robust_loss_function), in compact form.
 *
 * Methods may return promises (the GPU reads results back asynchronously).
 */
import type { LinearModel } from './linearModel';

export interface Evaluator {
  /** Number of residuals. */
  readonly m: number;
  /** Number of free parameters. */
  readonly n: number;
  /** Which backend and linearization this evaluator runs, for the result's record. */
  readonly label: string;
  /** ½Σρ(fᵢ(x)²); NaN or ±Infinity when any residual is not finite. */
  cost(x: Float64Array): number | Promise<number>;
  /** The linear model (J, f) at x; its `cost` is the cost at x. */
  linearize(x: Float64Array): LinearModel | Promise<LinearModel>;
  /**
   * Optional: a linearization at x in one pass that also writes the model's value at every row
   * into `values` (length m), for the reported statistics (fit/gpuFinish.ts). Only float64
   * evaluators that can write every row offer it.
   */
  linearizeWithValues?(x: Float64Array, values: Float64Array): LinearModel | Promise<LinearModel>;
}

/** Structural AbortSignal, so that the pure core needs neither the DOM nor Node typings. */
export interface AbortSignalLike {
  readonly aborted: boolean;
}

/**
 * An evaluator that can no longer run (a lost GPU device, an out-of-memory or validation error)
 * throws this. The fit then continues on the CPU from the last accepted iterate; nothing is lost.
 */
export class EvaluatorLostError extends Error {
  constructor(
    readonly reason: 'device-lost' | 'out-of-memory' | 'validation' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'EvaluatorLostError';
  }
}
