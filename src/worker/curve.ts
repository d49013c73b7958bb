/**
 * The page's curve at given parameters (plot/curve.ts draws it) with the last fit's confidence and
 * prediction bands, when the curve is drawn at that fit's parameters for its model and data: the
 * fit lives in the worker's session.
 */
import type { FitData } from '../data/selectColumns';
import type { CompiledModel } from '../model/index';
import type { BandPair, PlotRequest } from './api';
import { fitBands } from '../plot/bands';
import { drawCurve, weightedOrigin, type Evaluated } from '../plot/curve';
import { session, type LastFit } from './session';

export function evaluateCurve(model: CompiledModel, data: FitData, params: Float64Array, plot: PlotRequest): Evaluated {
  return drawCurve(model, data, params, plot, (grid, columns, x) => lastFitBands(model, data, params, grid, columns, x));
}

/** Whether `data` (perhaps a weighted copy) is the last fit's selection under the fit's weights. */
function sameFitData(last: LastFit, data: FitData): boolean {
  const from = weightedOrigin(data);
  if (!from) return last.selection === data && (last.weights ?? 'sigma') === 'sigma';
  return last.selection === from.base && last.weights === from.weights;
}

/** The bands of the last fit, when the curve is drawn at its parameters for its model and data. */
function lastFitBands(model: CompiledModel, data: FitData, params: Float64Array, grid: Float64Array, columns: Float64Array[], x: Float64Array): { confidence: BandPair | null; prediction: BandPair | null } {
  const last = session.lastFit;
  const none = { confidence: null, prediction: null };
  if (!last || !sameFitData(last, data) || last.model !== model.source) return none;
  const same = model.params.every((name, i) => last.result.parameters.find((p) => p.name === name)?.value === params[i]);
  if (!same) return none;
  return fitBands(model, last.result, grid, data, last.absoluteSigma, x, columns, last.poisson ?? false) ?? none;
}
