/**
 * When a single fit's float64 passes go to row workers (issue 12, "all cores"), for the page and
 * Node alike: from ROWS_PER_POOL rows on, on a machine of MIN_CORES cores or more, one worker per
 * core, unless the user (--workers) or a test hook says how many. Below 200 000 rows a pass is a
 * few milliseconds and a message round trip per worker would cost more than it saves; on two
 * shared cores the pool was measured no faster than one thread, in Node (bench/results/speed-cpu.md,
 * bench/results/gpu-e2e-h100.md) and in the page (bench/results/page-pool.md).
 */

import { DEFAULT_CHUNK_ROWS } from '../fit/cpuEvaluator';
import { capWorkers, type CappedWorkers } from './workerCap';

/** Rows from which a fit's passes go to row workers by default. */
export const ROWS_PER_POOL = 200_000;
/** Cores from which the row workers are the default. */
export const MIN_CORES = 4;

/**
 * Row workers for `rows` rows on `cores` cores (0: the passes stay in this thread): `requested`
 * (--workers) capped at the cores and at one worker per chunk of the passes (workerCap.ts, issue
 * 27 item 2; `note` says so), else the default, which takes every core but no more workers than
 * the passes have chunks (chunkParts gives each worker whole chunks; the rest would idle).
 */
export function rowWorkerCount(rows: number, requested: number | null, cores: number): CappedWorkers {
  if (requested === null) return { workers: rows >= ROWS_PER_POOL && cores >= MIN_CORES ? Math.min(cores, Math.ceil(rows / DEFAULT_CHUNK_ROWS)) : 0, note: null };
  return capWorkers(requested, cores, { count: rows, per: DEFAULT_CHUNK_ROWS, what: 'row' });
}
