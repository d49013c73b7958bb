/**
 * `--predict t=…` of an ODE fit (issue 23): each response's value at new times with its confidence
 * and prediction intervals, the bands of odeBands.ts at those times (the delta method through the
 * sensitivities). A response with a σ column has no σ at a new time, so its prediction interval is
 * null, as a σ-weighted closed-form fit's is (fit/interpolate.ts predictAt).
 */
import type { CompiledOde } from '../../model/odeCompile';
import type { OdeOptions } from '../../ode/types';
import type { PredictedPoint } from '../interpolate';
import type { FitResult } from '../types';
import { odeBands } from './odeBands';
import type { ObservedColumn } from './observations';

/** A predicted point of one response: `x` is the time; `response` the `~` line's column. */
export type OdePredictedPoint = PredictedPoint & { readonly response: string };

export function odePredictAt(model: CompiledOde, result: FitResult, times: readonly number[], integration: OdeOptions, observed: readonly Pick<ObservedColumn, 'time' | 'sigma'>[], absoluteSigma = false): OdePredictedPoint[] {
  const bands = odeBands({ model, result, times: Float64Array.from(times), integration, absoluteSigma });
  return bands.responses.flatMap((b, c) => {
    const noSigma = observed[c]?.sigma == null;
    return times.map((x, i) => ({
      response: b.column,
      x,
      y: b.values[i],
      confLower: b.confidence.lower[i],
      confUpper: b.confidence.upper[i],
      predLower: noSigma ? b.prediction.lower[i] : null,
      predUpper: noSigma ? b.prediction.upper[i] : null,
    }));
  });
}
