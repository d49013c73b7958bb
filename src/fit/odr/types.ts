/** Plain-data inputs and results of an errors-in-variables fit (fit/odr). */
import type { CompiledModel } from '../../model/index';
import type { AbortSignalLike } from '../../solver/evaluator';
import type { Status } from '../../solver/termination';
import type { FitOptions } from '../defaults';
import type { ParameterSpec } from '../parameters';

export interface OdrInput {
  /** y = f(x; β) (explicit), or g(x; β) = 0 from model/equation.ts (implicit: `implicit: true`). */
  readonly model: CompiledModel;
  readonly implicit?: boolean;
  /** One column per model variable (model order). */
  readonly vars: readonly Float64Array[];
  /** The observed response (explicit only; ignored for an implicit model). */
  readonly y?: Float64Array | null;
  /** σ of y per row (explicit; null: 1). */
  readonly sigmaY?: Float64Array | null;
  /** σ of each variable's column per row (model order); null: the column is exact (explicit) or
   *  has unit weights (implicit, where every column is observed). */
  readonly sigmaX: readonly (Float64Array | null)[];
  /** Each row's line in the file, for messages (rowName.ts). */
  readonly lines?: ArrayLike<number> | null;
  readonly parameters: readonly ParameterSpec[];
  /** The ordinary fit (x errors ignored) already run by the caller, e.g. after a start search:
   *  its parameters (every model parameter) and ½χ². Absent: odrFit runs it (explicit models). */
  readonly ordinary?: { readonly cost: number; readonly beta: ArrayLike<number> } | null;
  readonly options?: FitOptions;
  readonly signal?: AbortSignalLike;
  readonly onIteration?: (iteration: number, cost: number, nfev: number) => void;
}

export interface OdrResult {
  readonly kind: 'explicit' | 'implicit';
  /** Every model parameter, and which are free (the order of covBeta). */
  readonly names: readonly string[];
  readonly free: readonly string[];
  readonly beta: Float64Array;
  /** ODRPACK's sd_beta: √diag(cov_beta·res_var) (res_var = 1 with absolute sigma); NaN for fixed. */
  readonly sdBeta: Float64Array;
  /** ODRPACK's cov_beta: the β block of (JᵀJ)⁻¹ over β and every δ, unscaled (free×free). */
  readonly covBeta: Float64Array;
  /** sum_square/(n − p), ODRPACK's res_var. */
  readonly resVar: number;
  /** Σ(δ/σx)² + Σ(ε/σy)²; cost is half of it. */
  readonly sumSquares: number;
  readonly sumSquaresDelta: number;
  readonly sumSquaresEps: number;
  readonly cost: number;
  /** The observed columns (those with a δ), and δ per row: delta[i·l + j] for column observed[j]. */
  readonly observed: readonly string[];
  readonly delta: Float64Array;
  /** ε = f(x + δ; β) − y per row (explicit; empty for implicit). */
  readonly eps: Float64Array;
  readonly rows: number;
  /** Per free β: −1 at its lower bound, 1 at its upper, 0 inside (the solver's active mask). */
  readonly atBound: Int8Array;
  readonly success: boolean;
  readonly status: Status;
  readonly message: string;
  readonly nfev: number;
  readonly njev: number;
  readonly nit: number;
  /** Implicit: the augmented-Lagrangian rounds, and the largest |g| left in σ units. */
  readonly rounds?: number;
  readonly constraintViolation?: number;
  /** The ordinary fit the explicit fit started from (ignoring the x errors), where it ran. */
  readonly startFit?: { readonly cost: number; readonly beta: Float64Array } | null;
  readonly warnings: string[];
  readonly fitMs: number;
}
