/**
 * Criteria shared by the comparisons (global vs separate fits, one model vs another): AICc, the
 * F distribution's upper tail, Akaike weights and p values in words.
 *
 * AICc is Akaike's criterion with the small-sample correction (Hurvich & Tsai, Biometrika 76,
 * 1989), for least squares AICc = N·ln(χ²/N) + 2K + 2K(K + 1)/(N − K − 1) with K = free
 * parameters + 1 (the variance, as Motulsky & Christopoulos, Fitting Models to Biological Data,
 * Oxford 2004, ch. 22 count it). It differs from R's AIC(nls) + 2K(K+1)/(N−K−1) by a constant
 * that is the same for every model of the same points, so differences agree with R's.
 */
import { betaInc } from '../../stats/special';

export function aicc(chi2: number, points: number, parameters: number): number {
  const K = parameters + 1;
  return points * Math.log(Math.max(chi2, Number.MIN_VALUE) / points) + 2 * K + (points - K - 1 > 0 ? (2 * K * (K + 1)) / (points - K - 1) : Infinity);
}

/** Upper tail P(F > f) of the F(d1, d2) distribution. */
export function fSurvival(f: number, d1: number, d2: number): number {
  if (!(f > 0)) return 1;
  if (!Number.isFinite(f)) return 0;
  return betaInc(d2 / 2, d1 / 2, d2 / (d2 + d1 * f));
}

export function formatP(p: number): string {
  if (!Number.isFinite(p)) return 'p = n/a';
  if (p < 0.001) return 'p < 0.001';
  return `p = ${p < 0.01 ? p.toFixed(3) : p.toPrecision(2)}`;
}

/**
 * The Akaike weight of model A against B from Δ = AICc(A) − AICc(B): exp(−Δ/2)/(1 + exp(−Δ/2)),
 * the probability that A is the better of the two (Burnham & Anderson, Model Selection and
 * Multimodel Inference, Springer 2002, §2.9).
 */
export function akaikeWeight(delta: number): number {
  return 1 / (1 + Math.exp(delta / 2));
}
