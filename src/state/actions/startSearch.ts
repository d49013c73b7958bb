/**
 * Start searches (issue 11): starting values for the model on screen from a search on the data
 * (worker autoStart, src/start). Two ways in:
 *
 * - "Auto start" (searchStarts): the free rows take the best refined values and the curve is
 *   redrawn, so the next Fit starts in the basin the search found; the values on screen are
 *   treated as placeholders.
 * - Fit with empty start values (findEmptyStarts, called by runFit): the search runs first, the
 *   given values refined as one extra candidate as the CLI's --p0, and the fit then starts where
 *   the best refinement started.
 *
 * Fixed rows and bounds are kept as they are. Cancel keeps what was refined so far.
 */
import { callback, getClient } from '../../client/worker';
import type { AutoStartOutcome, Status, WorkerError } from '../../worker/api';
import { emptyRows, NO_PARAM_ERRORS, updateRow, type ParamRow } from '../slices/params';
import type { StartSearch } from '../slices/startSearch';
import { getState, setState, type AppState } from '../store';
import { refreshCurve } from './curve';
import { tiedModel } from '../ties';
import { preflight } from '../selectors/fitBlockers';
import { autoStartRequest } from '../requests/autoStart';

let cancelled = false;

/** The free rows with the values of `found` (a name missing there keeps its row as it is). */
export function withFound(rows: readonly ParamRow[], found: readonly { readonly name: string; readonly value: number }[]): ParamRow[] {
  const byName = new Map(found.map((v) => [v.name, v.value]));
  return rows.map((r) => {
    const v = byName.get(r.name);
    return !r.fixed && v !== undefined && Number.isFinite(v) ? updateRow(r, { value: v }) : r;
  });
}

/**
 * Runs one search for the page as it is in `s`, the startSearch slice following it. Resolves to
 * the worker's status, or null when the model, the columns or the data changed meanwhile (what it
 * found belongs to none of them, and the slice is cleared).
 */
async function search(s: AppState, trigger: StartSearch['trigger']): Promise<Status<AutoStartOutcome> | null> {
  // The model with the ties written in, and the rows without the tied parameters (state/ties.ts).
  const tied = tiedModel(s);
  const base = { model: s.modelText, dataEpoch: s.dataEpoch, trigger, empty: emptyRows(tied.params).map((r) => r.name), progress: null, outcome: null };
  cancelled = false;
  setState({ startSearch: { ...base, status: 'running', error: null } });
  const same = () => {
    const now = getState();
    return now.modelText === s.modelText && now.ties === s.ties && now.dataEpoch === s.dataEpoch && now.mapping === s.mapping && now.startSearch?.status === 'running';
  };
  const status = await getClient().autoStart(
    autoStartRequest(s, tied, trigger !== 'button'),
    callback((p) => {
      const now = getState().startSearch;
      if (same() && now) setState({ startSearch: { ...now, progress: p } });
    }),
  );
  if (!same()) {
    if (getState().startSearch?.status === 'running') setState({ startSearch: null });
    return null;
  }
  if (!status.ok) {
    setState({ startSearch: { ...base, status: cancelled && status.error.code === 'cancelled' ? 'cancelled' : 'error', error: status.error } });
  } else {
    setState({ startSearch: { ...base, status: status.value.cancelled ? 'cancelled' : 'done', outcome: status.value, error: null } });
  }
  return status;
}

/** "Auto start": the free rows take the best refined values. */
export async function searchStarts(): Promise<void> {
  const s = getState();
  if (s.startSearch?.status === 'running' || s.fitStatus === 'running' || s.batchStatus === 'running') return;
  const blocked = preflight(s);
  if (blocked) {
    setState({ startSearch: { model: s.modelText, dataEpoch: s.dataEpoch, trigger: 'button', empty: [], progress: null, outcome: null, status: 'error', error: blocked } });
    return;
  }
  const status = await search(s, 'button');
  if (!status?.ok) return;
  setState({ params: withFound(getState().params, status.value.values), paramErrors: NO_PARAM_ERRORS });
  refreshCurve();
}

/**
 * The search Fit runs first when start values are empty (`s` is the page when Fit was pressed and
 * the fit shows as running). Resolves to the rows to fit from (the start of the best refinement),
 * or null when there is nothing to fit: cancelled (the rows keep the best refined values so far),
 * failed (the error is in the slice), or outdated.
 */
export async function findEmptyStarts(s: AppState): Promise<ParamRow[] | null> {
  const status = await search(s, 'fit');
  if (!status?.ok) return null;
  if (status.value.cancelled) {
    setState({ params: withFound(getState().params, status.value.values) });
    refreshCurve();
    return null;
  }
  return withFound(getState().params, status.value.start);
}

/**
 * The search a group fit (each group, or global) runs first when a typed model's start values are
 * empty: one search over all the rows, every group together, whose best refined values fill the
 * rows, so that every group starts from the pooled optimum. `ok: false` when the group fit must
 * not go on: the search failed (`error`), or was cancelled (the rows keep the best refined values
 * so far) or outdated by other data or another model (`error` null).
 */
export async function startsForGroups(s: AppState): Promise<{ readonly ok: true } | { readonly ok: false; readonly error: WorkerError | null }> {
  const status = await search(s, 'groups');
  if (!status) return { ok: false, error: null };
  if (!status.ok) return { ok: false, error: status.error.code === 'cancelled' ? null : status.error };
  setState({ params: withFound(getState().params, status.value.values), paramErrors: NO_PARAM_ERRORS });
  refreshCurve();
  return status.value.cancelled ? { ok: false, error: null } : { ok: true };
}

export function cancelStartSearch(): void {
  if (getState().startSearch?.status !== 'running') return;
  cancelled = true;
  void getClient().cancelFit();
}
