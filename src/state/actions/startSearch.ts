/**
 * "Auto start" (issue 11): starting values for the model on screen from a search on the data
 * (worker autoStart). The free rows take the best refined values and the curve is redrawn, so
 * the next Fit starts in the basin the search found; fixed rows and bounds are kept as they are.
 * Cancel keeps what was refined so far.
 */
import { callback, getClient } from '../../client/worker';
import { NO_PARAM_ERRORS, updateRow } from '../slices/params';
import { getState, setState } from '../store';
import { refreshCurve } from './curve';
import { preflight } from './fit';

let cancelled = false;

export async function searchStarts(): Promise<void> {
  const s = getState();
  if (s.startSearch?.status === 'running' || s.fitStatus === 'running' || s.batchStatus === 'running') return;
  const base = { model: s.modelText, dataEpoch: s.dataEpoch, progress: null, outcome: null };
  const blocked = preflight(s);
  if (blocked) {
    setState({ startSearch: { ...base, status: 'error', error: blocked } });
    return;
  }
  cancelled = false;
  setState({ startSearch: { ...base, status: 'running', error: null } });
  const same = () => {
    const now = getState();
    return now.modelText === s.modelText && now.dataEpoch === s.dataEpoch && now.mapping === s.mapping && now.startSearch?.status === 'running';
  };
  const status = await getClient().autoStart(
    {
      model: s.modelText,
      mapping: s.mapping,
      parameters: s.params.map(({ name, value, min, max, fixed }) => ({ name, value, min, max, fixed })),
      settings: { ...s.settings },
    },
    callback((p) => {
      const now = getState().startSearch;
      if (same() && now) setState({ startSearch: { ...now, progress: p } });
    }),
  );
  // Another model or other data since it started: what it found belongs to neither.
  if (!same()) {
    if (getState().startSearch?.status === 'running') setState({ startSearch: null });
    return;
  }
  if (!status.ok) {
    setState({ startSearch: { ...base, status: cancelled && status.error.code === 'cancelled' ? 'cancelled' : 'error', error: status.error } });
    return;
  }
  const found = new Map(status.value.values.map((v) => [v.name, v.value]));
  const params = getState().params.map((r) => (!r.fixed && Number.isFinite(found.get(r.name)) ? updateRow(r, { value: found.get(r.name)! }) : r));
  setState({ params, paramErrors: NO_PARAM_ERRORS, startSearch: { ...base, status: status.value.cancelled ? 'cancelled' : 'done', outcome: status.value, error: null } });
  refreshCurve();
}

export function cancelStartSearch(): void {
  if (getState().startSearch?.status !== 'running') return;
  cancelled = true;
  void getClient().cancelFit();
}
