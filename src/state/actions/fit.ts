/** Fit actions: run the solver in the worker with streamed progress; cancel it. */
import { fitWithSignal } from '../../client/fitRun';
import { getClient } from '../../client/worker';
import type { FitProgress } from '../../worker/api';
import { emptyRows, NO_PARAM_ERRORS, updateRow, type ParamRow } from '../slices/params';
import { withProgress } from '../slices/fit';
import { curveSignature, fitSignature } from '../signature';
import { getState, setState, type AppState } from '../store';
import { dropWaitingCurve, refreshCurve } from './curve';
import { selectionSettled } from './data';
import { cancelStartSearch, findEmptyStarts } from './startSearch';
import { solvedByVarpro } from '../varproStarts';
import { watchWorker } from './recovery';
import { flushSave } from '../sessions/autosave';
import { forgetInterruptedFit, offerInterruptedFit } from './checkpoint';
import { deleteValue } from '../../job/browser/storage';
import { tiedModel } from '../ties';
import { loadingBlocker, preflight } from '../selectors/fitBlockers';
import { fitRequest } from '../requests/fit';

let controller: AbortController | null = null;
watchWorker();

/** Fit (resume: continue the interrupted fit whose checkpoint the page offered, src/state/actions/checkpoint.ts). */
export async function runFit(options: { readonly resume?: boolean } = {}): Promise<void> {
  try {
    await fitOnce(options);
  } finally {
    // The curve previews held back while the fit ran (refreshCurve): whatever the page shows now,
    // however the fit ended (nothing happens when the curve is current).
    if (getState().fitStatus !== 'running') refreshCurve();
  }
}

async function fitOnce(options: { readonly resume?: boolean }): Promise<void> {
  const resume = options.resume === true;
  const first = getState();
  // One fit at a time: a single fit would stop a running per-group batch (they share the worker's cancel flag).
  if (first.fitStatus === 'running' || first.batchStatus === 'running' || first.globalStatus === 'running' || first.comparisonStatus === 'running') return;
  // Other data are being read: Fit (off, its status line saying why) waits for them; the last
  // fit stays on screen until the new table replaces it.
  if (loadingBlocker(first)) return;
  controller = new AbortController();
  const signal = controller.signal;
  // Data just loaded: the columns are chosen but the worker is still selecting them (seconds for
  // 10⁷ rows). The fit starts when they are ready, shown as running, and Cancel stops the wait.
  if (first.table && !first.selection && !first.selectionError) {
    setState({ fitStatus: 'running', fitCancelled: false, progress: null, liveCosts: [], fitError: null, paramErrors: NO_PARAM_ERRORS });
    await selectionSettled();
    // Other data arrived while it waited: Fit was pressed for the data before them.
    if (signal.aborted || getState().dataEpoch !== first.dataEpoch) {
      controller = null;
      setState({ fitStatus: 'idle' });
      return;
    }
  }
  let s = getState();
  const blocked = preflight(s);
  if (blocked) {
    controller = null;
    setState({ fitStatus: 'error', fitError: blocked });
    return;
  }
  setState({ fitStatus: 'running', fitCancelled: false, progress: null, liveCosts: [], fitError: null, paramErrors: NO_PARAM_ERRORS });
  dropWaitingCurve();
  // A new fit replaces an interrupted one that was offered for resuming.
  if (!resume) forgetInterruptedFit();
  // The session is saved as the fit starts (it is not saved while a fit runs): a reload mid-fit
  // restores the page this fit belongs to, and its checkpoint matches it.
  await flushSave(true);
  if (signal.aborted) {
    // Cancelled while the session was being saved: the fit does not start.
    controller = null;
    setState({ fitStatus: 'idle', fitCancelled: true });
    return;
  }
  s = getState();
  // Empty start values are searched for first, unless VarPro solves every one of them itself.
  const solved = solvedByVarpro(s);
  if (emptyRows(tiedModel(s).params).some((r) => !solved.has(r.name))) {
    const rows = await startsForEmpty(s, signal);
    if (!rows) {
      controller = null;
      return;
    }
    setState({ params: rows });
    s = getState();
  }
  const request = fitRequest(s, resume);
  let accepted: FitProgress['accepted'] = null;
  const onProgress = (p: FitProgress) => {
    accepted = p.accepted ?? accepted;
    setState(withProgress(getState(), p));
  };
  const status = await fitWithSignal(getClient(), request, { signal, onProgress });
  controller = null;
  if (!status.ok) {
    const e = status.error;
    if (e.code === 'cancelled') {
      // Stopped inside a pass or by restarting the worker: back to idle at once, then the rows
      // take the last accepted parameters (a commit of its own: a long table is slow to lay out).
      setState({ fitStatus: 'idle', fitCancelled: true });
      // Cancelled by the user: nothing to resume (the worker deletes its checkpoint, but not when
      // Cancel had to restart it).
      if (request.checkpoint) void deleteValue(request.checkpoint.key).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 0));
      setState(acceptedParams(s, accepted));
      refreshCurve();
      return;
    }
    if (e.code === 'worker-lost') {
      const lost = { code: e.code, message: 'The fit stopped because its worker quit; press Fit to run it again.' };
      setState({ fitStatus: 'error', fitError: lost });
      // Its state may have been saved as it ran: offered for resuming once the worker is back.
      void offerInterruptedFit();
      return;
    }
    setState({ fitStatus: 'error', fitError: e, paramErrors: e.param ? new Map([[e.param, e.message]]) : NO_PARAM_ERRORS });
    return;
  }
  const outcome = status.value;
  const fitted = new Map(outcome.result.parameters.map((p) => [p.name, p.value]));
  const now = getState();
  const fittedRows = s.params.map((r) => (fitted.has(r.name) ? updateRow(r, { value: fitted.get(r.name) ?? r.value }) : r));
  const fittedSignatureValue = fitSignature({ modelText: s.modelText, mapping: s.mapping, params: fittedRows, ties: s.ties, settings: s.settings, assay: s.assay });
  // The model or the columns changed while the fit ran: keep what is on screen, and the results
  // (marked as describing the last fit) say so.
  if (now.modelText !== s.modelText || now.mapping !== s.mapping || now.ties !== s.ties) {
    setState({ fitStatus: 'done', outcome, fittedSignature: fittedSignatureValue });
    return;
  }
  const params = now.params.map((r) => (fitted.has(r.name) ? updateRow(r, { value: fitted.get(r.name) ?? r.value }) : r));
  // The curve was drawn for the plot as it was when the fit started (x variable, log x, zoom).
  const drawnFor = { ...now, params, plot: s.plot, plotRange: s.plotRange };
  setState({
    fitStatus: 'done',
    outcome,
    params,
    curve: outcome.curve,
    curveError: null,
    curveSignature: curveSignature(drawnFor),
    fittedSignature: fittedSignatureValue,
  });
  // Zoomed or switched axes while it ran: draw the fitted curve again for the plot as it is now.
  refreshCurve();
}

/**
 * Empty start values (issue 11): the automatic start search runs first, with its progress in the
 * status line and under the model; Cancel stops it and keeps the best refined values so far.
 * Resolves to the rows to fit from, or null (the fit's state then says why it did not run).
 */
async function startsForEmpty(s: AppState, signal: AbortSignal): Promise<ParamRow[] | null> {
  const fixed = emptyRows(tiedModel(s).params).find((r) => r.fixed);
  if (fixed) {
    const message = `"${fixed.name}" is fixed but has no value: type its value, or untick fixed so that Fit searches for it.`;
    setState({ fitStatus: 'error', fitError: { code: 'start', message, param: fixed.name, field: 'parameter' }, paramErrors: new Map([[fixed.name, message]]) });
    return null;
  }
  signal.addEventListener('abort', cancelStartSearch);
  const rows = await findEmptyStarts(s);
  signal.removeEventListener('abort', cancelStartSearch);
  if (rows) return rows;
  const search = getState().startSearch;
  if (search?.status === 'error' && search.error) {
    const e = search.error;
    setState({ fitStatus: 'error', fitError: e, paramErrors: e.param ? new Map([[e.param, e.message]]) : NO_PARAM_ERRORS });
  } else {
    // Cancelled (the rows hold the best refined values so far) or outdated by other data or model.
    setState({ fitStatus: 'idle', fitCancelled: search?.status === 'cancelled' });
  }
  return null;
}

/** The parameter rows at the last accepted iterate of a fit that was stopped from outside (only
 *  while the model is the one that was fitted: other rows would get other parameters' values). */
function acceptedParams(started: AppState, accepted: FitProgress['accepted']): Partial<AppState> {
  const now = getState();
  if (!accepted || now.modelText !== started.modelText || now.mapping !== started.mapping || now.ties !== started.ties) return {};
  const values = new Map(accepted.names.map((name, i) => [name, accepted.values[i]]));
  const params = now.params.map((r) => {
    const v = values.get(r.name);
    return v !== undefined && Number.isFinite(v) && !r.fixed ? updateRow(r, { value: v }) : r;
  });
  return { params };
}

export function cancelFit(): void {
  controller?.abort();
}
