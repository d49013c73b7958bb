/**
 * The small-problem path of the Trust Region Reflective solver: scipy's trf_no_bounds with
 * tr_solver='exact' (M. A. Branch, T. F. Coleman and Y. Li, SIAM J. Sci. Comput. 21(1), 1999;
 * the subproblem by Moré's iteration, J. J. Moré, LNM 630, 1977), the same steps as trf.ts, for
 * many fits of a few parameters (per-group batches). trf.ts is general (bounds, any evaluator,
 * promises, a history); this one is synchronous, unbounded, and works in storage allocated once
 * per batch, so a 12-point fit costs microseconds instead of allocation and promise overhead.
 *
 * Per outer iteration: J = Q·R by Householder (QrAccumulator), SVD of R·diag(d) (SmallSvd),
 * uf = U'ᵀQᵀf, then trial steps p(α) = −V·(s⊙uf/(s² + α)) until one reduces the cost. A trial
 * point is evaluated with its Jacobian at once (residuals and J of a small model cost about the
 * same), so an accepted step needs no second evaluation.
 *
 * Legend as in trf.ts: d = x_scale (1/‖J columns‖ for 'jac'), g = Jᵀf, Δ = radius, α = LM parameter.
 */
import { QrAccumulator } from './qrAccumulator';
import { SmallSvd } from './smallSvd';
import { checkTermination, terminationMessage, type Status } from './termination';
import { updateTrRadius } from './trustRegion';

const EPS = 2.220446049250313e-16;

/** A least-squares problem of n parameters and m ≤ capacity residuals. */
export interface SmallProblem {
  readonly m: number;
  /**
   * Residuals into f[0..m) and, when J is given, the Jacobian into J (m×n row-major); returns
   * ½Σρ(fᵢ²), non-finite when any residual is.
   */
  evaluate(x: Float64Array, f: Float64Array, J: Float64Array | null): number;
  /** scipy's scale_for_robust_loss_function on f and J in place (nothing for the linear loss). */
  scaleForLoss(f: Float64Array, J: Float64Array): void;
}

export interface SmallTrfOptions {
  readonly ftol: number;
  readonly xtol: number;
  readonly gtol: number;
  readonly maxNfev: number;
  /** 'jac' or one positive scale per parameter. */
  readonly xScale: Float64Array | 'jac';
}

/** Storage for fits of n parameters and up to `capacity` residuals; reused fit after fit. */
export class SmallTrf {
  /** The solution after `solve` (owned by the workspace: copy it). */
  readonly x: Float64Array;
  /** R and Qᵀf of J at x after `solve` (the covariance reads them). */
  readonly qr: QrAccumulator;
  readonly svd: SmallSvd;
  cost = NaN;
  nfev = 0;
  njev = 0;
  nit = 0;
  status: Status = 0;
  optimality = NaN;
  private relativeReduction = NaN;
  private relativeStep = NaN;
  private readonly f: Float64Array;
  private readonly J: Float64Array;
  private readonly xNew: Float64Array;
  private readonly g: Float64Array;
  private readonly d: Float64Array;
  private readonly scaleInv: Float64Array;
  private readonly Rd: Float64Array;
  private readonly uf: Float64Array;
  private readonly suf: Float64Array;
  private readonly pH: Float64Array;
  private readonly step: Float64Array;
  private readonly S: Float64Array;
  private readonly b: Float64Array;
  private readonly row: Float64Array;
  private readonly w: Float64Array;

  constructor(
    readonly n: number,
    readonly capacity: number,
  ) {
    this.x = new Float64Array(n);
    this.qr = new QrAccumulator(n);
    this.svd = new SmallSvd(n);
    this.f = new Float64Array(capacity);
    this.J = new Float64Array(capacity * n);
    this.xNew = new Float64Array(n);
    this.g = new Float64Array(n);
    this.d = new Float64Array(n);
    this.scaleInv = new Float64Array(n);
    this.Rd = new Float64Array(n * n);
    this.uf = new Float64Array(n);
    this.suf = new Float64Array(n);
    this.pH = new Float64Array(n);
    this.step = new Float64Array(n);
    this.S = new Float64Array(n * n);
    this.b = new Float64Array(n);
    this.row = new Float64Array(n);
    this.w = new Float64Array(n);
  }

  get success(): boolean {
    return this.status > 0;
  }

  message(opts: SmallTrfOptions): string {
    return terminationMessage({
      status: this.status,
      ftol: opts.ftol,
      xtol: opts.xtol,
      gtol: opts.gtol,
      maxNfev: opts.maxNfev,
      gradientNorm: this.optimality,
      relativeReduction: this.relativeReduction,
      relativeStep: this.relativeStep,
    });
  }

  /** Folds the problem's f, J (already evaluated at x) into R, Qᵀf, g and the column norms. */
  private factorJacobian(problem: SmallProblem): void {
    const { n, qr, g } = this;
    problem.scaleForLoss(this.f, this.J);
    qr.R.fill(0);
    qr.qtf.fill(0);
    qr.addRows(this.J, this.f, problem.m);
    const R = qr.R;
    for (let j = 0; j < n; j++) {
      let t = 0;
      for (let i = 0; i <= j; i++) t += R[i * n + j] * qr.qtf[i];
      g[j] = t;
    }
  }

  private columnNorm(j: number): number {
    const { n } = this;
    const R = this.qr.R;
    let t = 0;
    for (let i = 0; i <= j; i++) t += R[i * n + j] * R[i * n + j];
    return Math.sqrt(t);
  }

  /**
   * Runs TRF from x0. Returns false, leaving x at x0, when the residuals are not finite there
   * (the caller reports it); otherwise the outcome is in x, cost, status and the counters.
   */
  solve(problem: SmallProblem, x0: ArrayLike<number>, opts: SmallTrfOptions): boolean {
    const { n, x, xNew, g, d, scaleInv, Rd, uf, suf, pH, step, svd } = this;
    const m = problem.m;
    if (m > this.capacity) throw new RangeError(`SmallTrf: ${m} residuals exceed the capacity ${this.capacity}`);
    const { ftol, xtol, gtol, maxNfev } = opts;
    const jacScaling = opts.xScale === 'jac';
    for (let i = 0; i < n; i++) x[i] = x0[i];
    this.nfev = 1;
    this.njev = 1;
    this.nit = 0;
    this.status = 0;
    this.relativeReduction = NaN;
    this.relativeStep = NaN;
    let cost = problem.evaluate(x, this.f, this.J);
    this.cost = cost;
    if (!Number.isFinite(cost)) return false;
    this.factorJacobian(problem);
    for (let j = 0; j < n; j++) {
      if (jacScaling) {
        const c = this.columnNorm(j);
        scaleInv[j] = c === 0 ? 1 : c;
      } else scaleInv[j] = 1 / (opts.xScale as Float64Array)[j];
    }
    let Delta = 0;
    for (let i = 0; i < n; i++) Delta += (x[i] * scaleInv[i]) ** 2;
    Delta = Math.sqrt(Delta);
    if (Delta === 0 || !Number.isFinite(Delta)) Delta = 1;
    let alpha = 0;
    let status: Status | null = null;
    const R = this.qr.R;

    for (;;) {
      let gNorm = 0;
      for (let i = 0; i < n; i++) gNorm = Math.max(gNorm, Math.abs(g[i]));
      this.optimality = gNorm;
      if (gNorm < gtol) status = 1;
      if (status !== null || this.nfev >= maxNfev) break;

      // The subproblem on J_h = J·diag(d) = Q·(R·diag(d)). A well-conditioned R·d (the usual
      // case) takes Moré's iteration on shifted QR factors, as MINPACK's lmpar/qrsolv do; an
      // ill-conditioned or rank-deficient one takes scipy's SVD path. Both give the same step:
      // p(α) = −(J_hᵀJ_h + αI)⁻¹J_hᵀf with the same α iteration (see trustRegionStepQr).
      for (let j = 0; j < n; j++) d[j] = 1 / scaleInv[j];
      let minDiag = Infinity;
      let maxCol = 0;
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) Rd[i * n + j] = j >= i ? R[i * n + j] * d[j] : 0;
        minDiag = Math.min(minDiag, Math.abs(Rd[i * n + i]));
      }
      for (let j = 0; j < n; j++) {
        let c = 0;
        for (let i = 0; i <= j; i++) c += Rd[i * n + j] * Rd[i * n + j];
        maxCol = Math.max(maxCol, Math.sqrt(c));
      }
      // min|r_ii| ≤ s_min and max column norm ≤ s_max: a ratio above 1e-8 keeps κ(R·d) far below
      // scipy's rank threshold 1/(EPS·m) only when the diagonal is not deceptively large, so the
      // margin is wide (the SVD path is exact whatever happens).
      const useQr = m >= n && minDiag > 1e-8 * maxCol;
      let fullRank = true;
      if (!useQr) {
        svd.decompose(Rd);
        const { s, U } = svd;
        for (let k = 0; k < n; k++) {
          let t = 0;
          for (let i = 0; i < n; i++) t += U[i * n + k] * this.qr.qtf[i];
          uf[k] = t;
          suf[k] = s[k] * t;
        }
        fullRank = m >= n && s[n - 1] > EPS * m * s[0];
      }

      let actualReduction = -1;
      let costNew = cost;
      while (actualReduction <= 0 && this.nfev < maxNfev) {
        alpha = useQr ? this.trustRegionStepQr(Delta, alpha) : this.trustRegionStep(fullRank, Delta, alpha);
        // step = d ⊙ p_h; predicted reduction −(½‖R·step‖² + g·step) (J_h p_h = Q·R·step).
        let pHNorm = 0;
        let gStep = 0;
        for (let i = 0; i < n; i++) {
          step[i] = d[i] * pH[i];
          xNew[i] = x[i] + step[i];
          pHNorm += pH[i] * pH[i];
          gStep += g[i] * step[i];
        }
        pHNorm = Math.sqrt(pHNorm);
        let quad = 0;
        for (let i = 0; i < n; i++) {
          let t = 0;
          for (let j = i; j < n; j++) t += R[i * n + j] * step[j];
          quad += t * t;
        }
        const predictedReduction = -(0.5 * quad + gStep);
        costNew = problem.evaluate(xNew, this.f, this.J);
        this.nfev += 1;
        if (!Number.isFinite(costNew)) {
          Delta = 0.25 * pHNorm;
          continue;
        }
        actualReduction = cost - costNew;
        const update = updateTrRadius(Delta, actualReduction, predictedReduction, pHNorm, pHNorm > 0.95 * Delta);
        let stepNorm = 0;
        let xNorm = 0;
        for (let i = 0; i < n; i++) {
          stepNorm += step[i] * step[i];
          xNorm += x[i] * x[i];
        }
        const term = checkTermination(actualReduction, cost, Math.sqrt(stepNorm), Math.sqrt(xNorm), update.ratio, ftol, xtol);
        if (term) {
          status = term.status;
          this.relativeReduction = term.relativeReduction;
          this.relativeStep = term.relativeStep;
          break;
        }
        alpha *= Delta / update.Delta;
        Delta = update.Delta;
      }

      if (actualReduction > 0) {
        x.set(xNew);
        cost = costNew;
        // f and J hold the accepted point's values: the trial was evaluated with its Jacobian.
        this.factorJacobian(problem);
        this.njev += 1;
        if (jacScaling) for (let j = 0; j < n; j++) scaleInv[j] = Math.max(this.columnNorm(j), scaleInv[j]);
      }
      this.nit += 1;
      // As trf.ts and scipy: the loop ends at its top, after the gtol test at the new x.
    }
    this.cost = cost;
    this.status = status ?? 0;
    return true;
  }

  /** p_h = −V·coef into pH, with coef = uf/s (α = 0, full rank) or s⊙uf/(s² + α); returns ‖p_h‖. */
  private combine(alpha: number, gaussNewton: boolean): number {
    const { n, pH, suf, uf } = this;
    const { s, V } = this.svd;
    let norm = 0;
    for (let i = 0; i < n; i++) {
      let t = 0;
      for (let j = 0; j < n; j++) t += V[i * n + j] * (gaussNewton ? uf[j] / s[j] : suf[j] / (s[j] * s[j] + alpha));
      pH[i] = -t;
      norm += t * t;
    }
    return Math.sqrt(norm);
  }

  /** φ(α) = ‖p(α)‖ − Δ into phi, φ'(α) into dphi (Moré 1977, as phiAndDerivative in trustRegion.ts). */
  private phi = 0;
  private dphi = 0;
  private evalPhi(alpha: number, Delta: number): void {
    const { n, suf } = this;
    const s = this.svd.s;
    let pSq = 0;
    let sum3 = 0;
    for (let i = 0; i < n; i++) {
      const denom = s[i] * s[i] + alpha;
      pSq += (suf[i] / denom) ** 2;
      sum3 += (suf[i] * suf[i]) / (denom * denom * denom);
    }
    const pn = Math.sqrt(pSq);
    this.phi = pn - Delta;
    this.dphi = -sum3 / pn;
  }

  /**
   * scipy's solve_lsq_trust_region (trustRegion.ts) on the workspace's SVD: the step p_h into
   * pH, the new α returned. No closures and no arrays: this runs several times per iteration.
   */
  private trustRegionStep(fullRank: boolean, Delta: number, initialAlpha: number): number {
    const { n, pH, suf } = this;
    if (fullRank && this.combine(0, true) <= Delta) return 0;
    let sufNorm = 0;
    for (let i = 0; i < n; i++) sufNorm += suf[i] * suf[i];
    const alphaUpper = Math.sqrt(sufNorm) / Delta;
    let alphaLower = 0;
    if (fullRank) {
      this.evalPhi(0, Delta);
      alphaLower = -this.phi / this.dphi;
    }
    const start = !fullRank && initialAlpha === 0 ? Math.max(0.001 * alphaUpper, Math.sqrt(alphaLower * alphaUpper)) : initialAlpha;
    const alpha = this.moreIteration(start, alphaLower, alphaUpper, Delta, false);
    const pn = this.combine(alpha, false);
    if (pn > 0) for (let i = 0; i < n; i++) pH[i] *= Delta / pn;
    return alpha;
  }

  /**
   * p(α) = −(R_α)⁻¹b_α into pH from the QR factors of [R·d; √α·I] (Givens rotations, MINPACK's
   * qrsolv), with R_αᵀR_α = J_hᵀJ_h + αI and R_αᵀb_α = J_hᵀf. Sets phi = ‖p‖ − Δ and
   * dphi = −‖R_α⁻ᵀp‖²/‖p‖ = −pᵀ(J_hᵀJ_h + αI)⁻¹p/‖p‖ (Moré 1977, eq. 5.5).
   */
  /**
   * Moré's (1977) safeguarded Newton iteration on φ(α) = ‖p(α)‖ − Δ, as scipy's solve_lsq_trust_region:
   * at most 10 steps, stopping at |φ| < 0.01·Δ. φ and φ′ come from the SVD (evalPhi) or from the
   * shifted QR factors (shiftedStep); the last evaluation's step is left in place. Returns α.
   */
  private moreIteration(alpha: number, alphaLower: number, alphaUpper: number, Delta: number, shiftedQr: boolean): number {
    for (let it = 0; it < 10; it++) {
      if (alpha < alphaLower || alpha > alphaUpper) alpha = Math.max(0.001 * alphaUpper, Math.sqrt(alphaLower * alphaUpper));
      if (shiftedQr) this.shiftedStep(alpha, Delta);
      else this.evalPhi(alpha, Delta);
      const ph = this.phi;
      if (ph < 0) alphaUpper = alpha;
      const ratio = ph / this.dphi;
      alphaLower = Math.max(alphaLower, alpha - ratio);
      alpha -= ((ph + Delta) * ratio) / Delta;
      if (Math.abs(ph) < 0.01 * Delta) break;
    }
    return alpha;
  }

  private shiftedStep(alpha: number, Delta: number): void {
    const { n, Rd, S, b, row, w, pH } = this;
    const qtf = this.qr.qtf;
    S.set(Rd);
    b.set(qtf);
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
      for (let k = i + 1; k < n; k++) t -= S[i * n + k] * -pH[k];
      pH[i] = -t / S[i * n + i];
      pSq += pH[i] * pH[i];
    }
    let wSq = 0;
    for (let i = 0; i < n; i++) {
      let t = pH[i];
      for (let k = 0; k < i; k++) t -= S[k * n + i] * w[k];
      w[i] = t / S[i * n + i];
      wSq += w[i] * w[i];
    }
    const pn = Math.sqrt(pSq);
    this.phi = pn - Delta;
    this.dphi = -wSq / pn;
  }

  /**
   * scipy's solve_lsq_trust_region for a full-rank J_h (the same α bounds, safeguards, stopping
   * rule and final scaling as trustRegionStep), with φ from shifted QR factors instead of the SVD.
   */
  private trustRegionStepQr(Delta: number, initialAlpha: number): number {
    const { n, pH, Rd } = this;
    const qtf = this.qr.qtf;
    this.shiftedStep(0, Delta);
    if (this.phi <= 0) return 0;
    // ‖J_hᵀf‖ = ‖(R·d)ᵀQᵀf‖ (scipy's ‖s ⊙ uf‖).
    let gSq = 0;
    for (let j = 0; j < n; j++) {
      let t = 0;
      for (let i = 0; i <= j; i++) t += Rd[i * n + j] * qtf[i];
      gSq += t * t;
    }
    const alpha = this.moreIteration(initialAlpha, -this.phi / this.dphi, Math.sqrt(gSq) / Delta, Delta, true);
    // The last Newton update can undershoot below 0 in exact arithmetic only when α_lower ≈ 0;
    // a zero shift is then the step scipy's formula approaches.
    this.shiftedStep(Math.max(alpha, 0), Delta);
    let pn = 0;
    for (let i = 0; i < n; i++) pn += pH[i] * pH[i];
    pn = Math.sqrt(pn);
    if (pn > 0) for (let i = 0; i < n; i++) pH[i] *= Delta / pn;
    return alpha;
  }
}
