/**
 * Moré's secular equation (more.ts) from an SVD of the scaled, augmented Jacobian, as scipy's
 * solve_lsq_trust_region evaluates it: with J_h = U·diag(s)·Vᵀ and uf = Uᵀf,
 * p(α) = −V·(s ⊙ uf / (s² + α)), ‖p(α)‖² = Σ (sᵢufᵢ/(sᵢ² + α))², φ′(α) = −Σ (sᵢufᵢ)²/(sᵢ² + α)³ / ‖p‖
 * (J. J. Moré, LNM 630, 1977). The dense path (an SVD of R·d or an eigendecomposition of JᵀJ:
 * linearModel.ts) and the small path's ill-conditioned case share it.
 *
 * Legend: s = singular values (descending), V = right singular vectors (n×n row-major),
 * uf = Uᵀf, suf = s ⊙ uf, m = residuals (the rank threshold EPS·m·s₀, aboveRankFloor).
 */
import { aboveRankFloor } from './linearModel';
import type { SecularEquation } from './more';
import { norm } from './vec';

export class SvdSecular implements SecularEquation {
  phi = 0;
  dphi = 0;
  private s: Float64Array;
  private V: Float64Array;
  private uf: Float64Array;
  private readonly suf: Float64Array;
  private fullRank = false;

  constructor(
    readonly n: number,
    /** The norm of ‖p‖ and ‖s ⊙ uf‖: the variant's (TrustRegionVariant.norm). */
    private readonly measure: (a: Float64Array) => number = norm,
  ) {
    this.s = new Float64Array(n);
    this.V = new Float64Array(n * n);
    this.uf = new Float64Array(n);
    this.suf = new Float64Array(n);
  }

  /** Takes the factors (not copied) of the problem with m residuals; `squared`: s = √λ of JᵀJ. */
  use(s: Float64Array, V: Float64Array, uf: Float64Array, m: number, squared: boolean): void {
    const { n, suf } = this;
    this.s = s;
    this.V = V;
    this.uf = uf;
    for (let i = 0; i < n; i++) suf[i] = s[i] * uf[i];
    this.fullRank = m >= n && aboveRankFloor(s[n - 1], s[0], m, squared);
  }

  /** p = −V·coef with coef = uf/s (Gauss–Newton) or s⊙uf/(s² + α). */
  private combine(alpha: number, gaussNewton: boolean, p: Float64Array): void {
    const { n, s, V, uf, suf } = this;
    for (let i = 0; i < n; i++) {
      let t = 0;
      for (let j = 0; j < n; j++) t += V[i * n + j] * (gaussNewton ? uf[j] / s[j] : suf[j] / (s[j] * s[j] + alpha));
      p[i] = -t;
    }
  }

  gaussNewton(p: Float64Array): number {
    if (!this.fullRank) return -1;
    this.combine(0, true, p);
    return this.measure(p);
  }

  atZero(Delta: number): void {
    this.at(0, Delta);
  }

  gradientNorm(): number {
    return this.measure(this.suf);
  }

  at(alpha: number, Delta: number): number {
    const { n, s, suf } = this;
    let pSq = 0;
    let sum3 = 0;
    for (let i = 0; i < n; i++) {
      const denom = s[i] * s[i] + alpha;
      pSq += (suf[i] / denom) ** 2;
      sum3 += (suf[i] * suf[i]) / (denom * denom * denom);
    }
    const pNorm = Math.sqrt(pSq);
    this.phi = pNorm - Delta;
    this.dphi = -sum3 / pNorm;
    return alpha;
  }

  step(alpha: number, Delta: number, p: Float64Array): number {
    this.combine(alpha, false, p);
    // ‖p‖ = Δ exactly, so that p never lies outside the trust region (scipy does the same).
    const pn = this.measure(p);
    if (pn > 0) for (let i = 0; i < p.length; i++) p[i] *= Delta / pn;
    return alpha;
  }
}
