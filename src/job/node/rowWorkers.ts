/**
 * Worker threads for the float64 passes of one large fit in Node (issue 12, "all cores"): as many
 * as the rule of ../rowWorkerRule.ts says (or --workers), a worker_threads pool (src/fit/parallel)
 * that the job closes when the fit ends. On two cores the pool was measured slower than this
 * thread on a loaded machine (bench/results/gpu-e2e-h100.md), so there it waits for --workers;
 * bench/results/speed-cpu.md (10⁶ rows, 2 shared cores) found it no better again: 209 vs 148 ms
 * best, 458 vs 397 ms median at load 4–9; 365 vs 395 ms best, 565 vs 533 ms median at load 10–12.
 */
import type { CompiledModel } from '../../model/index';
import { rowPasses, type RowPool } from '../../fit/parallel/rowParallelEvaluator';
import type { RowPassInput, RowPassOutput } from '../../fit/parallel/rowPassTypes';
import { createNodePool, defaultNodePoolSize } from '../../parallel/node/nodePool';
import type { RowWorkers } from '../host';
import { rowWorkerCount } from '../rowWorkerRule';

export type { RowWorkers } from '../host';

export function rowWorkers(model: CompiledModel, rows: number, requested: number | null): RowWorkers {
  const { workers, note } = rowWorkerCount(rows, requested, defaultNodePoolSize());
  if (note) console.error(`fitbench: ${note}`);
  if (workers < 1) return { workers: 0, rowPasses: undefined, close() {} };
  const pool: RowPool = createNodePool<RowPassInput, RowPassOutput>({ module: new URL('../../fit/parallel/rowPassTask.ts', import.meta.url), bundledName: 'rowPassTask', size: workers });
  pool.warm();
  return { workers, rowPasses: rowPasses(pool, model), close: () => pool.close() };
}
