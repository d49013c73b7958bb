/**
 * "Mixed effects" in the worker (issue 25): request → grouped job in mode 'mixed' (the command
 * line's --random runs the same job) → src/job/groupRun.ts over the page's group host → the
 * mixed-effects fit, its comparison with the global fit, each group's own fit (the job's
 * `compare`: the shrinkage plot sets them beside the mixed model's group estimates) and the
 * groups drawn through their mixed-model curves. Cancel: the fit is one synchronous alternation
 * that a message cannot reach, so the supervisor restarts the worker after its grace period (as
 * for a global fit); the per-group phase yields between groups and stops at once.
 */
import type { BatchProgress } from '../fit/batch/types';
import { OVERLAY_MAX } from '../plot/groupLimits';
import type { GlobalFitProgress, MixedFitOutcome, MixedFitRequest, Status } from './api';
import { asTheFit, groupJobOf, overlay, pageHost } from './groupFit';

const cancelled = { ok: false as const, error: { code: 'cancelled', message: 'Cancelled: the mixed-effects fit was stopped before it finished.' } };

export function fitMixedGroups(request: MixedFitRequest, onProgress?: (p: GlobalFitProgress) => void): Promise<Status<MixedFitOutcome>> {
  const built = groupJobOf(request, 'mixed', [], true, { random: request.random, cov: request.cov, method: request.method, versus: request.versus ?? null });
  if (!built.ok) return Promise.resolve(built);
  const { job, model: m, groups } = built.value;
  const total = groups.length;
  const separate = (b: BatchProgress) => onProgress?.({ iteration: 0, cost: NaN, nfev: 0, phase: 'separate', done: b.done, total });
  return asTheFit(job, m, (flag) => pageHost(flag, total, separate, onProgress), (run, flag) => {
    if (run.mode !== 'mixed') throw new Error('fitMixedGroups: the mixed job ran in another mode.');
    if (flag.aborted) return cancelled;
    return {
      ok: true,
      value: {
        mixed: run.mixed,
        comparisons: run.comparisons,
        names: m.params,
        separate: run.separate ? run.separate.result.rows : null,
        total,
        overlay: overlay(request, built.value, run),
        overlayCapped: total > OVERLAY_MAX,
      },
    };
  });
}
