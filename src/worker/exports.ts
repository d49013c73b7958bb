/**
 * Curve exports, computed where the data live and handed over as CSV text: the last fit at every
 * data point (x…, y, fit, residual) and on the plot grid with its confidence and prediction bands.
 * Both describe the last completed fit, for the model and columns the page still shows.
 */
import { curveCsv, gridCurveCsv } from '../export/index';
import type { DataMapping, Status, WorkerError } from './api';
import { withWeights } from '../plot/curve';
import { evaluateCurve } from './curve';
import { compiled } from '../job/browser/pageModels';
import { ensureSelection } from './select';
import { session, type LastFit } from './session';

export interface CurveExportRequest {
  readonly kind: 'points' | 'grid';
  readonly model: string;
  readonly mapping: DataMapping;
  readonly plotVar: number;
  readonly logX: boolean;
}

const notFitted: WorkerError = { code: 'not-fitted', message: 'Fit first: the curve exports describe the last fit of this model and data.' };

function lastFitFor(request: CurveExportRequest): Status<LastFit> {
  const picked = ensureSelection(request.mapping);
  if (!picked.ok) return picked;
  const last = session.lastFit;
  if (!last || last.model !== request.model || last.selection !== picked.value) return { ok: false, error: notFitted };
  return { ok: true, value: last };
}

export function exportCurve(request: CurveExportRequest): Status<string> {
  const last = lastFitFor(request);
  if (!last.ok) return last;
  const model = compiled(request.model, request.mapping.x);
  if (!model.ok) return model;
  const m = model.value;
  // The fit's own σ (weights from y), for its prediction band.
  const data = withWeights(last.value.selection, last.value.weights);
  const params = Float64Array.from(m.params, (name) => last.value.result.parameters.find((p) => p.name === name)?.value ?? NaN);
  const drawn = evaluateCurve(m, data, params, { plotVar: request.plotVar, logX: request.logX, buckets: 1 });
  if (request.kind === 'points') {
    const residuals = Float64Array.from(drawn.fitted, (f, i) => data.y[i] - f);
    const x = data.names.x.map((name, i) => ({ name, values: data.vars[i] }));
    return { ok: true, value: curveCsv(x, data.y, drawn.fitted, residuals, { y: data.names.y }) };
  }
  const curve = drawn.curve;
  if (curve.kind !== 'grid') {
    return { ok: false, error: { code: 'no-grid', message: 'The model depends on more than the plotted variable, so it has no curve on a grid; export the fit at the data points instead.' } };
  }
  const xName = data.names.x[request.plotVar] ?? 'x';
  return { ok: true, value: gridCurveCsv([{ name: xName, values: curve.x }], curve.y, { confidence: curve.confidence, prediction: curve.prediction }) };
}
