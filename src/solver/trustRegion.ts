/**
 * The trust-region subproblem on an SVD and the radius update of scipy's TRF (_lsq/common.py).
 *
 * solveLsqTrustRegion: minimize ½‖J p + f‖² subject to ‖p‖ ≤ Δ, given the SVD of J, by Moré's
 * safeguarded Newton iteration on the Levenberg–Marquardt parameter α (more.ts; J. J. Moré, "The
 * Levenberg–Marquardt algorithm: implementation and theory", Numerical Analysis, Lecture Notes in
 * Mathematics 630, 1977). Legend: s = singular values, V = right singular vectors, uf = Uᵀf,
 * φ(α) = ‖p(α)‖ − Δ with p(α) = −V (s ⊙ uf / (s² + α)).
 */
import type { SubproblemFactor } from './linearModel';
import { moreStep } from './more';
import { SvdSecular } from './svdSecular';

export interface TrustRegionStep {
  readonly p: Float64Array;
  readonly alpha: number;
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
  const eq = new SvdSecular(n);
  eq.use(s, V, uf, m, squared);
  const p = new Float64Array(n);
  const alpha = moreStep(eq, Delta, initialAlpha, p, rtol, maxIter);
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
