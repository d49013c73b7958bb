/** Plain-data inputs and results of a per-group batch fit (they cross the worker boundary as they are). */
import type { CompiledModel } from '../../model/index';
import type { AbortSignalLike } from '../../solver/evaluator';
import type { Status } from '../../solver/termination';
import type { FitOptions } from '../defaults';
import type { GroupInput } from '../groupInput';
import type { ParameterSpec } from '../parameters';

/** Start values guessed from one group's data (a library model's guess), by parameter name. */
export type GroupGuess = (x: Float64Array, y: Float64Array) => readonly { readonly name: string; readonly value: number }[];

export interface BatchProgress {
  readonly done: number;
  readonly total: number;
  readonly failed: number;
}

export interface BatchInput {
  readonly model: CompiledModel;
  readonly groups: readonly GroupInput[];
  /** One table for every group: start values, bounds, fixed. */
  readonly parameters: readonly ParameterSpec[];
  readonly options?: FitOptions;
  /** Guess each group's start values (free parameters only; the table's bounds stay). */
  readonly guess?: GroupGuess | null;
  readonly signal?: AbortSignalLike;
  /** Called at most every `progressMs` (50 ms) and once at the end. */
  readonly onProgress?: (progress: BatchProgress) => void;
  readonly progressMs?: number;
  /**
   * Per group (same order as `groups`), free-parameter values to start the solver from instead of
   * the start values, or null: the float64 finish of a GPU batch (acceleratedBatch.ts). Rows still
   * report the start values in `start`.
   */
  readonly finishFrom?: readonly (Float64Array | null)[];
  /** Lets the host's event loop run (a worker's macrotask) about every 30 ms, so a cancel gets in. */
  readonly pause?: () => Promise<void>;
}

/** One group's outcome: the result row. Fitted values are NaN where the group could not be fitted. */
export interface GroupFitRow {
  readonly key: string;
  /** Rows fitted (after skipping rows with missing values). */
  readonly rows: number;
  /** Rows skipped because a value was missing or not finite. */
  readonly skippedRows: number;
  readonly success: boolean;
  /** The solver's status (scipy's codes), or −1 when the group could not be fitted at all. */
  readonly status: Status;
  /** Why a group was not fitted ('too-few-rows', 'nonfinite-start', …); null when it was. */
  readonly code: string | null;
  readonly message: string;
  /** Every model parameter, in model order (fixed ones at their value). */
  readonly params: Float64Array;
  /** Standard errors (NaN for fixed parameters, Infinity where the data do not determine them). */
  readonly stderr: Float64Array;
  /** The start values this group's fit began from (model order). */
  readonly start: Float64Array;
  /** ½Σρ(fᵢ²) (scipy's cost). */
  readonly cost: number;
  /** Σ(wᵢrᵢ)². */
  readonly chi2: number;
  readonly redchi2: number;
  readonly r2: number;
  readonly nfev: number;
}

export interface BatchResult {
  /** The model's parameter names (the order of every row's params and stderr). */
  readonly names: readonly string[];
  /** Names of the free parameters. */
  readonly free: readonly string[];
  /** One row per finished group, in input order; fewer than the groups when cancelled. */
  readonly rows: GroupFitRow[];
  readonly cancelled: boolean;
  readonly failed: number;
  readonly nfev: number;
  readonly fitMs: number;
}
