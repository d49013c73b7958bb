/**
 * The page's "all cores" (issue 12): a large single fit runs its float64 passes on row workers
 * that this fit worker starts (nested dedicated workers), while it runs the solver and waits.
 *
 * - When: the job's rule (src/job/rowWorkerRule.ts) over navigator.hardwareConcurrency, as in
 *   the CLI. On a shared 2-core machine 2 row workers ran a 10⁶-row fit at 0.94–1.15× this
 *   thread's speed and their start cost ~300 ms (bench/results/page-pool.md).
 *   `forceRowWorkers(n)` (a hook for the harness of e2e/page-pool.spec.ts and bench/page-pool.ts,
 *   not on the app's worker API) overrides the rule.
 * - How the rows travel: in a cross-origin-isolated page (COOP/COEP headers) the columns are
 *   shared (SharedArrayBuffer) and a pass sends handles; otherwise each row worker is given a copy
 *   of its own run of rows once per fit and a pass sends only the parameters (fit/parallel/heldRows.ts).
 *   Either way the normal-equation results are the one-thread ones to the last bit.
 * - Life: the workers are kept between fits (a start costs a module load). They are this worker's
 *   children, so terminating this worker (the page's supervisor, client/spawn.ts) ends them too.
 */
import type { CompiledModel } from '../../model/index';
import { heldRowPasses } from '../../fit/parallel/heldRows';
import { rowPasses, type RowPasses, type RowPool } from '../../fit/parallel/rowParallelEvaluator';
import type { RowPassInput, RowPassOutput } from '../../fit/parallel/rowPassTypes';
import { canShareColumns } from '../../fit/parallel/sharedColumns';
import { createWebPool, defaultWebPoolSize } from '../../parallel/web/webPool';
import { rowWorkerCount } from '../rowWorkerRule';

export type RowColumns = 'shared' | 'held';

export interface PageRowWorkers {
  readonly workers: number;
  readonly columns: RowColumns;
  readonly rowPasses: RowPasses;
}

let forced: { workers: number | null; columns: RowColumns | null } = { workers: null, columns: null };

/** Test and bench hook: this many row workers whatever the rows and cores (0: none; null: the
 *  rule), and the held-rows transport even where memory could be shared. */
export function forceRowWorkers(workers: number | null, columns: RowColumns | null = null): void {
  forced = { workers, columns };
}

const makeWorker = () => new Worker(new URL('./rowWorker.ts', import.meta.url), { type: 'module', name: 'fitbench-rows' });

// By count and transport; a page uses one kind all its life (its isolation does not change), the
// forced variants of the tests and bench keep theirs warm side by side.
const kept = new Map<string, RowPool[]>();

function poolsFor(workers: number, columns: RowColumns): RowPool[] {
  const id = `${workers}/${columns}`;
  let pools = kept.get(id);
  if (!pools) {
    // Shared columns: one pool of `workers` (any worker may take any range). Held rows: a pool
    // of one per worker, since each keeps its own rows.
    pools = columns === 'shared' ? [createWebPool<RowPassInput, RowPassOutput>(makeWorker, workers)] : Array.from({ length: workers }, () => createWebPool<RowPassInput, RowPassOutput>(makeWorker, 1));
    pools.forEach((p) => p.warm());
    kept.set(id, pools);
  }
  return pools;
}

export function closeRowWorkers(): void {
  for (const pools of kept.values()) pools.forEach((p) => p.close());
  kept.clear();
}

/** The row workers for a fit of `rows` rows, or null when its passes stay in this thread. */
export function pageRowWorkers(model: CompiledModel, rows: number): PageRowWorkers | null {
  // No navigator outside a browser (the worker's unit tests run it in Node): one core, no row workers.
  const cores = typeof navigator === 'undefined' ? 1 : defaultWebPoolSize();
  const workers = forced.workers ?? rowWorkerCount(rows, null, cores).workers;
  if (workers < 1) return null;
  const columns: RowColumns = forced.columns ?? (canShareColumns() && globalThis.crossOriginIsolated === true ? 'shared' : 'held');
  const pools = poolsFor(workers, columns);
  return { workers, columns, rowPasses: columns === 'shared' ? rowPasses(pools[0], model) : heldRowPasses(pools, model) };
}
