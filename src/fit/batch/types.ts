/** Plain-data inputs and results of a per-group batch fit (they cross the worker boundary as they are). */
import type { CompiledModel } from '../../model/index';
import type { AbortSignalLike } from '../../solver/evaluator';
import type { FitOptions } from '../defaults';
import type { GroupInput } from '../groupInput';
import type { BatchRow } from '../groupRow';
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

export interface BatchResult {
  /** The model's parameter names (the order of every row's params and stderr). */
  readonly names: readonly string[];
  /** Names of the free parameters. */
  readonly free: readonly string[];
  /** One row per finished group, in input order; fewer than the groups when cancelled. */
  readonly rows: BatchRow[];
  readonly cancelled: boolean;
  readonly failed: number;
  readonly nfev: number;
  readonly fitMs: number;
}
