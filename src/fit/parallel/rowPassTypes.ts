/**
 * Plain data of the row-parallel float64 passes (issue 12, "all cores"): what a worker needs to
 * run the compiled model over a range of rows, and the partial sums it sends back. Columns travel
 * as SharedArrayBuffer-backed arrays, so a pass posts only handles and parameters.
 */
import type { Loss } from '../../solver/loss';

/** Everything a worker needs to build the kernels and see the data; fixed for one fit. */
export interface RowPassSetup {
  /** Identifies this set-up in a worker's cache (kernels compiled once per fit, not per pass). */
  readonly key: string;
  /** The model text and the columns it was compiled against (recompiled from the validated AST there). */
  readonly source: string;
  readonly columns: readonly string[];
  /** Indices of the free parameters in the full vector, in solver order. */
  readonly free: readonly number[];
  readonly loss: Loss;
  readonly vars: readonly Float64Array[];
  readonly y: Float64Array;
  readonly w: Float64Array | null;
  /** The serial evaluator's chunk length: partial sums are kept per chunk so their order is its. */
  readonly chunkRows: number;
  /** Rows per dense (QR) block. */
  readonly blockRows: number;
  /** Held rows (a page without shared memory, heldRows.ts): the columns are rows
   *  [firstRow, firstRow + y.length) of `rows`; absent: the columns are all the rows. */
  readonly rows?: number;
  readonly firstRow?: number;
}

/** A set-up a worker already holds, named by its key (held rows: the columns went once). */
export interface RowPassSetupKey {
  readonly key: string;
}

export type RowPass = 'cost' | 'normal' | 'dense' | 'values';

export interface RowPassInput {
  readonly setup: RowPassSetup | RowPassSetupKey;
  readonly pass: RowPass;
  /** The full parameter vector (fixed values in place). */
  readonly p: Float64Array;
  /** Chunks [chunkStart, chunkEnd) of the rows. */
  readonly chunkStart: number;
  readonly chunkEnd: number;
  /** values: the shared array (length m) that receives the model's values at these rows; normal:
   *  the same, written as a by-product of the pass (the statistics' values, fit/gpuFinish.ts). */
  readonly out?: Float64Array;
}

/** When a worker ran a pass: the epoch time it started (ms, performance.timeOrigin-based, so
 *  comparable across threads) and how long it took there. Optional: only the pool's task sets it. */
export interface RowPassTiming {
  readonly startedAt?: number;
  readonly kernelMs?: number;
}

export type RowPassOutput = RowPassTiming & (
  /** cost: Σρ per chunk; normal: the packed accumulator (upper JᵀJ, Jᵀf, Σρ) per chunk, chunk-major. */
  | { readonly pass: 'cost' | 'normal'; readonly partials: Float64Array }
  /** dense: this range's n×n triangle R, Qᵀf and ½Σρ (TSQR: the caller folds the triangles). */
  | { readonly pass: 'dense'; readonly R: Float64Array; readonly qtf: Float64Array; readonly cost: number }
  /** values: written into the input's shared `out`, or, without one, returned for this range's rows. */
  | { readonly pass: 'values'; readonly values?: Float64Array });
