/**
 * An ODE model drawn at given parameters (issue 23): one integration (src/ode's solveOde, the
 * fit's method and tolerances) over a fine grid of the data's time range and every observation
 * time, so that each observed column gets its curve on the grid and its residuals at its rows; χ²
 * sums every response's (σ-weighted) squared residuals, as the fit's cost does. At a fit's
 * parameters each curve carries its confidence and prediction bands on the grid (odeBands: the
 * delta method through the sensitivities); `Curve.confidence` is then the first response's, so
 * that the page's band toggles know there are bands.
 */
import { ODE_DEFAULTS, odeBands, type OdeBandsInput } from '../fit/ode';
import type { OdeOptions } from '../ode/types';
import type { CompiledOde } from '../model/index';
import { observeSolution } from '../ode/observe';
import { solveOde } from '../ode/integrate';
import type { Curve, PlotRequest } from './shapes';
import { zoomedGrid } from './grid';
import type { OdeProblem, OdeSeries } from './odeShapes';

function timeRange(problem: OdeProblem, log: boolean): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (const o of problem.data.observed) {
    for (const t of o.time) {
      if (!Number.isFinite(t) || (log && !(t > 0))) continue;
      if (t < min) min = t;
      if (t > max) max = t;
    }
  }
  return { min, max };
}

/** The model's observations at `times` for parameters p (model order), and the failure if any. */
export function integrateAt(model: CompiledOde, p: Float64Array, times: Float64Array, integration: OdeOptions = ODE_DEFAULTS): { values: Float64Array; failure: string | null } {
  const sys = model.bind(p);
  const sol = solveOde(sys, model.spec.t0, sys.x0, times, integration);
  const values = new Float64Array(model.spec.observations.length * times.length);
  observeSolution(model, p, sol, values);
  return { values, failure: sol.status.ok ? null : sol.status.message };
}

/** The fit whose bands the curve carries (its parameters are the ones drawn). */
export interface OdeCurveFit {
  readonly result: OdeBandsInput['result'];
  readonly absoluteSigma: boolean;
}

export function odeCurve(problem: OdeProblem, params: Float64Array, plot: PlotRequest, integration: OdeOptions = ODE_DEFAULTS, fit: OdeCurveFit | null = null): Curve {
  const { model, data } = problem;
  const { min, max } = timeRange(problem, plot.logX);
  const grid = max > min ? zoomedGrid(min, max, plot.xRange, plot.logX) : Float64Array.of(min);
  const total = data.observed.reduce((n, o) => n + o.time.length, 0);
  const times = new Float64Array(grid.length + total);
  times.set(grid);
  let at = grid.length;
  for (const o of data.observed) {
    times.set(o.time, at);
    at += o.time.length;
  }
  const { values, failure } = integrateAt(model, params, times, integration);
  // An undetermined covariance (NaN) has no bands, as a closed-form fit's.
  const bands = fit && fit.result.pcov.every(Number.isFinite) ? odeBands({ model, result: fit.result, times: grid, integration, observed: data.observed, absoluteSigma: fit.absoluteSigma }) : null;
  const nt = times.length;
  let chi2 = 0;
  let nonFinite = 0;
  at = grid.length;
  const series: OdeSeries[] = data.observed.map((o, c) => {
    const curve = values.slice(c * nt, c * nt + grid.length);
    const residuals = new Float64Array(o.time.length);
    for (let i = 0; i < o.time.length; i++) {
      const r = o.y[i] - values[c * nt + at + i];
      residuals[i] = r;
      if (!Number.isFinite(r)) nonFinite++;
      const wr = o.sigma ? r / o.sigma[i] : r;
      chi2 += wr * wr;
    }
    at += o.time.length;
    const b = bands?.responses[c];
    const drawn = b && bands.failure === null ? { confidence: b.confidence, prediction: b.prediction } : { confidence: null, prediction: null };
    return { column: o.column, t: o.time, y: o.y, lines: Int32Array.from(o.lines ?? []), curve, residuals, ...drawn };
  });
  const rx = new Float64Array(total);
  const ry = new Float64Array(total);
  const rl = new Int32Array(total);
  let k = 0;
  for (const s of series) {
    rx.set(s.t, k);
    ry.set(s.residuals, k);
    rl.set(s.lines, k);
    k += s.t.length;
  }
  return {
    kind: 'grid',
    x: grid,
    y: series[0]?.curve ?? new Float64Array(grid.length),
    residuals: { x: rx, y: ry, sigma: null, lines: rl, decimated: false, viewAll: true, total },
    chi2: nonFinite ? NaN : chi2,
    nonFinite,
    confidence: series[0]?.confidence ?? null,
    prediction: series[0]?.prediction ?? null,
    ode: { time: problem.time, grid, series, failure },
  };
}
