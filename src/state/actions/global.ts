/**
 * "Global" over the groups (issue 9): the mode choice (each group on its own, or one global fit),
 * the shared/local mark of each parameter, the global fit in the worker with streamed progress,
 * and "Compare with separate fits" (F test and AICc, in words). Results belong to the data, the
 * grouping and the shared marks they were fitted with: changing either drops them.
 */
import { callback, getClient } from '../../client/worker';
import type { GlobalFitOutcome, WorkerError } from '../../worker/api';
import { NO_GLOBAL_RESULTS } from '../slices/batch';
import { getState, setState, type AppState } from '../store';
import { runGroupFits } from './batch';
import { emptyRows } from '../slices/params';
import { startsForGroups } from './startSearch';
import { tiedModel } from '../ties';
import { groupObjectiveBlocker, preflight } from '../selectors/fitBlockers';
import { anyFitRunning, effectiveShared } from '../selectors/groupFits';
import { globalFitRequest } from '../requests/globalFit';
import { runMixedFit } from './mixed';

export function setGroupMode(mode: 'each' | 'global' | 'mixed'): void {
  if (getState().groupMode !== mode) setState({ groupMode: mode });
}

/** Marks `name` shared (one value for all groups) or local (one per group). */
export function setShared(name: string, shared: boolean): void {
  const now = getState().sharedParams;
  if (now.includes(name) === shared) return;
  const names = getState().params.map((p) => p.name);
  const next = shared ? names.filter((n) => n === name || now.includes(n)) : now.filter((n) => n !== name);
  // The global results were fitted with the old marks.
  setState({ sharedParams: next, ...NO_GLOBAL_RESULTS });
}

/** Why a global fit cannot start, or null. */
function blocker(s: AppState): WorkerError | null {
  if (s.groupBy === null) return { code: 'no-groups', message: 'Choose a "Group by" column first.', field: 'mapping' };
  const pre = preflight(s) ?? groupObjectiveBlocker(s);
  if (pre) return pre;
  if (effectiveShared(s).length === 0) return { code: 'no-shared', message: 'Mark at least one parameter as shared (switch its row from "local" to "shared") for a global fit.', field: 'parameter' };
  return null;
}

/**
 * Empty start values: one search over all rows fills them first (the global fit starts every
 * group's local parameters and the shared ones from the table). False when the run stops there;
 * `stopped` then ends it, with the search's error or none (cancelled, outdated).
 */
async function startsFilled(s: AppState, stopped: (error: WorkerError | null) => void): Promise<boolean> {
  if (emptyRows(tiedModel(s).params).length === 0) return true;
  const ready = await startsForGroups(s);
  if (!ready.ok) stopped(ready.error);
  return ready.ok;
}

export async function runGlobalFit(): Promise<void> {
  const s = getState();
  if (anyFitRunning(s)) return;
  const blocked = blocker(s);
  if (blocked) {
    setState({ globalStatus: 'error', globalError: blocked });
    return;
  }
  setState({ globalStatus: 'running', globalProgress: null, globalError: null, comparison: null, comparisonStatus: 'idle', comparisonError: null });
  if (!(await startsFilled(s, (error) => getState().globalStatus === 'running' && setState({ globalStatus: error ? 'error' : 'idle', globalError: error })))) return;
  const req = globalFitRequest(getState(), s.groupBy as string);
  const ties = tiedModel(getState()).active;
  const current = () => {
    const now = getState();
    return now.dataEpoch === s.dataEpoch && now.groupBy === s.groupBy && now.globalStatus === 'running';
  };
  const status = await getClient().fitGlobal(req, callback((p) => void (current() && setState({ globalProgress: p }))));
  if (!current()) return;
  if (!status.ok) {
    setState({ globalStatus: status.error.code === 'cancelled' ? 'cancelled' : 'error', globalError: status.error });
    return;
  }
  setState({ globalStatus: 'done', global: { ...withTies(status.value, ties), model: s.modelText }, globalProgress: null });
}

/** The outcome with the ties it ran with (state/groupTies.ts computes the tied values per group). */
function withTies(g: GlobalFitOutcome, ties: readonly { name: string; expression: string }[]): GlobalFitOutcome {
  return ties.length > 0 ? { ...g, ties: ties.map(({ name, expression }) => ({ name, expression })) } : g;
}

/** Global versus separate fits of the same groups; the verdict in words. */
export async function compareWithSeparate(): Promise<void> {
  const s = getState();
  if (anyFitRunning(s)) return;
  const blocked = blocker(s);
  if (blocked) {
    setState({ comparisonStatus: 'error', comparisonError: blocked });
    return;
  }
  setState({ comparisonStatus: 'running', comparisonError: null, globalProgress: null });
  if (!(await startsFilled(s, (error) => getState().comparisonStatus === 'running' && setState({ comparisonStatus: error ? 'error' : 'idle', comparisonError: error })))) return;
  const req = globalFitRequest(getState(), s.groupBy as string);
  const ties = tiedModel(getState()).active;
  const current = () => {
    const now = getState();
    return now.dataEpoch === s.dataEpoch && now.groupBy === s.groupBy && now.comparisonStatus === 'running';
  };
  const status = await getClient().compareGlobal(req, callback((p) => void (current() && setState({ globalProgress: p }))));
  if (!current()) return;
  if (!status.ok) {
    setState({ comparisonStatus: 'error', comparisonError: status.error, globalProgress: null });
    return;
  }
  // The comparison's global fit is the global fit of these groups: it is shown as such.
  setState({ comparisonStatus: 'done', comparison: status.value, global: withTies(status.value.global, ties), globalStatus: 'done', globalError: null, globalProgress: null });
}

/** The group fit button: each group, or the global fit, by the chosen mode. */
export function runGroupFitsInMode(): Promise<void> {
  // A wide file's columns are fitted each on its own (the global and mixed fits take a group column).
  const { groupMode, groupWide } = getState();
  if (groupWide) return runGroupFits();
  return groupMode === 'global' ? runGlobalFit() : groupMode === 'mixed' ? runMixedFit() : runGroupFits();
}

export function cancelGlobalFit(): void {
  const s = getState();
  if (s.globalStatus !== 'running' && s.comparisonStatus !== 'running' && s.mixedStatus !== 'running') return;
  void getClient().cancelFit();
}

export function clearGlobal(): void {
  setState({ ...NO_GLOBAL_RESULTS });
}
