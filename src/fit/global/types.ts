/** Plain-data inputs and results of a global fit (shared and local parameters over groups). */
import type { CompiledModel } from '../../model/index';
import type { AbortSignalLike } from '../../solver/evaluator';
import type { Status } from '../../solver/termination';
import type { GroupGuess } from '../batch/types';
import type { FitOptions } from '../defaults';
import type { GroupInput } from '../groupInput';
import type { GlobalRow } from '../groupRow';
import type { ParameterSpec } from '../parameters';

export interface GlobalInput {
  readonly model: CompiledModel;
  readonly groups: readonly GroupInput[];
  /** One table for every group: start values, bounds, fixed. */
  readonly parameters: readonly ParameterSpec[];
  /** Parameters with one value for all groups; every other free parameter is local (one per group). */
  readonly shared: readonly string[];
  readonly options?: FitOptions;
  /** Start values from each group's data (locals per group; shared: the median over groups). */
  readonly guess?: GroupGuess | null;
  readonly signal?: AbortSignalLike;
  readonly onIteration?: (iteration: number, cost: number, nfev: number) => void;
}

export interface GlobalResult {
  readonly names: readonly string[];
  readonly shared: readonly string[];
  readonly local: readonly string[];
  /** One row per group in input order: every model parameter, shared ones at the common value. */
  readonly rows: GlobalRow[];
  readonly success: boolean;
  readonly status: Status;
  readonly message: string;
  /** ½Σρ over every included group. */
  readonly cost: number;
  /** Σ(wᵢrᵢ)² over every included group. */
  readonly chi2: number;
  /** Residuals and free parameters of the joint fit (s + G·l). */
  readonly points: number;
  readonly freeParameters: number;
  readonly nfev: number;
  readonly njev: number;
  readonly nit: number;
  readonly confidenceLevel: number;
  readonly tValue: number;
  /** Covariance of the shared parameters (s×s), scaled as curve_fit scales it. */
  readonly sharedCovariance: Float64Array;
  readonly warnings: string[];
  readonly fitMs: number;
}
