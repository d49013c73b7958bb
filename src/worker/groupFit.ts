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
import { fitGroups } from '../fit/batch/fitGroups';
import type { DataGroup } from '../data';
import type { BatchProgress, GroupGuess } from '../fit/batch/types';
import type { ParameterSpec } from '../fit/parameters';
import type { BatchPhase, GroupHost } from '../job/groupHost';
import { runGroupJob, type GlobalRun, type GroupRun } from '../job/groupRun';
import { groupedJob, type GroupMode, type MixedSpec } from '../job/groups';
import type { FitJob } from '../job/job';
import { clashMessage, groupClash } from '../job/validate';
import type { CompiledModel } from '../model';
import { now } from '../solver/clock';
import type { GlobalComparison, GlobalFitOutcome, GlobalFitProgress, GroupBatchOutcome, GroupBatchProgress, GroupBatchRequest, GlobalFitRequest, GroupOverlay, Status } from './api';
import { toWorkerError } from './errors';
import { OVERLAY_MAX } from '../plot/groupLimits';
import { overlayOf, plottedVariable } from '../plot/groupOverlay';
import { splitRequest } from './groupSplit';
import { findLibraryModel } from './library';
import { compiled } from './modelCache';
import { rowChoice } from './select';
import { endRun, session, startRun, type CancelFlag } from './session';
import { throttle } from '../job/browser/throttle';
import { macrotask } from '../job/browser/yielding';

const PROGRESS_MS = 100;

/** A grouped job with its compiled model and its groups (the picked ones, in the split's order). */
export interface Grouped {
  readonly job: FitJob;
  readonly model: CompiledModel;
  readonly groups: readonly DataGroup[];
}

/** The page's request as a grouped job: the model compiled against the x columns, the picked groups. */
export function groupJobOf(request: GroupBatchRequest, mode: GroupMode, shared: readonly string[], compare: boolean, mixed: MixedSpec | null = null): Status<Grouped> {
  const table = session.table;
  if (!table) return { ok: false, error: { code: 'no-data', message: 'Load data first.', field: 'data' } };
  const model = compiled(request.model, request.mapping.x);
  if (!model.ok) return model;
  const m = model.value;
  const choice = rowChoice(table, request.mapping.rows);
  if (!choice.ok) return choice;
  const split = splitRequest(table, m.variables, request.mapping, request, choice.value);
  if (!split.ok) return split;
  const picked = request.keys ? new Set(request.keys) : null;
  const groups = split.value.groups.filter((g) => !picked || picked.has(g.key));
  if (groups.length === 0) return { ok: false, error: { code: 'no-groups', message: request.wide ? 'No y column is picked: pick at least one in the data panel.' : 'No group is picked: pick at least one group in "Group by".', field: 'mapping' } };
  // A mixed-effects fit starts every group from the table's values (its fixed effects' starts).
  const library = request.libraryId && !mixed ? findLibraryModel(request.libraryId) : null;
  const guess: GroupGuess | null = library ? (x, y) => library.guess(x, y) : null;
  // With a guesser, the free parameters' starts come from each group's data (the table's bounds stay).
  const parameters: ParameterSpec[] = request.parameters.map((p) => ({ name: p.name, value: guess && !p.fixed ? null : p.value, min: p.min, max: p.max, fixed: p.fixed }));
  const { backend: _backend, ...options } = request.settings;
  const job = groupedJob({
    model: request.model,
    compiled: m,
    groups,
    parameters,
    options,
    start: { always: false, starts: null, seed: 0 },
    backend: 'cpu',
    workers: 0,
    mode: { column: split.value.column, ungrouped: split.value.ungroupedCount, mode, shared, compare, guess, pooledStarts: false, ...(mixed ? { mixed } : {}) },
  });
  const clash = groupClash(job);
  if (clash) return { ok: false, error: { code: clash === 'global-needs-shared' ? 'no-shared' : clash, message: clashMessage(clash), field: 'parameter' } };
  return { ok: true, value: { job, model: m, groups } };
}

/** The page's host: batches in this thread, yielding for Cancel, progress at most every PROGRESS_MS. */
export function pageHost(flag: CancelFlag, total: number, onBatch: (p: BatchProgress, phase: BatchPhase) => void, onGlobal?: (p: GlobalFitProgress) => void): GroupHost {
  const progress = throttle<GlobalFitProgress>((v) => onGlobal?.(v), PROGRESS_MS);
  return {
    now,
    async batch(input, { phase }) {
      const result = await fitGroups({ ...input, signal: flag, onProgress: (p) => onBatch(p, phase), progressMs: PROGRESS_MS, pause: macrotask });
      return { result, workers: 0, accelerated: null, notes: [] };
    },
    global: { signal: flag, onIteration: (iteration, cost, nfev) => progress.push({ iteration, cost, nfev, phase: 'global', done: 0, total }), done: () => progress.flush() },
  };
}

/** The first groups' data and curves (`fitted`: a row's curve is drawn). */
export function overlay(request: GroupBatchRequest, { model: m, groups }: Grouped, run: GroupRun): GroupOverlay[] {
  const xIndex = plottedVariable(m, request.mapping.x, request.plotVar);
  return run.rows.slice(0, OVERLAY_MAX).flatMap((row, i) => {
    const group = run.mode === 'per-group' ? groups.find((g) => g.key === row.key) : groups[i];
    return group ? [overlayOf(m, row.key, group.data, row.params, xIndex, run.mode === 'per-group' ? true : row.included === true)] : [];
  });
}

/** Runs the job as the worker's one fit in flight (a new fit or cancelFit stops the previous one). */
export async function asTheFit<T>(job: FitJob, m: CompiledModel, host: (flag: CancelFlag) => GroupHost, answer: (run: GroupRun, flag: CancelFlag) => Status<T>): Promise<Status<T>> {
  const flag = startRun();
  try {
    return answer(await runGroupJob(job, host(flag)), flag);
  } catch (error) {
    return { ok: false, error: toWorkerError(error, m.params) };
  } finally {
    endRun(flag);
  }
}

export async function fitEachGroup(request: GroupBatchRequest, onProgress?: (p: GroupBatchProgress) => void): Promise<Status<GroupBatchOutcome>> {
  const built = groupJobOf(request, 'per-group', [], false);
  if (!built.ok) return built;
  const { job, model: m, groups } = built.value;
  const total = groups.length;
  return asTheFit(job, m, (flag) => pageHost(flag, total, (p) => onProgress?.({ done: p.done, total: p.total, failed: p.failed })), (run) => {
    if (run.mode !== 'per-group') throw new Error('fitEachGroup: the per-group job ran as a global fit.');
    const result = run.batch.result;
    return { ok: true, value: { names: result.names, free: result.free, rows: result.rows, cancelled: result.cancelled, failed: result.failed, total, overlay: overlay(request, built.value, run), overlayCapped: total > OVERLAY_MAX, fitMs: result.fitMs } };
  });
}

const cancelled = { ok: false as const, error: { code: 'cancelled', message: 'Cancelled: the global fit was stopped before it finished.' } };

/** The global fit as the page shows it: src/fit/global's result and the groups drawn. */
function globalOutcome(request: GroupBatchRequest, grouped: Grouped, run: GlobalRun): GlobalFitOutcome {
  const total = grouped.groups.length;
  return { ...run.global, total, overlay: overlay(request, grouped, run), overlayCapped: total > OVERLAY_MAX };
}

function globalRun<T>(request: GlobalFitRequest, compare: boolean, onProgress: ((p: GlobalFitProgress) => void) | undefined, answer: (outcome: GlobalFitOutcome, run: GlobalRun) => T): Promise<Status<T>> {
  const built = groupJobOf(request, 'global', request.shared, compare);
  if (!built.ok) return Promise.resolve(built);
  const { job, model: m, groups } = built.value;
  const total = groups.length;
  const separate = (b: BatchProgress) => onProgress?.({ iteration: 0, cost: NaN, nfev: 0, phase: 'separate', done: b.done, total });
  return asTheFit(job, m, (flag) => pageHost(flag, total, separate, onProgress), (run, flag) => {
    if (run.mode !== 'global') throw new Error('fitGlobalGroups: the global job ran per group.');
    return flag.aborted ? cancelled : { ok: true, value: answer(globalOutcome(request, built.value, run), run) };
  });
}

export function fitGlobalGroups(request: GlobalFitRequest, onProgress?: (p: GlobalFitProgress) => void): Promise<Status<GlobalFitOutcome>> {
  return globalRun(request, false, onProgress, (global) => global);
}

export function compareGlobalGroups(request: GlobalFitRequest, onProgress?: (p: GlobalFitProgress) => void): Promise<Status<GlobalComparison>> {
  return globalRun(request, true, onProgress, (global, run) => ({ comparison: run.comparison!, global, separateFailed: run.separate!.result.failed }));
}
