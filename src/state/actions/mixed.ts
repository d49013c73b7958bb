/**
 * "Mixed effects" over the groups (issue 25): the fixed/random mark of each parameter, Ψ general
 * or diagonal, ML or REML, and the fit in the worker (the job's 'mixed' group mode, the command
 * line's --random) with each group's own fit beside it for the shrinkage plot, and on asking a
 * nested random structure compared with it. Results belong to
 * the data, the grouping, the random marks, Ψ and the method they were fitted with: changing one
 * drops them.
 */
import { callback, getClient } from '../../client/worker';
import type { RandomStructure } from '../../fit/mixed/likelihoodRatio';
import type { WorkerError } from '../../worker/api';
import { NO_MIXED_RESULTS } from '../slices/batch';
import { emptyRows } from '../slices/params';
import { getState, setState, type AppState } from '../store';
import { tiedModel } from '../ties';
import { groupObjectiveBlocker, mixedOdrError, preflight } from '../selectors/fitBlockers';
import { anyFitRunning, effectiveRandom } from '../selectors/groupFits';
import { mixedFitRequest } from '../requests/mixedFit';
import { startsForGroups } from './startSearch';

/** Marks `name` random (one random effect per group) or fixed (one value for all groups). */
export function setRandom(name: string, random: boolean): void {
  const now = getState().randomParams;
  if (now.includes(name) === random) return;
  const names = getState().params.map((p) => p.name);
  const next = random ? names.filter((n) => n === name || now.includes(n)) : now.filter((n) => n !== name);
  setState({ randomParams: next, ...NO_MIXED_RESULTS });
}

export function setRandomCov(cov: 'full' | 'diag'): void {
  if (getState().randomCov !== cov) setState({ randomCov: cov, ...NO_MIXED_RESULTS });
}

export function setMixedMethod(method: 'ml' | 'reml'): void {
  if (getState().mixedMethod !== method) setState({ mixedMethod: method, ...NO_MIXED_RESULTS });
}

/** Why a mixed-effects fit cannot start, or null. */
function blocker(s: AppState): WorkerError | null {
  if (s.groupBy === null) return { code: 'no-groups', message: 'Choose a "Group by" column first.', field: 'mapping' };
  const pre = preflight(s) ?? groupObjectiveBlocker(s) ?? mixedOdrError(s);
  if (pre) return pre;
  if (effectiveRandom(s).length === 0) return { code: 'no-random', message: 'Mark at least one parameter as random (switch its row from "fixed" to "random") for a mixed-effects fit.', field: 'parameter' };
  const bounded = tiedModel(s).params.find((p) => !p.fixed && (Number.isFinite(p.min) || Number.isFinite(p.max)));
  if (bounded) return { code: 'mixed-bounds', message: `${bounded.name} has bounds: a mixed-effects fit is unbounded least squares, as nlme's. Clear its min and max, or fit each group or globally.`, field: 'parameter' };
  if (s.settings.loss !== 'linear') return { code: 'mixed-loss', message: 'A mixed-effects fit uses the linear (least-squares) loss: choose it in the solver options.', field: 'settings' };
  return null;
}

/** Fits the mixed-effects model; with `versus`, also that nested random structure, compared with
 *  it by a likelihood-ratio test, AIC and BIC (the command line's --compare-random(-cov)). */
export async function runMixedFit(versus: RandomStructure | null = null): Promise<void> {
  const s = getState();
  if (anyFitRunning(s)) return;
  const blocked = blocker(s);
  if (blocked) {
    setState({ mixedStatus: 'error', mixedError: blocked });
    return;
  }
  setState({ mixedStatus: 'running', mixedProgress: null, mixedError: null });
  // Empty start values: one search over all groups' rows fills them (the fixed effects' starts).
  if (emptyRows(tiedModel(s).params).length > 0) {
    const ready = await startsForGroups(s);
    if (!ready.ok) {
      if (getState().mixedStatus === 'running') setState({ mixedStatus: ready.error ? 'error' : 'idle', mixedError: ready.error });
      return;
    }
  }
  const req = mixedFitRequest(getState(), s.groupBy as string, versus);
  const current = () => {
    const now = getState();
    return now.dataEpoch === s.dataEpoch && now.groupBy === s.groupBy && now.mixedStatus === 'running';
  };
  const status = await getClient().fitMixed(req, callback((p) => void (current() && setState({ mixedProgress: p }))));
  if (!current()) return;
  if (!status.ok) {
    setState({ mixedStatus: status.error.code === 'cancelled' ? 'cancelled' : 'error', mixedError: status.error, mixedProgress: null });
    return;
  }
  setState({ mixedStatus: 'done', mixed: { ...status.value, model: s.modelText }, mixedProgress: null });
}

export function cancelMixedFit(): void {
  if (getState().mixedStatus === 'running') void getClient().cancelFit();
}

export function clearMixed(): void {
  setState({ ...NO_MIXED_RESULTS });
}
