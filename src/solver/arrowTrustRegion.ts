/**
 * The trust-region subproblem of TRF on an arrow-shaped normal matrix (arrow.ts):
 *
 *     minimize ½ pᵀ H p + g_hᵀ p  subject to ‖p‖ ≤ Δ,   H = diag(d)·JᵀJ·diag(d) + diag(diag_h),
 *
 * solved by Moré's safeguarded Newton iteration on the Levenberg–Marquardt parameter α
 * (J. J. Moré, "The Levenberg–Marquardt algorithm: implementation and theory", Numerical Analysis,
 * Lecture Notes in Mathematics 630, 1977), with p(α) = −(H + αI)⁻¹ g_h from Cholesky factors
 * instead of an SVD: φ(α) = ‖p(α)‖ − Δ and φ'(α) = −p(α)ᵀ(H + αI)⁻¹p(α) / ‖p(α)‖. This is the
 * iteration of scipy's solve_lsq_trust_region (trustRegion.ts) with the same bounds on α
 * (α_upper = ‖g_h‖/Δ, α_lower = −φ(0)/φ'(0) when H is nonsingular), the same stopping rule
 * (|φ| < 0.01·Δ, at most 10 steps) and the same final scaling to ‖p‖ = Δ; in exact arithmetic
 * both give the same step. Every (H + αI) keeps the arrow, so each φ costs one Schur-complement
 * factorization (O(G·l³ + s³)).
 */
import type { ArrowFactor } from './arrow';

const EPS = 2.220446049250313e-16;

export interface ArrowStepWork {
  readonly q: Float64Array;
  readonly w: Float64Array;
  /** −g_h (the right-hand side). */
  readonly rhs: Float64Array;
}

export function arrowStepWork(n: number): ArrowStepWork {
  return { q: new Float64Array(n), w: new Float64Array(n), rhs: new Float64Array(n) };
}

function norm2(a: Float64Array): number {
  let t = 0;
  for (let i = 0; i < a.length; i++) t += a[i] * a[i];
  return Math.sqrt(t);
}

/**
 * Factors H + αI, raising α where the factorization fails numerically (an exactly singular H at
 * a tiny α); returns the α that was factored.
 */
function factorShifted(F: ArrowFactor, d: Float64Array, diagH: Float64Array | null, alpha: number, floor: number): number {
  let a = alpha;
  for (let tries = 0; tries < 60; tries++) {
    if (F.factor(d, diagH, a)) return a;
    a = a > 0 ? 10 * a : floor;
  }
  throw new Error('arrowTrustRegion: the shifted normal matrix could not be factored');
}

/**
 * The step p_h (into work.q) and the new α. `m` is the number of rows of the (augmented)
 * least-squares problem, for the rank threshold (scipy's EPS·m·s₀ on singular values, i.e.
 * (EPS·m)² relative on the pivots of H).
 */
export function solveArrowTrustRegion(
  F: ArrowFactor,
  d: Float64Array,
  diagH: Float64Array | null,
  gH: Float64Array,
  Delta: number,
  initialAlpha: number,
  m: number,
  work: ArrowStepWork,
): { alpha: number; iterations: number } {
  const { q, w, rhs } = work;
  const n = gH.length;
  for (let i = 0; i < n; i++) rhs[i] = -gH[i];
  const gNorm = norm2(gH);
  const fullRank = F.factor(d, diagH, 0, (EPS * m) ** 2);
  if (fullRank) {
    F.solve(rhs, q);
    if (norm2(q) <= Delta) return { alpha: 0, iterations: 0 };
  }
  // φ and φ' at the α last factored.
  const phi = (): [number, number] => {
    F.solve(rhs, q);
    const pn = norm2(q);
    F.solve(q, w);
    let qw = 0;
    for (let i = 0; i < n; i++) qw += q[i] * w[i];
    return [pn - Delta, -qw / pn];
  };
  let alphaUpper = gNorm / Delta;
  let alphaLower = 0;
  if (fullRank) {
    const [p0, dp0] = phi();
    alphaLower = -p0 / dp0;
  }
  const floor = Math.max(1e-12 * alphaUpper, Number.MIN_VALUE);
  const fallback = () => Math.max(0.001 * alphaUpper, Math.sqrt(alphaLower * alphaUpper));
  let alpha = !fullRank && initialAlpha === 0 ? fallback() : initialAlpha;
  let it = 0;
  for (; it < 10; it++) {
    if (alpha < alphaLower || alpha > alphaUpper) alpha = fallback();
    alpha = factorShifted(F, d, diagH, alpha, floor);
    const [ph, dph] = phi();
    if (ph < 0) alphaUpper = alpha;
    const ratio = ph / dph;
    alphaLower = Math.max(alphaLower, alpha - ratio);
    alpha -= ((ph + Delta) * ratio) / Delta;
    if (Math.abs(ph) < 0.01 * Delta) break;
  }
  alpha = factorShifted(F, d, diagH, alpha, floor);
  F.solve(rhs, q);
  const pn = norm2(q);
  if (pn > 0) for (let i = 0; i < n; i++) q[i] *= Delta / pn;
  return { alpha, iterations: Math.min(it + 1, 10) };
}
