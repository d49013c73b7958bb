/**
 * When a single fit's float64 passes go to row workers (issue 12, "all cores"), for the page and
 * Node alike: from ROWS_PER_POOL rows on, on a machine of MIN_CORES cores or more, one worker per
 * core, unless the user (--workers) or a test hook says how many. Below 200 000 rows a pass is a
 * few milliseconds and a message round trip per worker would cost more than it saves; on two
 * shared cores the pool was measured no faster than one thread, in Node (bench/results/speed-cpu.md,
 * bench/results/gpu-e2e-h100.md) and in the page (bench/results/page-pool.md).
 */

/** Rows from which a fit's passes go to row workers by default. */
export const ROWS_PER_POOL = 200_000;
/** Cores from which the row workers are the default. */
export const MIN_CORES = 4;

/** Row workers for `rows` rows on `cores` cores (0: the passes stay in this thread). */
export function rowWorkerCount(rows: number, cores: number, requested: number | null): number {
  return requested ?? (rows >= ROWS_PER_POOL && cores >= MIN_CORES ? cores : 0);
}
