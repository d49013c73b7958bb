/**
 * The outlier rule of ROUT (Motulsky & Brown, "Detecting outliers when fitting data with nonlinear
 * regression – a new method based on robust nonlinear regression and the false discovery rate",
 * BMC Bioinformatics 7:123, 2006), applied to the residuals of the robust fit:
 *
 *   RSDR = P₆₈.₂₇(|rᵢ|) · N/(N − K)      the robust standard deviation of the residuals
 *                                        (percentile by linear interpolation, R's type 7)
 *   rank |rᵢ| from low to high; for i = ⌊0.7·N⌋ … N (only the largest 30% are candidates):
 *     αᵢ = Q·(N − (i − 1))/N            the false discovery rate's threshold (Benjamini–Hochberg)
 *     tᵢ = |r₍ᵢ₎|/RSDR, Pᵢ two-sided from Student's t with N − K degrees of freedom
 *     if Pᵢ < αᵢ: the point ranked i and every larger residual are outliers; stop.
 *
 * N: points, K: free parameters, Q: the false discovery rate as a fraction (1% → 0.01).
 */
import { sortedQuantile } from './quantile';
import { studentTTwoSided } from './studentT';

/** RSDR of residuals with K free parameters (NaN when N ≤ K). */
export function robustSdOfResiduals(residuals: ArrayLike<number>, k: number): number {
  const n = residuals.length;
  if (n <= k) return NaN;
  const abs = Float64Array.from(residuals, Math.abs).sort();
  return (sortedQuantile(abs, 0.6827) * n) / (n - k);
}

/** Indices (into residuals) of the outliers, in the order of their |residual|, smallest first. */
export function routOutlierIndices(residuals: ArrayLike<number>, k: number, q: number): number[] {
  const n = residuals.length;
  const rsdr = robustSdOfResiduals(residuals, k);
  if (!(rsdr > 0) || !Number.isFinite(rsdr)) return [];
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => Math.abs(residuals[a]) - Math.abs(residuals[b]));
  for (let i = Math.max(1, Math.floor(0.7 * n)); i <= n; i++) {
    const at = order[i - 1];
    const alpha = (q * (n - (i - 1))) / n;
    const p = studentTTwoSided(Math.abs(residuals[at]) / rsdr, n - k);
    if (p < alpha) return order.slice(i - 1);
  }
  return [];
}
