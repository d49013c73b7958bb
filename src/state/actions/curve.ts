/**
 * The model curve at the current parameters, requested from the worker with latest-wins
 * coalescing (one request in flight, one waiting, started on the next animation frame).
 */
import { coalesce } from '../../client/coalesce';
import { getClient } from '../../client/worker';
import type { CurveRequest } from '../../worker/api';
import { paramVector } from '../slices/params';
import { curveSignature, rowsKey } from '../signature';
import { getState, setState, type AppState } from '../store';
import { plotRequest } from '../requests/plot';
import { tiedModel } from '../ties';
import { keepsOdeCurve } from '../selectors/odePlot';

interface Job {
  readonly request: CurveRequest;
  /** Everything but the parameter values: a response drawn for other values is still the right
   *  curve to show while newer values are on their way. */
  readonly shape: string;
  readonly signature: string;
}

function shapeOf(s: AppState): string {
  return `${tiedModel(s).text}|${s.mapping.x.join(',')}|${s.mapping.y}|${s.mapping.sigma ?? ''}|${s.settings.weights ?? ''}|${s.settings.objective ?? ''}|${rowsKey(s.mapping.rows)}|${s.params.map((p) => p.name).join(',')}|${s.plot.plotVar}|${s.plot.logX}|${s.selection?.rows ?? 0}`;
}

const curves = coalesce<Job>(async (job) => {
  const status = await getClient().curve(job.request);
  if (shapeOf(getState()) !== job.shape) return;
  if (!status.ok) {
    setState({ curveError: status.error });
    return;
  }
  setState({ curve: status.value, curveError: null, curveSignature: job.signature });
  // A response can come back after what it was drawn for changed (a zoom undone, a fit ended):
  // ask again for what is on screen now (nothing happens when it is current).
  refreshCurve();
});

/**
 * Drops the curve request waiting behind the one in flight (Fit calls it): the worker runs one
 * request at a time, and over 10⁷ rows a preview takes about a second, which the fit would wait
 * for before its first pass (trial 5 saw "Starting…" for up to 12 s after a few edits). The fit's
 * end asks for the curve at its parameters anyway.
 */
export function dropWaitingCurve(): void {
  curves.clear();
}

/** Whether a curve can be drawn now. */
export function canDrawCurve(s: AppState): boolean {
  // An empty start value has no curve: Fit finds it first (issue 11).
  // A broken tie has no curve either: its row says why (state/ties.ts).
  const tied = tiedModel(s);
  return s.selection !== null && s.modelText.trim() !== '' && s.modelInfo.error === null && s.params.length === s.modelInfo.params.length && tied.errors.size === 0 && tied.params.every((p) => p.value !== null);
}

export function refreshCurve(): void {
  const s = getState();
  if (!canDrawCurve(s)) {
    curves.clear();
    // Statements that do not parse keep the last ODE curves on screen (selectors/odePlot.ts).
    if (keepsOdeCurve(s)) return;
    if (s.curve !== null || s.curveError !== null) setState({ curve: null, curveError: null, curveSignature: null });
    return;
  }
  // While a fit runs the worker is busy with it: a preview would only wait there, and the fit's
  // end (or its error or cancel) asks again.
  if (s.fitStatus === 'running') {
    curves.clear();
    return;
  }
  const signature = curveSignature(s);
  if (signature === s.curveSignature) return;
  // The model with the ties written in, and the rows without the tied parameters (state/ties.ts).
  const tied = tiedModel(s);
  curves.request({
    request: { model: tied.text, mapping: s.mapping, params: paramVector(tied.params), weights: s.settings.weights, objective: s.settings.objective, ...plotRequest(s) },
    shape: shapeOf(s),
    signature,
  });
}
