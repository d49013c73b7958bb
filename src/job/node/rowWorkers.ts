/**
 * Worker threads for the float64 passes of one large fit (issue 12, "all cores"): from
 * ROWS_PER_POOL rows on, on a machine of at least MIN_CORES cores (or as --workers says), the CLI
 * fits with its passes spread over a worker_threads pool (src/fit/parallel), and closes the pool
 * when the fit ends. Below that many rows a pass is a few milliseconds and a message round trip
 * per worker would cost more than it saves. On two cores the pool was measured slower than this
 * thread on a loaded machine (bench/results/gpu-e2e-h100.md), so there it waits for --workers;
 * bench/results/speed-cpu.md (10⁶ rows, 2 shared cores) found it no better again: 209 vs 148 ms
 * best, 458 vs 397 ms median at load 4–9; 365 vs 395 ms best, 565 vs 533 ms median at load 10–12.
 */
import type { CompiledModel } from '../model/index';
import { rowPasses, type RowPasses, type RowPool } from '../fit/parallel/rowParallelEvaluator';
import type { RowPassInput, RowPassOutput } from '../fit/parallel/rowPassTypes';
import { createNodePool, defaultNodePoolSize } from '../parallel/node/nodePool';

/** Rows from which a fit's passes go to worker threads by default. */
export const ROWS_PER_POOL = 200_000;
/** Cores from which the pool is the default. */
export const MIN_CORES = 4;

export interface RowWorkers {
  /** Worker threads in use (0: the passes run in this thread). */
  readonly workers: number;
  /** curveFit's rowPasses, or undefined when the passes stay here. */
  readonly rowPasses: RowPasses | undefined;
  close(): void;
}

export function rowWorkers(model: CompiledModel, rows: number, requested: number | null): RowWorkers {
  const cores = defaultNodePoolSize();
  const workers = requested ?? (rows >= ROWS_PER_POOL && cores >= MIN_CORES ? cores : 0);
  if (workers < 1) return { workers: 0, rowPasses: undefined, close() {} };
  const pool: RowPool = createNodePool<RowPassInput, RowPassOutput>({ module: new URL('../fit/parallel/rowPassTask.ts', import.meta.url), bundledName: 'rowPassTask', size: workers });
  pool.warm();
  return { workers, rowPasses: rowPasses(pool, model), close: () => pool.close() };
}
