/**
 * Unknowns read off a fitted standard curve, and predictions at new x (issue 26), for a model of
 * one variable. The curve and the variance of its fitted value come from the model's derivative
 * kernel with the fitted parameters (as src/fit/bands.ts); the inversion is src/stats's
 * (inversePrediction.ts). The variance of a new observation is the covariance scale s² (2·cost/ν,
 * or 1 with absolute σ) times σ² of the point under the fit's weighting: 1 unweighted, the σ cell,
 * |y|, y² or y for the 1/y, 1/y², Poisson weightings (of the observed y for an unknown, of ŷ for a
 * prediction). k replicates of an unknown: their mean, with variance Σσᵢ²·s²/k².
 */
import type { CompiledModel } from '../model';
import { covarianceScale } from '../stats/covariance';
import { inversePrediction, type CurveAt, type InverseEstimate } from '../stats/inversePrediction';
import type { Weighting } from './weights';
import type { FitResult } from './types';

/** One unknown sample: the responses of its rows (replicates), their file lines, and σ cells if any. */
export interface UnknownSample {
  readonly lines: readonly number[];
  readonly y: readonly number[];
  readonly sigma: readonly number[] | null;
  /** The sample id cell (--sample COL), or null when each row is its own sample. */
  readonly sample: string | null;
}

export interface InterpolatedUnknown extends InverseEstimate {
  /** The file line of the sample's first row. */
  readonly row: number;
  /** The mean response of the sample's rows. */
  readonly y: number;
  readonly rows: readonly number[];
  readonly n: number;
  readonly sample: string | null;
}

export interface PredictedPoint {
  readonly x: number;
  readonly y: number;
  readonly confLower: number;
  readonly confUpper: number;
  /** null where a new observation's σ is not known (a σ-column weighted fit). */
  readonly predLower: number | null;
  readonly predUpper: number | null;
  /** An ODE model's response (the `~` line's column; x is then the time); absent: the one curve. */
  readonly response?: string;
}

/** How the fit weighted its rows and whether σ is absolute: what a new observation's variance needs. */
export interface Weighing {
  readonly weights: Weighting;
  readonly hasSigma: boolean;
  readonly absoluteSigma: boolean;
}

/** σ² of one observation with response y (and σ cell) under the weighting, before the scale s². */
export function observationSigma2(w: Weighing, y: number, sigma: number | null): number {
  if (w.hasSigma && w.weights === 'sigma') return sigma !== null ? sigma * sigma : NaN;
  switch (w.weights) {
    case 'sigma':
      return 1;
    case '1/y':
      return Math.abs(y);
    case '1/y2':
    case 'relative':
      return y * y;
    case 'poisson':
      return y > 0 ? y : 1;
  }
}

/** f(x) and gₓᵀ C gₓ at one x, from the model's Jacobian kernel (one row at a time). */
export function curveAt(model: CompiledModel, result: FitResult): CurveAt {
  const free = result.free.map((name) => model.params.indexOf(name));
  const k = free.length;
  const params = Float64Array.from(model.params, (name) => result.parameters.find((p) => p.name === name)?.value ?? NaN);
  const kernels = model.kernels(free);
  const x = new Float64Array(1);
  const data = { vars: [x], y: new Float64Array(1), w: null };
  const f = new Float64Array(1);
  const g = new Float64Array(k);
  const C = result.pcov;
  return (u) => {
    x[0] = u;
    kernels.residualsJacobian(params, data, f, g, 0, 1);
    let v = 0;
    for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) v += g[i] * C[i * k + j] * g[j];
    return { value: f[0], variance: v };
  };
}

/** Points per gap between neighbouring standards' x in the bracketing grid. */
const PER_GAP = 32;

/**
 * The bracketing grid: the distinct standards' x, each gap cut into PER_GAP equal steps, so that
 * the grid follows the design (log-spaced dilutions get log-like spacing).
 */
export function standardsGrid(xs: ArrayLike<number>): Float64Array {
  const sorted = Float64Array.from(xs).filter(Number.isFinite).sort();
  const distinct = sorted.filter((v, i) => i === 0 || v !== sorted[i - 1]);
  if (distinct.length < 2) return distinct;
  const grid = new Float64Array((distinct.length - 1) * PER_GAP + 1);
  for (let g = 0; g + 1 < distinct.length; g++) {
    const a = distinct[g];
    const b = distinct[g + 1];
    for (let s = 0; s < PER_GAP; s++) grid[g * PER_GAP + s] = a + ((b - a) * s) / PER_GAP;
  }
  grid[grid.length - 1] = distinct[distinct.length - 1];
  return grid;
}

const scaleOf = (result: FitResult, w: Weighing) => (w.absoluteSigma ? 1 : covarianceScale(result.cost, result.stats.dof));

/** Each unknown sample's x̂ and inverse-prediction interval on the curve within the standards' x. */
export function interpolateUnknowns(model: CompiledModel, result: FitResult, standardsX: ArrayLike<number>, samples: readonly UnknownSample[], w: Weighing): InterpolatedUnknown[] {
  const curve = curveAt(model, result);
  const grid = standardsGrid(standardsX);
  const s2 = scaleOf(result, w);
  return samples.map((u) => {
    const k = u.y.length;
    const y = u.y.reduce((a, b) => a + b, 0) / k;
    let sum = 0;
    for (let i = 0; i < k; i++) sum += observationSigma2(w, u.y[i], u.sigma ? u.sigma[i] : null);
    const estimate = inversePrediction(curve, grid, y, (s2 * sum) / (k * k), result.tValue);
    return { row: u.lines[0], y, ...estimate, rows: u.lines, n: k, sample: u.sample };
  });
}

/** ŷ at each x with its confidence and prediction intervals (the bands of src/fit/bands.ts at those x). */
export function predictAt(model: CompiledModel, result: FitResult, xs: readonly number[], w: Weighing): PredictedPoint[] {
  const curve = curveAt(model, result);
  const s2 = scaleOf(result, w);
  const t = result.tValue;
  return xs.map((x) => {
    const p = curve(x);
    const conf = t * Math.sqrt(Math.max(p.variance, 0));
    const noise = s2 * observationSigma2(w, p.value, null);
    const pred = Number.isFinite(noise) ? t * Math.sqrt(Math.max(p.variance, 0) + noise) : NaN;
    const known = Number.isFinite(pred);
    return { x, y: p.value, confLower: p.value - conf, confUpper: p.value + conf, predLower: known ? p.value - pred : null, predUpper: known ? p.value + pred : null };
  });
}
