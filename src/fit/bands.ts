/**
 * Model curve with confidence and prediction bands on any grid, from a fit result (delta method,
 * src/stats/bands.ts). The gradient ∂ŷ/∂p at each grid point comes from the model's own
 * derivative kernel, with the fitted parameters.
 */
import type { CompiledModel } from '../model';
import { bandAround, bandHalfWidths, type Band } from '../stats/bands';
import { covarianceScale } from '../stats/covariance';
import type { FitResult } from './types';

export interface CurveWithBands {
  readonly values: Float64Array;
  readonly confidence: Band;
  readonly prediction: Band;
}

export interface BandOptions {
  /**
   * Standard deviation of a new observation at each grid point, for weighted fits (σ of the
   * data interpolated to the grid, say). Unweighted fits use the residual standard deviation.
   */
  readonly sigma?: Float64Array | number | null;
  readonly absoluteSigma?: boolean;
}

export function curveWithBands(model: CompiledModel, result: FitResult, grid: Float64Array[], options: BandOptions = {}): CurveWithBands {
  const rows = grid[0]?.length ?? 0;
  const free = result.free.map((name) => model.params.indexOf(name));
  const k = free.length;
  const params = Float64Array.from(model.params, (name) => result.parameters.find((p) => p.name === name)?.value ?? NaN);
  const values = new Float64Array(rows);
  const J = new Float64Array(rows * k);
  model.kernels(free).residualsJacobian(params, { vars: grid, y: new Float64Array(rows), w: null }, values, J, 0, rows);
  const t = result.tValue;
  const confidence = bandAround(values, bandHalfWidths(J, rows, result.pcov, k, t, 0));
  // Variance of a new observation: σ² of the point (scaled by s² unless σ is absolute), or s²
  // itself for unweighted fits, where it estimates the noise variance. s² = 2·cost/ν is the scale
  // of the covariance: χ²_ν for the linear loss, Σρ/ν for a robust one (outliers count by ρ).
  const scale = options.absoluteSigma ? 1 : covarianceScale(result.cost, result.stats.dof);
  const sigma = options.sigma ?? 1;
  const noise = typeof sigma === 'number' ? scale * sigma * sigma : sigma.map((s) => scale * s * s);
  const prediction = bandAround(values, bandHalfWidths(J, rows, result.pcov, k, t, noise));
  return { values, confidence, prediction };
}
