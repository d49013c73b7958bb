/**
 * "Fit each group", "Global" and "Compare with separate fits" in the worker (issue 9): request →
 * grouped job → src/job/groupRun.ts over the page's group host → outcome and the groups drawn
 * (issue 22: the command line's --group, --shared and --compare run the same job). The selected
 * rows are split by the group column (or, with `wide`, one group per y column: splitRequest), only
 * the picked groups; a library model's guesser gives each group its own start values. The batch
 * runs in this thread, yielding between groups, with progress; Cancel keeps the groups done.
 * Answers are plain data: a status, never a thrown class.
 *
 * Cancel of a global fit: the joint TRF is one synchronous loop, so a cancel message cannot reach
 * it; the supervisor (src/client/supervisor.ts) stops such a fit by restarting its worker after a
 * grace period, and the call answers 'cancelled'. The flag is still set, so that the per-group
 * phase of a comparison (which yields between groups) stops at once.
 */
import type { BatchProgress } from '../fit/batch/types';
import type { GroupHost } from '../job/groupHost';
import { PROGRESS_MS, pageGroupHost } from '../job/browser/groupHost';
import { throttle } from '../job/browser/throttle';
import { macrotask } from '../job/browser/yielding';
import { runGroupJob, type GlobalRun, type GroupRun } from '../job/groupRun';
import type { FitJob } from '../job/job';
import { groupRequestJob, type GroupHow, type Grouped } from '../job/protocol/groupJob';
import { batchOutcome, globalOutcome } from '../job/protocol/groupOutcome';
import { withGroupBootstraps } from '../job/protocol/groupBootstrap';
import type { GlobalComparison, GlobalFitOutcome, GlobalFitProgress, GroupBatchOutcome, GroupBatchProgress, GroupBatchRequest, GlobalFitRequest, Status } from './api';
import { toWorkerError } from '../job/protocol/status';
import { splitRequest } from '../job/protocol/groupSplit';
import { compiled } from '../job/browser/pageModels';
import { odeGroupRequestJob } from '../job/protocol/odeGroupJob';
import { isOdeModel } from '../model/index';
import { skipOf } from '../data/chooseRows';
import { odeProblem } from './odeProblem';
import { rowChoice } from '../job/protocol/rowChoice';
import { endRun, session, startRun, type CancelFlag } from './session';

/** The page's request as a grouped job (src/job/protocol/groupJob.ts) on the session's table: the model compiled against the x columns, the rows split. */
export function groupJobOf(request: GroupBatchRequest, how: GroupHow): Status<Grouped> {
  const table = session.table;
  if (!table) return { ok: false, error: { code: 'no-data', message: 'Load data first.', field: 'data' } };
  const ode = isOdeModel(request.model) ? odeProblem(request.model, request.mapping) : null;
  if (ode && !ode.ok) return ode;
  const model = ode ? null : compiled(request.model, request.mapping.x);
  if (model && !model.ok) return model;
  const choice = rowChoice(table, request.mapping.rows);
  if (!choice.ok) return choice;
  if (ode) return odeGroupRequestJob(request, table, ode.value, skipOf(choice.value), how);
  const split = splitRequest(table, model!.value.variables, request.mapping, request, choice.value);
  if (!split.ok) return split;
  return groupRequestJob(request, model!.value, split.value, how, table);
}

/** Runs the job as the worker's one fit in flight (a new fit or cancelFit stops the previous one). */
export async function asTheFit<T>(job: FitJob, params: readonly string[], host: (flag: CancelFlag) => GroupHost, answer: (run: GroupRun, flag: CancelFlag) => Status<T> | Promise<Status<T>>): Promise<Status<T>> {
  const flag = startRun();
  try {
    return await answer(await runGroupJob(job, host(flag)), flag);
  } catch (error) {
    return { ok: false, error: toWorkerError(error, params) };
  } finally {
    endRun(flag);
  }
}

export async function fitEachGroup(request: GroupBatchRequest, onProgress?: (p: GroupBatchProgress) => void): Promise<Status<GroupBatchOutcome>> {
  const built = groupJobOf(request, { mode: 'per-group', shared: [], compare: false, mixed: null });
  if (!built.ok) return built;
  const { job, params, keys } = built.value;
  return asTheFit(job, params, (flag) => pageGroupHost(flag, keys.length, (p) => onProgress?.({ done: p.done, total: p.total, failed: p.failed })), async (run, flag) => {
    if (run.mode !== 'per-group') throw new Error('fitEachGroup: the per-group job ran as a global fit.');
    const progress = throttle<GroupBatchProgress>((p) => onProgress?.(p), PROGRESS_MS);
    const value = await withGroupBootstraps(request, built.value, run, batchOutcome(built.value, run), { pause: macrotask, stopped: () => flag.aborted, onProgress: (p) => progress.push(p) });
    progress.flush();
    return { ok: true, value };
  });
}

/**
 * A joint fit of the picked groups (global or mixed) as the worker's one fit: its iterations' progress,
 * then the per-group fits' (a comparison's 'separate' phase). Cancel answers 'cancelled' naming `what`.
 */
export function jointRun<T>(request: GroupBatchRequest, how: GroupHow, what: string, onProgress: ((p: GlobalFitProgress) => void) | undefined, answer: (run: GroupRun, grouped: Grouped) => T): Promise<Status<T>> {
  const built = groupJobOf(request, how);
  if (!built.ok) return Promise.resolve(built);
  const { job, params, keys } = built.value;
  const total = keys.length;
  const separate = (b: BatchProgress) => onProgress?.({ iteration: 0, cost: NaN, nfev: 0, phase: 'separate', done: b.done, total });
  return asTheFit(job, params, (flag) => pageGroupHost(flag, total, separate, onProgress), (run, flag) =>
    flag.aborted ? { ok: false, error: { code: 'cancelled', message: `Cancelled: the ${what} was stopped before it finished.` } } : { ok: true, value: answer(run, built.value) },
  );
}

function globalRun<T>(request: GlobalFitRequest, compare: boolean, onProgress: ((p: GlobalFitProgress) => void) | undefined, answer: (outcome: GlobalFitOutcome, run: GlobalRun) => T): Promise<Status<T>> {
  return jointRun(request, { mode: 'global', shared: request.shared, compare, mixed: null }, 'global fit', onProgress, (run, grouped) => {
    if (run.mode !== 'global') throw new Error('fitGlobalGroups: the global job ran per group.');
    return answer(globalOutcome(grouped, run), run);
  });
}

export function fitGlobalGroups(request: GlobalFitRequest, onProgress?: (p: GlobalFitProgress) => void): Promise<Status<GlobalFitOutcome>> {
  return globalRun(request, false, onProgress, (global) => global);
}

export function compareGlobalGroups(request: GlobalFitRequest, onProgress?: (p: GlobalFitProgress) => void): Promise<Status<GlobalComparison>> {
  return globalRun(request, true, onProgress, (global, run) => ({ comparison: run.comparison!, global, separateFailed: run.separate!.result.failed }));
}
