/**
 * The LME step's objective: the log-likelihood of the linear mixed model that linearizes the
 * nonlinear one at the PNLS solution, profiled over the fixed effects and σ (Pinheiro & Bates
 * 2000, §2.2.2 and §7.2.1; Lindstrom & Bates 1990). With X_g = ∂f/∂β, Z_g = ∂f/∂b_g (the random
 * parameters' columns of X_g) and the working response u_g = y_g − f_g + Z_g·b_g, the model is
 * u_g = X_g·δ + Z_g·b_g′ + ε_g, b_g′ ~ N(0, σ²(ΔᵀΔ)⁻¹) (δ: the step of β). Eliminating b_g′ and δ
 * from the cross-products K_g = [X_g u_g]ᵀ[X_g u_g]:
 *
 *   C_g = Z_gᵀZ_g + ΔᵀΔ                                (r×r; P&B's R₁₁₍ᵢ₎ᵀR₁₁₍ᵢ₎)
 *   K̃   = Σ_g K_g − [Z_gᵀX_g  Z_gᵀu_g]ᵀ C_g⁻¹ [Z_gᵀX_g  Z_gᵀu_g]
 *   R₀₀ᵀR₀₀ = K̃_XX,  δ̂ = K̃_XX⁻¹K̃_Xu,  ‖ĉ‖² = K̃_uu − K̃_uXδ̂   (the penalized RSS)
 *
 *   ML:   ℓ = N/2·(log N − log 2π − 1) − N/2·log‖ĉ‖² + G·log|det Δ| − ½Σ_g log det C_g
 *   REML: ℓ = (N−p)/2·(log(N−p) − log 2π − 1) − (N−p)/2·log‖ĉ‖² + G·log|det Δ|
 *             − ½Σ_g log det C_g − log|det R₀₀|
 *
 * P&B form these through QR decompositions; the normal equations here square the condition of
 * blocks that are at most (p+1)×(p+1) per group, which costs digits only far below the 1e-3 of the
 * comparison with nlme, and makes one evaluation O(G·(r³ + r(p+1)²)) without touching the rows.
 */
import { choleskyInPlace, choleskyInverse, solveLower, solveLowerT } from '../../solver/cholesky';
import type { GroupCross } from './pnlsEvaluator';
import { deltaOf, precisionOf, type RandomCov } from './precisionFactor';

export type MixedMethod = 'ml' | 'reml';

export interface LmeSolution {
  readonly logLik: number;
  /** Penalized residual sum of squares ‖ĉ‖². */
  readonly prss: number;
  /** σ̂² = ‖ĉ‖²/N (ML) or ‖ĉ‖²/(N − p) (REML). */
  readonly sigma2: number;
  /** δ̂: the step of the fixed effects (p). */
  readonly step: Float64Array;
  /** Each group's b′ (G·r). */
  readonly b: Float64Array;
  /** K̃_XX⁻¹ (p×p): σ̂²·K̃_XX⁻¹ is the fixed effects' covariance. */
  readonly xxInverse: Float64Array;
}

export class ProfiledLogLik {
  private readonly q: number;
  private readonly K: Float64Array;
  private readonly Kred: Float64Array;
  private readonly C: Float64Array;
  private readonly W: Float64Array;

  /**
   * @param cross each group's cross-products at the PNLS solution
   * @param b     each group's random effects there (G·r)
   */
  constructor(
    cross: readonly GroupCross[],
    b: ArrayLike<number>,
    private readonly p: number,
    private readonly rho: readonly number[],
    private readonly N: number,
    readonly method: MixedMethod,
    readonly cov: RandomCov,
  ) {
    const q = (this.q = p + 1);
    const r = rho.length;
    const G = cross.length;
    this.K = new Float64Array(G * q * q);
    for (let g = 0; g < G; g++) {
      const { XtX, Xtf, ftf } = cross[g];
      const o = g * q * q;
      const bo = g * r;
      // Xᵀu = −Xᵀf + XᵀZ·b;  uᵀu = fᵀf − 2bᵀZᵀf + bᵀZᵀZb.
      let uu = ftf;
      for (let j = 0; j < r; j++) {
        uu -= 2 * b[bo + j] * Xtf[rho[j]];
        for (let k = 0; k < r; k++) uu += b[bo + j] * XtX[rho[j] * p + rho[k]] * b[bo + k];
      }
      for (let i = 0; i < p; i++) {
        for (let j = 0; j < p; j++) this.K[o + i * q + j] = XtX[i * p + j];
        let xu = -Xtf[i];
        for (let j = 0; j < r; j++) xu += XtX[i * p + rho[j]] * b[bo + j];
        this.K[o + i * q + p] = xu;
        this.K[o + p * q + i] = xu;
      }
      this.K[o + p * q + p] = uu;
    }
    this.Kred = new Float64Array(q * q);
    this.C = new Float64Array(r * r);
    this.W = new Float64Array(r * q);
  }

  get groups(): number {
    return this.K.length / (this.q * this.q);
  }

  /** ℓ at θ (−∞ where a factorization fails). */
  logLik(theta: ArrayLike<number>): number {
    return this.evaluate(theta, false)?.logLik ?? -Infinity;
  }

  /** ℓ at θ with the estimates it profiles over; null where a factorization fails. */
  solve(theta: ArrayLike<number>): LmeSolution | null {
    return this.evaluate(theta, true);
  }

  private evaluate(theta: ArrayLike<number>, full: boolean): LmeSolution | null {
    const { p, q, rho, K, Kred, C, W, N } = this;
    const r = rho.length;
    const G = this.groups;
    const delta = deltaOf(theta, r, this.cov);
    const P = precisionOf(delta, r);
    let logDetDelta = 0;
    for (let j = 0; j < r; j++) logDetDelta += Math.log(Math.abs(delta[j * r + j]));
    Kred.fill(0);
    let logDetC = 0;
    const Wall = full ? new Float64Array(G * r * q) : null;
    const Lall = full ? new Float64Array(G * r * r) : null;
    for (let g = 0; g < G; g++) {
      const o = g * q * q;
      for (let j = 0; j < r; j++) for (let k = 0; k < r; k++) C[j * r + k] = K[o + rho[j] * q + rho[k]] + P[j * r + k];
      if (!choleskyInPlace(C, 0, r)) return null;
      for (let j = 0; j < r; j++) logDetC += 2 * Math.log(C[j * r + j]);
      // W = L⁻¹·[ZᵀX Zᵀu] (r×q), column by column.
      for (let c = 0; c < q; c++) {
        for (let j = 0; j < r; j++) {
          let t = K[o + rho[j] * q + c];
          for (let k = 0; k < j; k++) t -= C[j * r + k] * W[k * q + c];
          W[j * q + c] = t / C[j * r + j];
        }
      }
      for (let a = 0; a < q; a++) {
        for (let c = a; c < q; c++) {
          let t = K[o + a * q + c];
          for (let j = 0; j < r; j++) t -= W[j * q + a] * W[j * q + c];
          Kred[a * q + c] += t;
        }
      }
      if (Wall && Lall) {
        Wall.set(W, g * r * q);
        Lall.set(C, g * r * r);
      }
    }
    for (let a = 0; a < q; a++) for (let c = 0; c < a; c++) Kred[a * q + c] = Kred[c * q + a];
    // R₀₀ from K̃_XX, then δ̂ and ‖ĉ‖².
    const R = new Float64Array(p * p);
    for (let i = 0; i < p; i++) for (let j = 0; j < p; j++) R[i * p + j] = Kred[i * q + j];
    if (!choleskyInPlace(R, 0, p)) return null;
    const z = new Float64Array(p);
    for (let i = 0; i < p; i++) z[i] = Kred[i * q + p];
    solveLower(R, 0, p, z, 0);
    let prss = Kred[p * q + p];
    for (let i = 0; i < p; i++) prss -= z[i] * z[i];
    if (!(prss > 0)) return null;
    let logDetR = 0;
    for (let i = 0; i < p; i++) logDetR += Math.log(R[i * p + i]);
    const reml = this.method === 'reml';
    const n = reml ? N - p : N;
    let logLik = 0.5 * n * (Math.log(n) - Math.log(2 * Math.PI) - 1) - 0.5 * n * Math.log(prss) + G * logDetDelta - 0.5 * logDetC;
    if (reml) logLik -= logDetR;
    if (!full || !Wall || !Lall) return { logLik, prss, sigma2: prss / n, step: z, b: new Float64Array(0), xxInverse: new Float64Array(0) };
    const step = z;
    solveLowerT(R, 0, p, step, 0);
    // b_g′ = C_g⁻¹(Zᵀu − ZᵀXδ̂) = L⁻ᵀ(W_u − W_X·δ̂).
    const b = new Float64Array(G * r);
    for (let g = 0; g < G; g++) {
      const wo = g * r * q;
      for (let j = 0; j < r; j++) {
        let t = Wall[wo + j * q + p];
        for (let i = 0; i < p; i++) t -= Wall[wo + j * q + i] * step[i];
        b[g * r + j] = t;
      }
      solveLowerT(Lall, g * r * r, r, b, g * r);
    }
    const xxInverse = new Float64Array(p * p);
    choleskyInverse(R, 0, p, xxInverse, 0, new Float64Array(p));
    return { logLik, prss, sigma2: prss / n, step, b, xxInverse };
  }
}
