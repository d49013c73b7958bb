/**
 * What a grouped job needs from where it runs (issue 22), beside the clock: the per-group batch in
 * the host's way (Node: in this process, on worker threads for very large batches, or the GPU batch
 * kernel; the page: in its worker, yielding between groups so that Cancel gets in, with progress),
 * and the global fit's cancel flag and progress. The runner (groupRun.ts) decides nothing about them.
 */
import type { AcceleratedStats } from '../fit/batch/acceleratedBatch';
import type { BatchInput, BatchResult } from '../fit/batch/types';
import type { GlobalInput } from '../fit/global/types';
import type { BackendRequest } from './job';

/** A batch as the host ran it: the rows, the worker threads used, the GPU's share and the notes. */
export interface BatchRun {
  readonly result: BatchResult;
  /** Worker threads used (0: this thread). */
  readonly workers: number;
  /** The device's share of the batch, or null when it all ran on the CPU. */
  readonly accelerated: AcceleratedStats | null;
  readonly notes: readonly string[];
}

/** Which batch: the per-group fit itself, or the per-group fits a global comparison needs. */
export type BatchPhase = 'groups' | 'separate';

export interface BatchRequest {
  readonly backend: BackendRequest;
  /** Worker threads (0: this thread; null: the host's rule). */
  readonly workers: number | null;
  readonly phase: BatchPhase;
}

export interface GroupHost {
  now(): number;
  batch(input: BatchInput, request: BatchRequest): Promise<BatchRun>;
  /** The global fit's cancel flag and iteration progress (`done` after it returns); none: neither. */
  readonly global?: Pick<GlobalInput, 'signal' | 'onIteration'> & { readonly done?: () => void };
}
