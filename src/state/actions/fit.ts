/** Fit actions: run the solver in the worker with streamed progress; cancel it. */
import { fitWithSignal } from '../../client/fitRun';
import { getClient } from '../../client/worker';
import type { WorkerError } from '../../worker/api';
import { updateRow } from '../slices/params';
import { withProgress } from '../slices/fit';
import { curveSignature, fitSignature } from '../signature';
import { getState, setState, type AppState } from '../store';
import { refreshCurve } from './curve';
import { plotRequest } from './plotRequest';

let controller: AbortController | null = null;

/** What stops a fit before it starts, said next to the control it concerns. */
export function preflight(s: AppState): WorkerError | null {
  if (!s.table) return { code: 'no-data', message: 'Load data first: drop a CSV, paste from a spreadsheet, or try a sample.', field: 'data' };
  if (s.selectionError) return s.selectionError;
  if (!s.selection) return { code: 'no-data', message: 'Choose the x and y columns.', field: 'mapping' };
  if (s.modelText.trim() === '') return { code: 'no-model', message: 'Write a model or pick one from the library.', field: 'model' };
  if (s.modelInfo.error) return { code: s.modelInfo.error.code, message: s.modelInfo.error.message, field: 'model' };
  return null;
}

export async function runFit(): Promise<void> {
  const s = getState();
  if (s.fitStatus === 'running') return;
  const blocked = preflight(s);
  if (blocked) {
    setState({ fitStatus: 'error', fitError: blocked });
    return;
  }
  controller = new AbortController();
  const signal = controller.signal;
  setState({ fitStatus: 'running', progress: null, liveCosts: [], fitError: null, paramErrors: {} });
  const request = {
    model: s.modelText,
    mapping: s.mapping,
    parameters: s.params.map(({ name, value, min, max, fixed }) => ({ name, value, min, max, fixed })),
    settings: { ...s.settings },
    ...plotRequest(s),
  };
  const status = await fitWithSignal(getClient(), request, { signal, onProgress: (p) => setState(withProgress(getState(), p)) });
  controller = null;
  if (!status.ok) {
    const e = status.error;
    setState({ fitStatus: 'error', fitError: e, paramErrors: e.param ? { [e.param]: e.message } : {} });
    return;
  }
  const outcome = status.value;
  const fitted = new Map(outcome.result.parameters.map((p) => [p.name, p.value]));
  const now = getState();
  const fittedRows = s.params.map((r) => (fitted.has(r.name) ? updateRow(r, { value: fitted.get(r.name) ?? r.value }) : r));
  const fittedSignatureValue = fitSignature({ modelText: s.modelText, mapping: s.mapping, params: fittedRows });
  // The model or the columns changed while the fit ran: keep what is on screen, and the results
  // (marked as describing the last fit) say so.
  if (now.modelText !== s.modelText || now.mapping !== s.mapping) {
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

export function cancelFit(): void {
  controller?.abort();
}
