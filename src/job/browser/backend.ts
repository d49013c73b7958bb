/**
 * The one place that decides where a fit's main phase runs. The GPU context is acquired once (and
 * again after it was lost); src/gpu's `chooseBackend` weighs the row count and the adapter against
 * the request, and `gpuPrimary` is the curveFit hook that runs the main phase on it. The CPU path
 * is the float64 evaluator wrapped so that cancel calls get through (yielding.ts), or, for a large
 * fit, the same passes on the row workers (rowWorkers.ts), checked for a cancel before each pass;
 * it also takes over when the GPU hook declines a model.
 */
import { cpuEvaluator, type ChunkProgress } from '../../fit/cpuEvaluator';
import type { CurveFitInput } from '../../fit/curveFit';
import type { RowPasses } from '../../fit/parallel/rowParallelEvaluator';
import type { Evaluator } from '../../solver/evaluator';
import { chooseLinearization, type Method } from '../../fit/defaults';
import type { FitResult } from '../../fit/types';
import { acquireGpu, chooseBackend, gpuPrimary, type GpuContext } from '../../gpu/index';
import type { CompiledModel } from '../../model/index';
import type { BackendChoice } from '../host';
import type { BackendRequest } from '../job';
import type { BackendReport } from '../protocol/fitOutcome';
import { cancelCheckpoint, FitCancelledError, yielding } from './yielding';

type Primary = NonNullable<CurveFitInput['primary']>;

/** The job's backend choice (src/job/host.ts), always with a primary (the CPU one is cancellable), and the page's report. */
export interface PageBackend extends BackendChoice {
  readonly primary: Primary;
  /** What ran, once the fit is over (the GPU may have declined or been lost on the way). */
  report(result: FitResult | null): BackendReport;
}

export interface BackendHooks {
  readonly model: CompiledModel;
  readonly method: Method;
  readonly onChunk: (progress: ChunkProgress) => void;
  /** The fit's cancel flag, checked between spans of rows inside a CPU pass. */
  readonly signal: { readonly aborted: boolean };
  /** The passes on row workers (a large fit, rowWorkers.ts); absent: in this thread. */
  readonly rowPasses?: RowPasses;
}

let context: Promise<GpuContext | null> | null = null;

async function gpuContext(): Promise<GpuContext | null> {
  const current = context ? await context : null;
  if (current && !current.lost) return current;
  context = acquireGpu().catch(() => null);
  return context;
}

/** Stops before a pass once the fit's flag is set. This thread only awaits the row workers'
 *  answers, so a cancel message gets in during a pass; the pass in flight (tens of ms) ends first. */
function cancellable(evaluator: Evaluator, signal: { readonly aborted: boolean }): Evaluator {
  const check = () => {
    if (signal.aborted) throw new FitCancelledError();
  };
  return {
    m: evaluator.m,
    n: evaluator.n,
    label: evaluator.label,
    cost: async (x) => (check(), evaluator.cost(x)),
    linearize: async (x) => (check(), evaluator.linearize(x)),
  };
}

function cpuPrimary(hooks: BackendHooks): Primary {
  return (bound) => {
    const linearization = chooseLinearization(hooks.method, bound.rows);
    if (hooks.rowPasses) return { backend: 'cpu', linearization, evaluator: cancellable(hooks.rowPasses.evaluator(bound, linearization), hooks.signal) };
    return { backend: 'cpu', linearization, evaluator: yielding(cpuEvaluator(bound, linearization, { onChunk: hooks.onChunk, checkpoint: cancelCheckpoint(hooks.signal) })) };
  };
}

function cpuOnly(requested: BackendRequest, reason: string, hooks: BackendHooks): PageBackend {
  return { primary: cpuPrimary(hooks), notes: [], report: () => ({ requested, used: 'cpu', reason }), release: () => undefined };
}

export async function chooseFitBackend(rows: number, requested: BackendRequest, hooks: BackendHooks): Promise<PageBackend> {
  if (requested === 'cpu') return cpuOnly(requested, 'The CPU backend was requested: float64 throughout.', hooks);
  const ctx = await gpuContext();
  const choice = chooseBackend(rows, ctx, requested);
  if (choice.backend !== 'gpu' || !ctx) return cpuOnly(requested, choice.reason, hooks);
  let declined: string | null = null;
  const gpu = gpuPrimary(ctx, { model: hooks.model, onChunk: hooks.onChunk, onFallback: (why) => (declined = why) });
  const cpu = cpuPrimary(hooks);
  return {
    primary: (bound) => gpu(bound) ?? cpu(bound),
    notes: [],
    report: (result) => {
      if (declined !== null) return { requested, used: 'cpu', reason: declined };
      const ranOnGpu = result?.phases.some((p) => p.backend === 'gpu' && !p.lost) ?? true;
      return { requested, used: ranOnGpu ? 'gpu' : 'cpu', reason: choice.reason };
    },
    release: () => gpu.release(),
  };
}
