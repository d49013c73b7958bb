/**
 * The random effects' covariance Ψ through its relative precision factor Δ, ΔᵀΔ = σ²Ψ⁻¹
 * (Pinheiro & Bates, Mixed-Effects Models in S and S-PLUS, 2000, §2.2), and the unconstrained
 * parameters θ the LME step optimizes over (§2.5 there; nlme's pdLogChol and pdDiag):
 *
 *   full (pdLogChol): Δ = U·diag(exp θ_d), U unit upper triangular with the entries θ_o:
 *                     θ = [log Δ₀₀ … log Δ_{r−1,r−1}, U₀₁, U₀₂ … U_{r−2,r−1}], Δ_ij = U_ij·Δ_jj
 *   diag (pdDiag):    Δ = diag(exp θ)
 *
 * Taking logs of the diagonal makes every θ ∈ ℝᵏ a positive definite Ψ, and every positive
 * definite Ψ has one θ (the Cholesky factor is unique), so the maximum is nlme's. The
 * off-diagonal entries are relative to their column's diagonal (not Δ_ij itself, as in nlme's
 * log-Cholesky): (Δb)_i = Δ_ii·b_i + Δ_ij·b_j, and Δ_jj·b_j is in the same units as Δ_ii·b_i, so
 * U_ij = Δ_ij/Δ_jj is free of the effects' units (an asymptote's in mg, a log rate's in 1), and
 * a step of one in θ means as much whatever their scales. Matrices are r×r,
 * row-major.
 */
import { choleskyInPlace } from '../../solver/cholesky';

export type RandomCov = 'full' | 'diag';

/** Number of θ for r random effects. */
export const thetaCount = (r: number, cov: RandomCov): number => (cov === 'full' ? (r * (r + 1)) / 2 : r);

/** Δ from θ (upper triangular). */
export function deltaOf(theta: ArrayLike<number>, r: number, cov: RandomCov, out = new Float64Array(r * r)): Float64Array {
  out.fill(0);
  for (let j = 0; j < r; j++) out[j * r + j] = Math.exp(theta[j]);
  if (cov === 'full') {
    let o = r;
    for (let i = 0; i < r; i++) for (let j = i + 1; j < r; j++) out[i * r + j] = out[j * r + j] * theta[o++];
  }
  return out;
}

/** θ from an upper triangular Δ with a positive diagonal. */
export function thetaOf(delta: Float64Array, r: number, cov: RandomCov): Float64Array {
  const theta = new Float64Array(thetaCount(r, cov));
  for (let j = 0; j < r; j++) theta[j] = Math.log(delta[j * r + j]);
  if (cov === 'full') {
    let o = r;
    for (let i = 0; i < r; i++) for (let j = i + 1; j < r; j++) theta[o++] = delta[i * r + j] / delta[j * r + j];
  }
  return theta;
}

/** ΔᵀΔ, the penalty matrix of the random effects in PNLS. */
export function precisionOf(delta: Float64Array, r: number, out: Float64Array = new Float64Array(r * r)): Float64Array {
  for (let i = 0; i < r; i++) {
    for (let j = 0; j < r; j++) {
      let t = 0;
      for (let k = 0; k <= Math.min(i, j); k++) t += delta[k * r + i] * delta[k * r + j];
      out[i * r + j] = t;
    }
  }
  return out;
}

/** Ψ = σ²(ΔᵀΔ)⁻¹ = σ²·Δ⁻¹Δ⁻ᵀ. */
export function psiOf(delta: Float64Array, r: number, sigma2: number): Float64Array {
  // U = Δ⁻¹ (upper triangular) by back substitution, column by column.
  const U = new Float64Array(r * r);
  for (let c = 0; c < r; c++) {
    for (let i = r - 1; i >= 0; i--) {
      let t = i === c ? 1 : 0;
      for (let k = i + 1; k < r; k++) t -= delta[i * r + k] * U[k * r + c];
      U[i * r + c] = t / delta[i * r + i];
    }
  }
  const psi = new Float64Array(r * r);
  for (let i = 0; i < r; i++) {
    for (let j = 0; j < r; j++) {
      let t = 0;
      for (let k = 0; k < r; k++) t += U[i * r + k] * U[j * r + k];
      psi[i * r + j] = sigma2 * t;
    }
  }
  return psi;
}

/**
 * Δ for a given Ψ and σ² (for the start): the Cholesky factor of σ²Ψ⁻¹ = LLᵀ gives Δ = Lᵀ. For
 * 'diag' only Ψ's diagonal is used. Returns null when Ψ is not positive definite.
 */
export function deltaFor(psi: Float64Array, r: number, sigma2: number, cov: RandomCov): Float64Array | null {
  if (cov === 'diag') {
    const d = new Float64Array(r * r);
    for (let j = 0; j < r; j++) {
      if (!(psi[j * r + j] > 0)) return null;
      d[j * r + j] = Math.sqrt(sigma2 / psi[j * r + j]);
    }
    return d;
  }
  // σ²Ψ⁻¹ through Ψ's Cholesky factor: Ψ = CCᵀ, Ψ⁻¹ = C⁻ᵀC⁻¹; Δ = Lᵀ with LLᵀ = σ²Ψ⁻¹.
  const C = Float64Array.from(psi);
  if (!choleskyInPlace(C, 0, r)) return null;
  // psiOf(U, r, 1) is U⁻¹U⁻ᵀ for an upper triangular U; with U = Cᵀ that is C⁻ᵀC⁻¹ = Ψ⁻¹.
  const inv = psiOf(transpose(C, r), r, 1);
  for (let i = 0; i < r * r; i++) inv[i] *= sigma2;
  if (!choleskyInPlace(inv, 0, r)) return null;
  return transpose(inv, r);
}

function transpose(a: Float64Array, r: number): Float64Array {
  const t = new Float64Array(r * r);
  for (let i = 0; i < r; i++) for (let j = 0; j < r; j++) t[j * r + i] = a[i * r + j];
  return t;
}

/** Standard deviations and the correlation matrix of Ψ. */
export function sdCorr(psi: Float64Array, r: number): { sd: number[]; corr: number[][] } {
  const sd = Array.from({ length: r }, (_, j) => Math.sqrt(psi[j * r + j]));
  const corr = sd.map((si, i) => sd.map((sj, j) => (i === j ? 1 : psi[i * r + j] / (si * sj))));
  return { sd, corr };
}
