/**
 * The per-group numbers of a result row, and nothing more: standard errors from the diagonal of
 * curve_fit's covariance (pseudo-inverse of JᵀJ from the SVD of R, singular values below
 * EPS·max(m, n)·s₀ discarded, scaled by 2·cost/(m − n) unless σ is absolute; as
 * stats/covariance.ts, diagonal only), χ²_ν and R² (stats/goodness.ts definitions). The full
 * covariance, intervals and the rest wait until a group is opened (openGroup.ts).
 */

import type { SmallSvd } from '../../solver/svd';

const EPS = 2.220446049250313e-16;

/**
 * √diag(pcov) into out from J's singular values s (descending) and right vectors V (n×n):
 * Infinity where the covariance cannot be estimated (rank 0, or no degrees of freedom unless σ is absolute).
 */
export function standardErrorsFromSvd(
  s: Float64Array,
  V: Float64Array,
  n: number,
  m: number,
  cost: number,
  absoluteSigma: boolean,
  out: Float64Array,
): void {
  const threshold = EPS * Math.max(m, n) * s[0];
  let rank = 0;
  while (rank < n && s[rank] > threshold) rank++;
  const finite = rank > 0 && (absoluteSigma || m > n);
  const factor = absoluteSigma ? 1 : (2 * cost) / (m - n);
  for (let i = 0; i < n; i++) {
    if (!finite) {
      out[i] = Infinity;
      continue;
    }
    let v = 0;
    for (let k = 0; k < rank; k++) v += (V[i * n + k] / s[k]) ** 2;
    // A direction outside the kept rank that involves parameter i leaves it undetermined.
    let undetermined = false;
    for (let k = rank; k < n; k++) if (Math.abs(V[i * n + k]) > 0.1) undetermined = true;
    out[i] = undetermined ? Infinity : Math.sqrt(v * factor);
  }
}

/**
 * The same standard errors from J's triangular factor R (J = Q·R): when R is well conditioned,
 * (JᵀJ)⁻¹ = R⁻¹R⁻ᵀ and diag(pcov)ᵢ = ‖row i of R⁻¹‖²·2·cost/(m − n), with no SVD; otherwise
 * through the SVD of R (`svd`'s workspace), which applies curve_fit's rank threshold.
 */
export function standardErrorsFromR(
  R: Float64Array,
  svd: SmallSvd,
  n: number,
  m: number,
  cost: number,
  absoluteSigma: boolean,
  out: Float64Array,
): void {
  let minDiag = Infinity;
  let maxCol = 0;
  for (let j = 0; j < n; j++) {
    minDiag = Math.min(minDiag, Math.abs(R[j * n + j]));
    let c = 0;
    for (let i = 0; i <= j; i++) c += R[i * n + j] * R[i * n + j];
    maxCol = Math.max(maxCol, Math.sqrt(c));
  }
  if (!(minDiag > 1e-8 * maxCol) || !(absoluteSigma || m > n)) {
    svd.decompose(R);
    standardErrorsFromSvd(svd.s, svd.V, n, m, cost, absoluteSigma, out);
    return;
  }
  const factor = absoluteSigma ? 1 : (2 * cost) / (m - n);
  // Row i of R⁻¹ (upper triangular): solve eᵢᵀ = zᵀR for zᵀ = eᵢᵀR⁻¹, entries i … n−1.
  const z = svd.s; // n scratch entries, overwritten by the next decompose
  for (let i = 0; i < n; i++) {
    let sq = 0;
    for (let j = 0; j < n; j++) {
      if (j < i) {
        z[j] = 0;
        continue;
      }
      let t = j === i ? 1 : 0;
      for (let k = i; k < j; k++) t -= z[k] * R[k * n + j];
      z[j] = t / R[j * n + j];
      sq += z[j] * z[j];
    }
    out[i] = Math.sqrt(sq * factor);
  }
}

/** 1 − χ²/Σwᵢ²(yᵢ − ȳ_w)², as goodnessOfFit (NaN when the y are constant). */
export function rSquared(y: Float64Array, w: Float64Array | null, chi2: number): number {
  const m = y.length;
  let sw = 0;
  let swy = 0;
  for (let i = 0; i < m; i++) {
    const w2 = w ? w[i] * w[i] : 1;
    sw += w2;
    swy += w2 * y[i];
  }
  const mean = swy / sw;
  let tss = 0;
  for (let i = 0; i < m; i++) tss += (w ? w[i] * w[i] : 1) * (y[i] - mean) ** 2;
  return tss > 0 ? 1 - chi2 / tss : NaN;
}
