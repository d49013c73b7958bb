/**
 * Moré's secular equation (more.ts) from the QR factors of a well-conditioned, full-rank J_h,
 * as MINPACK's lmpar/qrsolv evaluate it (J. J. Moré, "The Levenberg–Marquardt algorithm:
 * implementation and theory", LNM 630, 1977, §3–5): p(α) = −R_α⁻¹b_α from the triangular factor
 * of [R·d; √α·I] (Givens rotations), with R_αᵀR_α = J_hᵀJ_h + αI and R_αᵀb_α = J_hᵀf, and
 * φ′(α) = −‖R_α⁻ᵀp‖²/‖p‖ (eq. 5.5). No SVD per iteration: the small-problem path's usual case.
 *
 * Legend: Rd = R·diag(d) (n×n upper triangular, row-major), qtf = Qᵀf, α = LM parameter,
 * Δ = radius. Storage is allocated once; nothing allocates per call.
 */
import type { SecularEquation } from './more';

export class ShiftedQrSecular implements SecularEquation {
  phi = 0;
  dphi = 0;
  private Rd: Float64Array;
  private qtf: Float64Array;
  private readonly S: Float64Array;
  private readonly b: Float64Array;
  private readonly row: Float64Array;
  private readonly w: Float64Array;
  /** p(α) of the last evaluation. */
  private readonly p: Float64Array;

  constructor(readonly n: number) {
    this.Rd = new Float64Array(n * n);
    this.qtf = new Float64Array(n);
    this.S = new Float64Array(n * n);
    this.b = new Float64Array(n);
    this.row = new Float64Array(n);
    this.w = new Float64Array(n);
    this.p = new Float64Array(n);
  }

  /** Takes R·d and Qᵀf (not copied). */
  use(Rd: Float64Array, qtf: Float64Array): void {
    this.Rd = Rd;
    this.qtf = qtf;
  }

  /** p(α) into this.p; φ and φ′ at α. */
  private shifted(alpha: number, Delta: number): void {
    const { n, Rd, qtf, S, b, row, w, p } = this;
    // Plain copies: for a few parameters TypedArray.prototype.set costs more than the copy.
    for (let i = 0; i < n * n; i++) S[i] = Rd[i];
    for (let i = 0; i < n; i++) b[i] = qtf[i];
    if (alpha > 0) {
      const ra = Math.sqrt(alpha);
      for (let j = 0; j < n; j++) {
        row.fill(0);
        row[j] = ra;
        let extra = 0;
        for (let k = j; k < n; k++) {
          const rk = row[k];
          if (rk === 0) continue;
          const skk = S[k * n + k];
          const r = Math.hypot(skk, rk);
          const c = skk / r;
          const sn = rk / r;
          for (let i = k; i < n; i++) {
            const a = S[k * n + i];
            const bb = row[i];
            S[k * n + i] = c * a + sn * bb;
            row[i] = -sn * a + c * bb;
          }
          const bk = b[k];
          b[k] = c * bk + sn * extra;
          extra = -sn * bk + c * extra;
        }
      }
    }
    // p = −S⁻¹b (back substitution), then w = S⁻ᵀp (forward substitution).
    let pSq = 0;
    for (let i = n - 1; i >= 0; i--) {
      let t = b[i];
      for (let k = i + 1; k < n; k++) t -= S[i * n + k] * -p[k];
      p[i] = -t / S[i * n + i];
      pSq += p[i] * p[i];
    }
    let wSq = 0;
    for (let i = 0; i < n; i++) {
      let t = p[i];
      for (let k = 0; k < i; k++) t -= S[k * n + i] * w[k];
      w[i] = t / S[i * n + i];
      wSq += w[i] * w[i];
    }
    const pn = Math.sqrt(pSq);
    this.phi = pn - Delta;
    this.dphi = -wSq / pn;
  }

  /** J_h has full rank here by construction (the caller chose this variant for it). */
  gaussNewton(out: Float64Array): number {
    this.shifted(0, 0);
    const p = this.p;
    for (let i = 0; i < p.length; i++) out[i] = p[i];
    return this.phi;
  }

  /** φ(0) = ‖p(0)‖ − Δ from the Gauss–Newton solve (no second solve). */
  atZero(Delta: number): void {
    this.phi -= Delta;
  }

  /** ‖J_hᵀf‖ = ‖(R·d)ᵀQᵀf‖. */
  gradientNorm(): number {
    const { n, Rd, qtf } = this;
    let gSq = 0;
    for (let j = 0; j < n; j++) {
      let t = 0;
      for (let i = 0; i <= j; i++) t += Rd[i * n + j] * qtf[i];
      gSq += t * t;
    }
    return Math.sqrt(gSq);
  }

  at(alpha: number, Delta: number): number {
    this.shifted(alpha, Delta);
    return alpha;
  }

  /**
   * The last Newton update can undershoot below 0 in exact arithmetic only when α_lower ≈ 0; a
   * zero shift is then the step scipy's formula approaches.
   */
  step(alpha: number, Delta: number, out: Float64Array): number {
    this.shifted(Math.max(alpha, 0), Delta);
    const { n, p } = this;
    let pn = 0;
    for (let i = 0; i < n; i++) pn += p[i] * p[i];
    pn = Math.sqrt(pn);
    for (let i = 0; i < n; i++) out[i] = pn > 0 ? p[i] * (Delta / pn) : p[i];
    return alpha;
  }
}
