/**
 * "Mixed effects" in the worker (issue 25): request → grouped job in mode 'mixed' (the command
 * line's --random runs the same job) → src/job/groupRun.ts over the page's group host → the
 * mixed-effects fit, its comparison with the global fit, each group's own fit (the job's
 * `compare`: the shrinkage plot sets them beside the mixed model's group estimates) and the
 * groups drawn through their mixed-model curves. Cancel: the fit is one synchronous alternation
 * that a message cannot reach, so the supervisor restarts the worker after its grace period (as
 * for a global fit); the per-group phase yields between groups and stops at once.
 */
import { mixedOutcome } from '../job/protocol/groupOutcome';
import type { GlobalFitProgress, MixedFitOutcome, MixedFitRequest, Status } from './api';
import { jointRun } from './groupFit';

export function fitMixedGroups(request: MixedFitRequest, onProgress?: (p: GlobalFitProgress) => void): Promise<Status<MixedFitOutcome>> {
  const mixed = { random: request.random, cov: request.cov, method: request.method, versus: request.versus ?? null };
  return jointRun(request, { mode: 'mixed', shared: [], compare: true, mixed }, 'mixed-effects fit', onProgress, (run, grouped) => {
    if (run.mode !== 'mixed') throw new Error('fitMixedGroups: the mixed job ran in another mode.');
    return mixedOutcome(grouped, run);
  });
}
