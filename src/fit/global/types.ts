/** Plain-data inputs and results of a global fit (shared and local parameters over groups). */
import type { CompiledModel } from '../../model/index';
import type { AbortSignalLike } from '../../solver/evaluator';
import type { Status } from '../../solver/termination';
import type { GroupGuess } from '../batch/types';
import type { FitOptions } from '../defaults';
import type { GroupInput } from '../groupInput';
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

/** One group's part of a global fit: every model parameter, shared ones with the common value. */
export interface GlobalGroupRow {
  readonly key: string;
  readonly rows: number;
  readonly skippedRows: number;
  /** Whether the group took part (false: it could not, see code and message). */
  readonly included: boolean;
  readonly success: boolean;
  readonly status: Status;
  readonly code: string | null;
  readonly message: string;
  readonly params: Float64Array;
  /** NaN for fixed parameters, Infinity where undetermined. */
  readonly stderr: Float64Array;
  readonly ciLower: Float64Array;
  readonly ciUpper: Float64Array;
  /** ½Σρ over this group's residuals. */
  readonly cost: number;
  /** Σ(wᵢrᵢ)² over this group's rows: its part of the fit's χ² (the RSS R's deviance() reports;
   *  2·cost only for the linear loss). NaN for a group left out. */
  readonly chi2: number;
}

export interface GlobalResult {
  readonly names: readonly string[];
  readonly shared: readonly string[];
  readonly local: readonly string[];
  readonly rows: GlobalGroupRow[];
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
