/**
 * The trust-region subproblem and radius update of scipy's TRF (_lsq/common.py).
 *
 * solveLsqTrustRegion: minimize ½‖J p + f‖² subject to ‖p‖ ≤ Δ, given the SVD of J, by Moré's
 * safeguarded Newton iteration on the Levenberg–Marquardt parameter α (J. J. Moré, "The
 * Levenberg–Marquardt algorithm: implementation and theory", Numerical Analysis, Lecture Notes in
 * Mathematics 630, 1977). Legend: s = singular values, V = right singular vectors, uf = Uᵀf,
 * suf = s ⊙ uf, φ(α) = ‖p(α)‖ − Δ with p(α) = −V (suf / (s² + α)).
 */
import { aboveRankFloor, type SubproblemFactor } from './linearModel';
import { norm } from './vec';

export interface TrustRegionStep {
  readonly p: Float64Array;
  readonly alpha: number;
}

function combine(V: Float64Array, n: number, coef: Float64Array): Float64Array {
  const p = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let t = 0;
    for (let j = 0; j < n; j++) t += V[i * n + j] * coef[j];
    p[i] = -t;
  }
  return p;
}

function phiAndDerivative(alpha: number, suf: Float64Array, s: Float64Array, Delta: number): [number, number] {
  let pSq = 0;
  let sum3 = 0;
  for (let i = 0; i < s.length; i++) {
    const denom = s[i] * s[i] + alpha;
    pSq += (suf[i] / denom) ** 2;
    sum3 += (suf[i] * suf[i]) / (denom * denom * denom);
  }
  const pNorm = Math.sqrt(pSq);
  return [pNorm - Delta, -sum3 / pNorm];
}

/**
 * scipy's solve_lsq_trust_region. `m` is the number of residuals (the rank threshold is
 * EPS·m·s₀, or EPS·m·λ_max for a factor from JᵀJ: aboveRankFloor). `initialAlpha` is the
 * previous iteration's α (scipy passes it back in).
 */
export function solveLsqTrustRegion(
  n: number,
  m: number,
  { s, V, uf, squared }: SubproblemFactor,
  Delta: number,
  initialAlpha: number | null = null,
  rtol = 0.01,
  maxIter = 10,
): TrustRegionStep {
  const suf = new Float64Array(n);
  for (let i = 0; i < n; i++) suf[i] = s[i] * uf[i];

  let fullRank = false;
  if (m >= n) fullRank = aboveRankFloor(s[n - 1], s[0], m, squared);

  if (fullRank) {
    const coef = new Float64Array(n);
    for (let i = 0; i < n; i++) coef[i] = uf[i] / s[i];
    const p = combine(V, n, coef);
    if (norm(p) <= Delta) return { p, alpha: 0 };
  }

  let alphaUpper = norm(suf) / Delta;
  let alphaLower = 0;
  if (fullRank) {
    const [phi, phiPrime] = phiAndDerivative(0, suf, s, Delta);
    alphaLower = -phi / phiPrime;
  }

  const fallback = () => Math.max(0.001 * alphaUpper, Math.sqrt(alphaLower * alphaUpper));
  let alpha = initialAlpha === null || (!fullRank && initialAlpha === 0) ? fallback() : initialAlpha;

  for (let it = 0; it < maxIter; it++) {
    if (alpha < alphaLower || alpha > alphaUpper) alpha = fallback();
    const [phi, phiPrime] = phiAndDerivative(alpha, suf, s, Delta);
    if (phi < 0) alphaUpper = alpha;
    const ratio = phi / phiPrime;
    alphaLower = Math.max(alphaLower, alpha - ratio);
    alpha -= ((phi + Delta) * ratio) / Delta;
    if (Math.abs(phi) < rtol * Delta) break;
  }

  const coef = new Float64Array(n);
  for (let i = 0; i < n; i++) coef[i] = suf[i] / (s[i] * s[i] + alpha);
  const p = combine(V, n, coef);
  // Make ‖p‖ = Δ exactly, so that p never lies outside the trust region (scipy does the same).
  const pn = norm(p);
  if (pn > 0) for (let i = 0; i < n; i++) p[i] *= Delta / pn;
  return { p, alpha };
}

/**
 * scipy's update_tr_radius: ratio ρ = actual/predicted reduction; shrink to ¼‖step‖ when ρ < ¼,
 * double when ρ > ¾ and the step reached the boundary.
 */
export function updateTrRadius(
  Delta: number,
  actualReduction: number,
  predictedReduction: number,
  stepNorm: number,
  boundHit: boolean,
): { Delta: number; ratio: number } {
  let ratio: number;
  if (predictedReduction > 0) ratio = actualReduction / predictedReduction;
  else if (predictedReduction === 0 && actualReduction === 0) ratio = 1;
  else ratio = 0;
  if (ratio < 0.25) Delta = 0.25 * stepNorm;
  else if (ratio > 0.75 && boundHit) Delta *= 2;
  return { Delta, ratio };
}

/** t₋ ≤ 0 ≤ t₊ with ‖x + t·s‖ = Δ (scipy's intersect_trust_region; x inside the region). */
export function intersectTrustRegion(x: Float64Array, s: Float64Array, Delta: number): [number, number] {
  let a = 0;
  let b = 0;
  let c = -Delta * Delta;
  for (let i = 0; i < x.length; i++) {
    a += s[i] * s[i];
    b += x[i] * s[i];
    c += x[i] * x[i];
  }
  if (a === 0) throw new Error('intersectTrustRegion: `s` is zero');
  if (c > 0) throw new Error('intersectTrustRegion: `x` is not within the trust region');
  const d = Math.sqrt(b * b - a * c);
  // The numerically stable root pair (Numerical Recipes §5.6).
  const q = -(b + (b >= 0 ? d : -d));
  const t1 = q / a;
  const t2 = c / q;
  return t1 < t2 ? [t1, t2] : [t2, t1];
}
