/**
 * The trust-region subproblem of TRF, once for every linear-algebra variant:
 *
 *     minimize ½‖J_h p + f‖² (+ ½ pᵀ diag(diag_h) p)  subject to ‖p‖ ≤ Δ,
 *
 * by Moré's safeguarded Newton iteration on the Levenberg–Marquardt parameter α (J. J. Moré,
 * "The Levenberg–Marquardt algorithm: implementation and theory", Numerical Analysis, Lecture
 * Notes in Mathematics 630, 1977, §5; J. J. Moré and D. C. Sorensen, "Computing a trust region
 * step", SIAM J. Sci. Stat. Comput. 4(3), 1983, for the safeguards), as scipy's
 * solve_lsq_trust_region does it: α_upper = ‖J_hᵀf‖/Δ, α_lower = −φ(0)/φ′(0) when J_h has full
 * rank, at most 10 steps, stop at |φ| < 0.01·Δ, then p scaled to ‖p‖ = Δ exactly.
 *
 * A variant (SVD of J_h, shifted QR factors of R·d, Cholesky of the arrow matrix) only says how to
 * compute φ and φ′ at an α — the `SecularEquation`; the iteration is this one function.
 *
 * Legend: p(α) = −(J_hᵀJ_h + αI)⁻¹J_hᵀf, φ(α) = ‖p(α)‖ − Δ (Moré's secular equation),
 * φ′(α) = −p(α)ᵀ(J_hᵀJ_h + αI)⁻¹p(α)/‖p(α)‖, Δ = trust-region radius.
 */

/** φ(α) = ‖p(α)‖ − Δ of one linear-algebra variant, evaluated in its own factors. */
export interface SecularEquation {
  /** φ and φ′ at the α of the last `at` (or `atZero`). */
  phi: number;
  dphi: number;
  /** The Gauss–Newton step p(0) into p when J_h has full rank, returning ‖p‖; −1 when it has not. */
  gaussNewton(p: Float64Array): number;
  /** φ(0) and φ′(0), after `gaussNewton` found J_h of full rank. */
  atZero(Delta: number): void;
  /** ‖J_hᵀf‖ (scipy's ‖s ⊙ uf‖). */
  gradientNorm(): number;
  /** φ(α) and φ′(α); returns the α it used (a variant may raise an α it cannot factor). */
  at(alpha: number, Delta: number): number;
  /** p(α) scaled to ‖p‖ = Δ into p; returns the α to carry into the next subproblem. */
  step(alpha: number, Delta: number, p: Float64Array): number;
}

/**
 * The step p_h into `p` and the new α. `initialAlpha` is the previous subproblem's α (scipy
 * passes it back in); null starts from the safeguarded guess.
 */
export function moreStep(
  eq: SecularEquation,
  Delta: number,
  initialAlpha: number | null,
  p: Float64Array,
  rtol = 0.01,
  maxIter = 10,
): number {
  const gaussNewtonNorm = eq.gaussNewton(p);
  const fullRank = gaussNewtonNorm >= 0;
  if (fullRank && gaussNewtonNorm <= Delta) return 0;

  let alphaUpper = eq.gradientNorm() / Delta;
  let alphaLower = 0;
  if (fullRank) {
    eq.atZero(Delta);
    alphaLower = -eq.phi / eq.dphi;
  }
  let alpha =
    initialAlpha === null || (!fullRank && initialAlpha === 0) ? Math.max(0.001 * alphaUpper, Math.sqrt(alphaLower * alphaUpper)) : initialAlpha;
  for (let it = 0; it < maxIter; it++) {
    if (alpha < alphaLower || alpha > alphaUpper) alpha = Math.max(0.001 * alphaUpper, Math.sqrt(alphaLower * alphaUpper));
    alpha = eq.at(alpha, Delta);
    const phi = eq.phi;
    if (phi < 0) alphaUpper = alpha;
    const ratio = phi / eq.dphi;
    alphaLower = Math.max(alphaLower, alpha - ratio);
    alpha -= ((phi + Delta) * ratio) / Delta;
    if (Math.abs(phi) < rtol * Delta) break;
  }
  return eq.step(alpha, Delta, p);
}
