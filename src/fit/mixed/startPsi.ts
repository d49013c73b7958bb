/**
 * The start of Ψ for the alternation (mixedFit.ts): the groups' random effects under a weak
 * penalty, and Δ from their spread ("Ψ from the spread of per-group fits", issue 25).
 */
import type { GroupCross } from './pnlsEvaluator';
import { deltaFor, type RandomCov } from './precisionFactor';

/**
 * A weak penalty for the first PNLS: Δ_jj = 0.01·‖Z's column j‖ (root mean square over groups), so
 * that each group's random effects come out close to its own fit's and their spread can start Ψ.
 * (lme's start, ΔᵀΔ = 0.375·ZᵀZ, penalizes effects whose spread is many σ, such as an asymptote's,
 * so hard that the first linearization sits far from the data, and the LME step there can send
 * another variance to zero: seen on simulated logistic growth, where nlme, with its EM start,
 * did not.)
 */
export function weakDelta(cross: readonly GroupCross[], p: number, rho: readonly number[]): Float64Array {
  const r = rho.length;
  const delta = new Float64Array(r * r);
  for (let j = 0; j < r; j++) {
    let t = 0;
    for (const c of cross) t += c.XtX[rho[j] * p + rho[j]];
    delta[j * r + j] = 0.01 * Math.sqrt(t / cross.length) || 1e-2;
  }
  return delta;
}

/**
 * Δ from the spread of the groups' random effects b (G·r) and the residual variance σ²:
 * Ψ₀ = diag of their sample variances (floored at 1e-6 of the largest, so that none starts at
 * zero), Δ₀ with Δ₀ᵀΔ₀ = σ²Ψ₀⁻¹.
 */
export function spreadDelta(b: Float64Array, G: number, r: number, sigma2: number, cov: RandomCov): Float64Array | null {
  const psi = new Float64Array(r * r);
  for (let j = 0; j < r; j++) {
    let mean = 0;
    for (let g = 0; g < G; g++) mean += b[g * r + j] / G;
    let v = 0;
    for (let g = 0; g < G; g++) v += (b[g * r + j] - mean) ** 2 / (G - 1);
    psi[j * r + j] = v;
  }
  let top = 0;
  for (let j = 0; j < r; j++) top = Math.max(top, psi[j * r + j]);
  if (!(top > 0)) return null;
  for (let j = 0; j < r; j++) psi[j * r + j] = Math.max(psi[j * r + j], 1e-6 * top);
  return deltaFor(psi, r, sigma2, cov);
}
