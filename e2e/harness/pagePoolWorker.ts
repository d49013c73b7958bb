/**
 * The page-pool harness worker (e2e/page-pool.spec.ts, bench/page-pool.ts): a dedicated worker
 * that fits as the page's fit worker does (job/browser/backend.ts with the CPU requested, and
 * job/browser/rowWorkers.ts for the row workers, nested workers started from here), once in this
 * thread and once on the row workers, and answers with what each fit reached and its wall time.
 */
import { curveFit } from '../../src/fit/curveFit';
import type { Method } from '../../src/fit/defaults';
import { chooseFitBackend } from '../../src/job/browser/backend';
import { forceRowWorkers, pageRowWorkers, type RowColumns } from '../../src/job/browser/rowWorkers';
import { standardProblem } from './standardModels';

export interface PagePoolRequest {
  readonly rows: number;
  readonly seed: number;
  readonly method: Method;
  /** 0: one thread; null: the page's rule. */
  readonly workers: number | null;
  readonly columns: RowColumns | null;
  /** Set the cancel flag this many ms after the fit starts, or after the iteration
   *  cancelFromIteration reports (null: let it run). */
  readonly cancelAfterMs: number | null;
  /** Count cancelAfterMs from this solver iteration rather than from the start, so that the flag
   *  falls inside the fit however fast the machine is (a timer from the start raced the fit's end). */
  readonly cancelFromIteration?: number;
  /** Start values other than the model's standard ones. */
  readonly start?: Record<string, number>;
}

export interface PagePoolRun {
  readonly crossOriginIsolated: boolean;
  readonly rowWorkers: { workers: number; columns: RowColumns } | null;
  readonly parameters: number[];
  readonly stderr: number[];
  readonly cost: number;
  readonly nfev: number;
  readonly wallMs: number;
  /** The solver phases' own time (ms), the rest of wallMs being set-up and statistics. */
  readonly solverMs: number;
  /** A cancelled fit: ms from the flag being set to the fit giving up (an error inside a pass,
   *  or the solver's status −2 between iterations), and its message. */
  readonly cancel: { afterMs: number; error: string } | null;
}

const problems = new Map<string, ReturnType<typeof standardProblem>>();

async function fitOnce(request: PagePoolRequest): Promise<PagePoolRun> {
  const id = `${request.rows}/${request.seed}`;
  const problem = problems.get(id) ?? standardProblem('gaussian', request.rows, request.seed);
  problems.set(id, problem);
  const { model, data } = problem;
  const parameters = problem.parameters.map((p) => ({ ...p, value: request.start?.[p.name] ?? p.value }));
  forceRowWorkers(request.workers, request.columns);
  const rows = pageRowWorkers(model, data.y.length);
  const flag = { aborted: false };
  const backend = await chooseFitBackend(data.y.length, 'cpu', { model, method: request.method, signal: flag, onChunk: () => undefined, rowPasses: rows?.rowPasses });
  const t0 = performance.now();
  let cancelledAt = NaN;
  const armCancel = (delayMs: number) =>
    setTimeout(() => {
      flag.aborted = true;
      cancelledAt = performance.now();
    }, delayMs);
  const fromIteration = request.cancelAfterMs === null ? undefined : request.cancelFromIteration;
  if (request.cancelAfterMs !== null && fromIteration === undefined) armCancel(request.cancelAfterMs);
  let iterations = 0;
  const onIteration = () => {
    iterations += 1;
    if (iterations === fromIteration) armCancel(request.cancelAfterMs ?? 0);
  };
  const base = { crossOriginIsolated: globalThis.crossOriginIsolated === true, rowWorkers: rows ? { workers: rows.workers, columns: rows.columns } : null };
  try {
    const fit = await curveFit({ model, data, parameters, options: { method: request.method }, onIteration, signal: flag, primary: backend.primary, rowPasses: rows?.rowPasses });
    // Cancelled between iterations: the solver stops with status −2 and the fit reports where it was.
    const cancel = flag.aborted && fit.status === -2 ? { afterMs: performance.now() - cancelledAt, error: `cancelled: ${fit.message}` } : null;
    return { ...base, cancel, parameters: fit.parameters.map((p) => p.value), stderr: fit.parameters.map((p) => p.stderr ?? NaN), cost: fit.cost, nfev: fit.nfev, wallMs: performance.now() - t0, solverMs: fit.phases.reduce((t, p) => t + p.ms, 0) };
  } catch (error) {
    if (Number.isNaN(cancelledAt)) throw error;
    return { ...base, parameters: [], stderr: [], cost: NaN, nfev: 0, wallMs: performance.now() - t0, solverMs: NaN, cancel: { afterMs: performance.now() - cancelledAt, error: (error as Error).message } };
  } finally {
    backend.release();
  }
}

self.onmessage = async (event: MessageEvent<PagePoolRequest>) => {
  try {
    self.postMessage(await fitOnce(event.data));
  } catch (error) {
    self.postMessage({ error: (error as Error).message });
  }
};
