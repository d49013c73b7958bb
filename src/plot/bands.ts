/**
 * Confidence and prediction bands of the fitted curve on the plot grid (delta method,
 * src/stats/bands.ts): the model's gradient with respect to the free parameters at each grid
 * point comes from the Jacobian kernel run on the grid with y = 0 and unit weights, which leaves
 * the model values in f and ∂model/∂p in J.
 *
 * The variance of a new observation, for the prediction band, is the residual variance s² = 2·cost/ν
 * (the covariance's scale: χ²/ν, or Σρ/ν for a robust loss) without σ; with σ it is σ²(x) of the
 * data, binned by x (src/stats/sigmaOnGrid.ts), scaled by s² unless σ is absolute. Weights from y
 * (1/y, 1/y², Poisson) are such a σ, computed from y (src/plot/curve.ts withWeights). A Poisson
 * likelihood fit's new count has variance μ(x): the curve on the grid.
 */
import type { FitData } from '../data/selectColumns';
import type { FitResult } from '../fit/types';
import type { CompiledModel } from '../model/index';
import { bandAround, bandHalfWidths } from '../stats/bands';
import { covarianceScale } from '../stats/covariance';
import { profileAt, sigmaProfile, type SigmaProfile } from '../stats/sigmaOnGrid';
import type { BandPair } from './shapes';

export interface Bands {
  confidence: BandPair;
  prediction: BandPair;
}

/** σ²(x) profiles by (σ column, x column): a selection's arrays outlive many redraws (zoom, sliders
 *  back at the fitted values), and the profile sorts every row. */
const profiles = new WeakMap<Float64Array, WeakMap<Float64Array, SigmaProfile>>();

function cachedProfile(x: Float64Array, sigma: Float64Array): SigmaProfile {
  let byX = profiles.get(sigma);
  if (!byX) profiles.set(sigma, (byX = new WeakMap()));
  let p = byX.get(x);
  if (!p) byX.set(x, (p = sigmaProfile(x, sigma)));
  return p;
}

/** Variance of a new observation at each grid point (a constant without σ); `x` is the data
 *  column the grid runs along. */
export function observationVariance(result: FitResult, data: FitData, absoluteSigma: boolean, x: Float64Array, grid: Float64Array): number | Float64Array {
  // s² = 2·cost/ν, the covariance's own scale (χ²_ν for the linear loss, Σρ/ν for a robust one).
  const scale = covarianceScale(result.cost, result.stats.dof);
  if (!data.sigma) return scale;
  const s2 = profileAt(cachedProfile(x, data.sigma), grid);
  return absoluteSigma ? s2 : s2.map((v) => v * scale);
}

/** The bands on `grid`, which runs along the data column `x` (the plotted variable). */
export function fitBands(model: CompiledModel, result: FitResult, grid: Float64Array, data: FitData, absoluteSigma: boolean, x: Float64Array, columns?: Float64Array[], poisson = false): Bands | null {
  const k = result.free.length;
  if (k === 0 || !Number.isFinite(result.tValue)) return null;
  for (let i = 0; i < result.pcov.length; i++) if (!Number.isFinite(result.pcov[i])) return null;
  const wrt = result.free.map((name) => model.params.indexOf(name));
  if (wrt.some((i) => i < 0)) return null;
  const params = Float64Array.from(model.params, (name) => result.parameters.find((p) => p.name === name)?.value ?? NaN);
  const rows = grid.length;
  const f = new Float64Array(rows);
  const J = new Float64Array(rows * k);
  // The model's variables on the grid: the grid itself, or (columns) others held at one value.
  const vars = columns ?? (model.variables.length ? [grid] : []);
  model.kernels(wrt).residualsJacobian(params, { vars, y: new Float64Array(rows), w: null }, f, J, 0, rows);
  const conf = bandHalfWidths(J, rows, result.pcov, k, result.tValue, 0);
  // A Poisson likelihood fit: a new count at x has variance μ(x), the curve itself.
  const noise = poisson ? f.map((mu) => (mu > 0 ? mu : NaN)) : observationVariance(result, data, absoluteSigma, x, grid);
  if (typeof noise === 'number' ? !Number.isFinite(noise) : noise.some((v) => !Number.isFinite(v))) return null;
  const pred = bandHalfWidths(J, rows, result.pcov, k, result.tValue, noise);
  return { confidence: bandAround(f, conf), prediction: bandAround(f, pred) };
}
