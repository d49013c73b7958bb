/**
 * The fit job's host in Node (the CLI and the programmatic API): worker_threads pools for the
 * float64 passes and the start scoring, the GPU through Dawn (backend.ts), and the checkpoint
 * store and start-search progress the caller brings (the CLI's are files and stderr lines).
 */
import { createNodePool, defaultNodePoolSize } from '../../parallel/node/nodePool';
import { now } from '../../solver/clock';
import type { CandidateTaskInput } from '../../start/candidateTask';
import type { ScoredRange } from '../../start/candidates';
import type { CheckpointStore, ClosablePool, JobHost } from '../host';
import { selectBackend } from './backend';
import { rowWorkers } from './rowWorkers';

export interface NodeHostOptions {
  readonly checkpoints?: CheckpointStore;
  readonly startProgress?: JobHost['startProgress'];
}

/**
 * Start candidates scored on worker threads (in the one-file bundle too: it is its own worker,
 * bundledHost.ts); `requested` sets how many (0 or 1: in this process; null: all cores).
 */
function candidatePool(_candidates: number, requested: number | null): ClosablePool | null {
  // --workers at most the cores (workerCap.ts, issue 27 item 2).
  const size = Math.min(requested ?? defaultNodePoolSize(), defaultNodePoolSize());
  if (size <= 1) return null;
  return createNodePool<CandidateTaskInput, ScoredRange>({ module: new URL('../../start/candidateTask.ts', import.meta.url), bundledName: 'candidateTask', size });
}

export function nodeHost(options: NodeHostOptions = {}): JobHost {
  return { now, rowWorkers, backend: selectBackend, candidatePool, ...options };
}
