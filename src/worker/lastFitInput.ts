/**
 * The last fit as a curveFit input again (model, the fitted rows, its parameter table and
 * options), for the calls that work on a finished fit: profile intervals and the report's data.
 */
import type { CurveFitInput } from '../fit/curveFit';
import type { FitResult } from '../fit/types';
import { fittedWeights } from '../fit/fittedWeights';
import type { Status } from './api';
import { modelFitData } from '../plot/curve';
import { compiled } from '../job/browser/pageModels';
import { session, type LastFit } from './session';

export interface LastFitInput {
  readonly last: LastFit;
  readonly input: CurveFitInput;
  readonly result: FitResult;
  /** 1/σ per row as the fit weighted them, or null. */
  readonly w: Float64Array | null;
  /** True when the fit's own parameter table and options are known (not a restored session's fit). */
  readonly complete: boolean;
}

/** The last fit for a least-squares tool (profile intervals, model comparison): refused, saying why,
 *  when it maximised the Poisson likelihood. */
export function lastLeastSquaresFit(): Status<LastFitInput> {
  if (session.lastFit?.poisson) return { ok: false, error: { code: 'poisson-fit', message: 'This fit maximised the Poisson likelihood; profile intervals and model comparison here are least-squares tools. Choose least squares in Solver options and fit again to use them.', field: 'settings' } };
  return lastFitInput();
}

export function lastFitInput(): Status<LastFitInput> {
  const last = session.lastFit;
  if (!last) return { ok: false, error: { code: 'no-fit', message: 'There is no fit in this page’s worker (it was restarted, or the data changed): press Fit, then try again.' } };
  const data = last.selection;
  const model = compiled(last.model, data.names.x);
  if (!model.ok) return model;
  const m = model.value;
  const result = last.result;
  // A restored fit keeps its result, not its table: the bounds and fixed marks come from the result.
  const parameters = last.input?.parameters ?? result.parameters.map((p) => ({ name: p.name, value: p.value, min: p.min, max: p.max, fixed: p.fixed }));
  const options = last.input?.options ?? { absoluteSigma: last.absoluteSigma };
  const input: CurveFitInput = {
    model: m,
    data: modelFitData(m, data),
    parameters,
    options,
  };
  let w: Float64Array | null = null;
  try {
    w = fittedWeights(m, input.data, result, { poisson: Boolean(last.poisson), weights: options.weights });
  } catch {
    w = null;
  }
  return { ok: true, value: { last, input, result, w, complete: Boolean(last.input) } };
}
