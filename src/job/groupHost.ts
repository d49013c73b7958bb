/**
 * What a grouped job needs from where it runs (issue 22), beside the clock: the per-group batch in
 * the host's way (Node: in this process, on worker threads for very large batches, or the GPU batch
 * kernel; the page: in its worker, yielding between groups so that Cancel gets in, with progress),
 * and the global fit's cancel flag and progress. The runner (groupRun.ts) decides nothing about them.
 */
import type { AcceleratedStats } from '../fit/batch/acceleratedBatch';
import type { BatchInput, BatchProgress, BatchResult } from '../fit/batch/types';
import type { GlobalInput } from '../fit/global/types';
import type { JobHost } from './host';
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
  /** After each group of a per-group fit the runner loops over itself (an ODE model, errors in x:
   *  steps/odeGroups.ts, odrGroups.ts): the progress, and a pause in which a Cancel can arrive. */
  readonly between?: (p: BatchProgress, phase: BatchPhase) => Promise<void>;
}

/** The sequential loops' host: the clock, the cancel flag and what runs after each group (`phase`: which batch). */
export interface LoopHost extends Pick<JobHost, 'now' | 'signal'> {
  readonly between?: (p: BatchProgress) => Promise<void>;
}

/** The loop host of `host` for the batch `phase`. */
export const loopHost = (host: GroupHost, phase: BatchPhase): LoopHost => {
  const between = host.between;
  return { now: () => host.now(), signal: host.global?.signal, ...(between ? { between: (p: BatchProgress) => between(p, phase) } : {}) };
};
