/**
 * "Global" in the worker (issue 9): one joint fit over the picked groups with the shared
 * parameters common to all (src/fit/global: arrow-structured TRF through the Schur complement),
 * and "Compare with separate fits": the same global fit beside the per-group fits of the same
 * groups, judged by the extra-sum-of-squares F test and AICc (src/fit/compare). The groups, rows
 * and start values come from groupProblem, as for "Fit each group", and the CLI's `--shared
 * --compare` (src/cli/groupFit.ts) runs the same steps. Answers are plain data, never a thrown class.
 *
 * Cancel: the joint TRF is one synchronous loop, so a cancel message cannot reach it; the
 * supervisor (src/client/supervisor.ts) stops such a fit by restarting its worker after a grace
 * period, and the call answers 'cancelled'. The flag is still set, so that the per-group phase of
 * a comparison (which yields between groups) stops at once.
 */
import { fitGroups } from '../fit/batch/fitGroups';
import { compareFits } from '../fit/compare/compareFits';
import { globalFit } from '../fit/global/globalFit';
import type { GlobalComparison, GlobalFitOutcome, GlobalFitProgress, GlobalFitRequest, GroupOverlay, Status } from './api';
import { toWorkerError } from './errors';
import { overlayOf, plottedVariable } from './groupFit';
import { OVERLAY_MAX } from './groupLimits';
import { groupProblem, type GroupProblem } from './groupProblem';
import { endRun, startRun } from './session';
import { throttle } from './throttle';
import { macrotask } from './yielding';

const PROGRESS_MS = 100;

async function runGlobal(p: GroupProblem, request: GlobalFitRequest, flag: { aborted: boolean }, onProgress?: (p: GlobalFitProgress) => void): Promise<GlobalFitOutcome> {
  const { model: m, groups } = p;
  const total = groups.length;
  const progress = throttle<GlobalFitProgress>((v) => onProgress?.(v), PROGRESS_MS);
  const result = await globalFit({
    model: m,
    groups,
    parameters: p.parameters,
    shared: request.shared,
    options: p.options,
    guess: p.guess,
    signal: flag,
    onIteration: (iteration, cost, nfev) => progress.push({ iteration, cost, nfev, phase: 'global', done: 0, total }),
  });
  progress.flush();
  const overlay: GroupOverlay[] = [];
  const xIndex = plottedVariable(m, request.mapping.x, request.plotVar);
  result.rows.slice(0, OVERLAY_MAX).forEach((row, i) => {
    const group = groups[i];
    if (group) overlay.push(overlayOf(m, row.key, group.data, row.params, xIndex, row.included));
  });
  return { ...result, total, overlay, overlayCapped: total > OVERLAY_MAX };
}

/** Runs `work` as the worker's one fit in flight (a new fit or cancelFit stops the previous one). */
async function asTheFit<T>(work: (flag: { aborted: boolean }) => Promise<T>, names: readonly string[]): Promise<Status<T>> {
  const flag = startRun();
  try {
    const value = await work(flag);
    if (flag.aborted) return { ok: false, error: { code: 'cancelled', message: 'Cancelled: the global fit was stopped before it finished.' } };
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error: toWorkerError(error, names) };
  } finally {
    endRun(flag);
  }
}

const noShared = { ok: false as const, error: { code: 'no-shared', message: 'Mark at least one parameter as shared for a global fit (with none shared it is the same as fitting each group).', field: 'parameter' as const } };

export async function fitGlobalGroups(request: GlobalFitRequest, onProgress?: (p: GlobalFitProgress) => void): Promise<Status<GlobalFitOutcome>> {
  const problem = groupProblem(request);
  if (!problem.ok) return problem;
  if (request.shared.length === 0) return noShared;
  return asTheFit((flag) => runGlobal(problem.value, request, flag, onProgress), problem.value.model.params);
}

export async function compareGlobalGroups(request: GlobalFitRequest, onProgress?: (p: GlobalFitProgress) => void): Promise<Status<GlobalComparison>> {
  const problem = groupProblem(request);
  if (!problem.ok) return problem;
  if (request.shared.length === 0) return noShared;
  const p = problem.value;
  return asTheFit(async (flag) => {
    const global = await runGlobal(p, request, flag, onProgress);
    const total = p.groups.length;
    const separate = await fitGroups({
      model: p.model,
      groups: p.groups,
      parameters: p.parameters,
      options: p.options,
      guess: p.guess,
      signal: flag,
      onProgress: (b) => onProgress?.({ iteration: 0, cost: NaN, nfev: 0, phase: 'separate', done: b.done, total }),
      progressMs: PROGRESS_MS,
      pause: macrotask,
    });
    return { comparison: compareFits(separate, global), global, separateFailed: separate.failed };
  }, p.model.params);
}
