/**
 * The start search's candidates scored on a worker pool (src/parallel; worker_threads in the CLI):
 * the index range is cut into a few ranges per worker, each scored by candidateTask.ts, and the
 * ranges merged in (cost, index) order, so the search keeps the same candidates as the serial
 * loop and ends with the same result.
 */
import type { TaskStatus } from '../parallel/types';
import { mergeScored, type ScoredRange } from './candidates';
import type { CandidateTaskInput } from './candidateTask';

/** The part of a WorkerPool this needs (src/parallel/pool.ts). */
export interface CandidatePool {
  readonly size: number;
  map(inputs: readonly CandidateTaskInput[]): Promise<TaskStatus<ScoredRange>[]>;
}

/**
 * Candidates below this count are scored in this thread. A worker costs about a second to start
 * (it registers tsx and compiles the model) and a candidate of a small problem 20–70 µs, so the
 * pool pays only for long searches: at 65 536 candidates on this project's loaded 2-core machine
 * it was 2–3× slower than one thread (bench/results/autostart-pool.md).
 */
export const POOL_MIN_CANDIDATES = 131072;

export async function scoreOnPool(pool: CandidatePool, job: Omit<CandidateTaskInput, 'start' | 'end'>, total: number, onRange?: (done: number) => void): Promise<ScoredRange> {
  // A few ranges per worker, so that one slow range does not leave the other workers idle.
  const ranges = Math.max(1, Math.min(total, pool.size * 4));
  const inputs = Array.from({ length: ranges }, (_, r) => ({ ...job, start: Math.floor((r * total) / ranges), end: Math.floor(((r + 1) * total) / ranges) }));
  const statuses = await pool.map(inputs);
  const parts = statuses.map((s, r) => {
    if (!s.ok) throw new Error(`Scoring start candidates ${inputs[r].start}–${inputs[r].end - 1} on a worker failed (${s.error.code}): ${s.error.message}`);
    onRange?.(inputs[r].end);
    return s.value;
  });
  return mergeScored(parts, job.plan.keep);
}
