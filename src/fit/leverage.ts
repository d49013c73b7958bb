/**
 * Leverages of a fit's rows: the diagonal of the hat matrix H = J (JᵀJ)⁻¹ Jᵀ of the linearized
 * model at p̂, J the weighted Jacobian over the free parameters (J_ij = w_i ∂f_i/∂p_j, w = 1/σ).
 * For least squares the residual of row i has variance σ²(1 − h_ii) to first order, which is why
 * the residual bootstrap resamples the modified residuals e_i/√(1 − h_ii) (Davison & Hinkley,
 * Bootstrap Methods and their Application, 1997, §6.2.3; §6.3 for nonlinear models,
 * where H is the linearized model's).
 *
 *   h_ii = ‖L⁻¹ J_iᵀ‖²   with JᵀJ = L Lᵀ (Cholesky), so Σ h_ii = k (the free parameters)
 *
 * Returns null when JᵀJ is not numerically positive definite (the fit is not identified there).
 */
import type { CurveFitInput } from './curveFit';
import type { FitResult } from './types';
import { weightSigma } from './weights';
import { choleskyInPlace, solveLower } from '../solver/cholesky';

export function leverages(input: Pick<CurveFitInput, 'model' | 'data' | 'options'>, fit: FitResult): Float64Array | null {
  const { model, data } = input;
  const free = fit.free.map((name) => model.params.indexOf(name));
  const k = free.length;
  const n = data.y.length;
  const sigma = weightSigma(input.options?.weights ?? 'sigma', data);
  const params = Float64Array.from(model.params, (name) => fit.parameters.find((p) => p.name === name)?.value ?? NaN);
  const J = new Float64Array(n * k);
  model.kernels(free).residualsJacobian(params, { vars: data.vars, y: data.y, w: sigma ? sigma.map((s) => 1 / s) : null }, new Float64Array(n), J, 0, n);
  const L = new Float64Array(k * k);
  for (let i = 0; i < n; i++) for (let a = 0; a < k; a++) for (let b = 0; b <= a; b++) L[a * k + b] += J[i * k + a] * J[i * k + b];
  for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) L[a * k + b] = L[b * k + a];
  if (!choleskyInPlace(L, 0, k)) return null;
  const h = new Float64Array(n);
  const row = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    row.set(J.subarray(i * k, i * k + k));
    solveLower(L, 0, k, row, 0);
    h[i] = row.reduce((s, v) => s + v * v, 0);
  }
  return h;
}
