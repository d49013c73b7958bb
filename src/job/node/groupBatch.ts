/**
 * Runs a per-group batch in Node (the command line): in this process, or split
 * into chunks over the worker pool (src/parallel, worker_threads) when there are enough groups to
 * pay for the workers' start (each registers tsx: ~0.5–1 s). Rows come back in input order either way.
 */
import { fitGroups } from '../../fit/batch/fitGroups';
import type { BatchChunkInput } from '../../fit/batch/batchTask';
import type { BatchInput, BatchProgress, BatchResult } from '../../fit/batch/types';
import type { BatchRow } from '../../fit/groupRow';
import { createNodePool, defaultNodePoolSize } from '../../parallel/node/nodePool';
import { now } from '../../solver/clock';
import { capWorkers } from '../workerCap';

/**
 * Below this many groups the batch runs in-process by default: each worker start costs 0.5–1 s
 * (tsx registration; 9 s for two on a loaded 2-core machine, bench/results/batch.md) against
 * ~30–50 µs per small fit in-process, so the pool pays off only for very large batches.
 */
export const POOL_MIN_GROUPS = 50_000;

export interface GroupBatchOutput {
  readonly result: BatchResult;
  /** Workers used (0: in this process). */
  readonly workers: number;
}

/** --workers (`requested`) capped at the cores and the groups (workerCap.ts), else the default; with the line that says a cap. */
export function workersFor(requested: number | null, groups: number, cores = defaultNodePoolSize()): { workers: number; note: string | null } {
  if (requested !== null) return capWorkers(requested, cores, { count: groups, per: 1, what: 'group' });
  return { workers: cores > 1 && groups >= POOL_MIN_GROUPS ? cores : 0, note: null };
}

/** `requested` workers: 0 in-process, null automatic. A guesser (a function) keeps the batch in this process. */
export async function runGroupBatch(input: BatchInput, requested: number | null): Promise<GroupBatchOutput> {
  const { workers, note } = input.guess ? { workers: 0, note: null } : workersFor(requested, input.groups.length);
  if (note) console.error(`fitbench: ${note}`);
  if (workers === 0) return { result: await fitGroups(input), workers: 0 };
  const started = now();
  const G = input.groups.length;
  // A few chunks per worker, so that one slow chunk does not leave the other cores idle.
  const chunks = Math.min(G, workers * 4);
  const inputs: BatchChunkInput[] = Array.from({ length: chunks }, (_, c) => ({
    source: input.model.source,
    columns: input.model.variables,
    groups: input.groups.slice(Math.floor((c * G) / chunks), Math.floor(((c + 1) * G) / chunks)).map((g) => ({
      key: g.key,
      vars: g.data.vars,
      y: g.data.y,
      sigma: g.data.sigma ?? null,
    })),
    parameters: input.parameters,
    options: input.options,
  }));
  const pool = createNodePool<BatchChunkInput, BatchResult, BatchProgress>({ module: new URL('../../fit/batch/batchTask.ts', import.meta.url), bundledName: 'batchTask', size: workers });
  try {
    const statuses = await pool.map(inputs);
    const rows: BatchRow[] = [];
    let nfev = 0;
    let failed = 0;
    let names: readonly string[] = input.model.params;
    let free: readonly string[] = [];
    statuses.forEach((status, c) => {
      if (!status.ok) throw new Error(`Worker chunk ${c + 1} of ${chunks} failed (${status.error.code}): ${status.error.message}`);
      rows.push(...status.value.rows);
      nfev += status.value.nfev;
      failed += status.value.failed;
      names = status.value.names;
      free = status.value.free;
    });
    input.onProgress?.({ done: rows.length, total: G, failed });
    return { result: { names, free, rows, cancelled: false, failed, nfev, fitMs: now() - started }, workers };
  } finally {
    pool.close();
  }
}
