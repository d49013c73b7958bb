/**
 * Uncertainty actions (issue 10): profile the last fit in the worker (progress, Cancel), and
 * fetch the last fit's report data (residual plots) once per outcome.
 */
import { callback, getClient } from '../../client/worker';
import type { ProfileProgress } from '../../worker/api';
import { NO_REPORT_DATA } from '../slices/uncertainty';
import { getState, setState } from '../store';
import { refitRestored, RESTORED_CODES } from './refitRestored';

export async function runProfile(): Promise<void> {
  const s = getState();
  const outcome = s.outcome;
  if (!outcome || s.fitStatus === 'running' || s.batchStatus === 'running' || s.profileRun.status === 'running' || s.modelCompare.status === 'running') return;
  setState({ profileRun: { status: 'running', outcome, progress: null, result: null, error: null } });
  const mine = () => getState().profileRun.outcome === outcome && getState().outcome === outcome;
  const onProgress = callback((p: ProfileProgress) => {
    if (mine() && getState().profileRun.status === 'running') setState({ profileRun: { ...getState().profileRun, progress: p } });
  });
  let status = await getClient().profile(onProgress);
  // A fit restored from a saved session: fitted again from its own values first (refitRestored.ts).
  if (!status.ok && RESTORED_CODES.has(status.error.code) && mine()) {
    const refit = await refitRestored(outcome);
    status = refit ? { ok: false, error: refit } : mine() ? await getClient().profile(onProgress) : status;
  }
  if (!mine()) return;
  const run = getState().profileRun;
  if (status.ok) setState({ profileRun: { ...run, status: 'done', result: status.value } });
  else setState({ profileRun: { ...run, status: status.error.code === 'cancelled' ? 'cancelled' : 'error', error: status.error } });
}

export function cancelProfile(): void {
  if (getState().profileRun.status !== 'running') return;
  void getClient().cancelFit();
}

/** The report data of the current outcome, fetched once (the residual plots and the report use it). */
export async function loadReportData(): Promise<void> {
  const outcome = getState().outcome;
  const now = getState().reportData;
  if (!outcome || (now.outcome === outcome && now.status !== 'idle')) return;
  setState({ reportData: { ...NO_REPORT_DATA, status: 'loading', outcome } });
  const status = await getClient().reportData();
  if (getState().reportData.outcome !== outcome) return;
  setState({ reportData: status.ok ? { status: 'done', outcome, data: status.value, error: null } : { status: 'error', outcome, data: null, error: status.error } });
}
