/**
 * The small-problem variant of the TRF loop (variant.ts, trustRegionLoop.ts): scipy's
 * trf_no_bounds with tr_solver='exact' (M. A. Branch, T. F. Coleman and Y. Li, SIAM J. Sci.
 * Comput. 21(1), 1999; the subproblem by Moré's iteration, J. J. Moré, LNM 630, 1977) for many
 * fits of a few parameters (per-group batches): synchronous, unbounded, and in storage allocated
 * once per batch, so a 12-point fit costs microseconds instead of allocation and promise overhead.
 *
 * Per outer iteration: J = Q·R by Householder (QrAccumulator), then Moré's iteration on J_h =
 * Q·(R·diag(d)). A well-conditioned R·d (the usual case) takes φ from shifted QR factors, as
 * MINPACK's lmpar/qrsolv do (shiftedQr.ts); an ill-conditioned or rank-deficient one takes
 * scipy's SVD path (svdSecular.ts). Both give the same step p(α) = −(J_hᵀJ_h + αI)⁻¹J_hᵀf with
 * the same α iteration. A trial point is evaluated with its Jacobian at once (residuals and J of
 * a small model cost about the same), so an accepted step needs no second evaluation.
 *
 * Legend as in trustRegionLoop.ts: d = x_scale (1/‖J columns‖ for 'jac'), g = Jᵀf, Δ = radius,
 * α = LM parameter.
 */
import { runSync } from './drivers';
import { moreStep } from './more';
import { QrAccumulator } from './qrAccumulator';
import { ShiftedQrSecular } from './shiftedQr';
import { SmallSvd } from './svd';
import { SvdSecular } from './svdSecular';
import { terminationMessage, type Status } from './termination';
import { LoopWorkspace, type EvaluationRequest } from './trustRegionLoop';
import type { TrustRegionVariant } from './variant';
import { norm2 } from './vec';

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

const NO_PROBLEM: SmallProblem = { m: 0, evaluate: () => NaN, scaleForLoss: () => {} };

/** Storage for fits of n parameters and up to `capacity` residuals; reused fit after fit. */
export class SmallTrf implements TrustRegionVariant<number> {
  readonly linearizeTrials = true;
  /** The solution after `solve` (owned by the workspace: copy it). */
  readonly x: Float64Array;
  readonly svd: SmallSvd;
  cost = NaN;
  nfev = 0;
  njev = 0;
  nit = 0;
  status: Status = 0;
  optimality = NaN;
  /** Why the last `solve` returned false: residuals or the Jacobian not finite at x0. */
  failure: 'nonfinite-x0' | 'nonfinite-jacobian' | null = null;
  /** The parameter of a 'nonfinite-jacobian' failure. */
  failedParameter = -1;
  g: Float64Array;
  columnNorms: Float64Array;
  private relativeReduction = NaN;
  private relativeStep = NaN;
  private current: QrAccumulator;
  private next: QrAccumulator;
  private gTrial: Float64Array;
  private trialNorms: Float64Array;
  private readonly f: Float64Array;
  private readonly J: Float64Array;
  private readonly Rd: Float64Array;
  private readonly uf: Float64Array;
  private readonly shifted: ShiftedQrSecular;
  private readonly svdSecular: SvdSecular;
  private useQr = true;
  private readonly work: LoopWorkspace;
  private problem: SmallProblem = NO_PROBLEM;
  private readonly evaluate: (request: EvaluationRequest) => number;

  constructor(
    readonly n: number,
    readonly capacity: number,
  ) {
    this.x = new Float64Array(n);
    this.current = new QrAccumulator(n);
    this.next = new QrAccumulator(n);
    this.svd = new SmallSvd(n);
    this.f = new Float64Array(capacity);
    this.J = new Float64Array(capacity * n);
    this.g = new Float64Array(n);
    this.gTrial = new Float64Array(n);
    this.columnNorms = new Float64Array(n);
    this.trialNorms = new Float64Array(n);
    this.Rd = new Float64Array(n * n);
    this.uf = new Float64Array(n);
    this.shifted = new ShiftedQrSecular(n);
    this.svdSecular = new SvdSecular(n, norm2);
    this.work = new LoopWorkspace(n);
    this.evaluate = ({ kind, x }) => this.problem.evaluate(x, this.f, kind === 'cost' ? null : this.J);
  }

  /** R and Qᵀf of J at x after `solve` (the covariance reads them). */
  get qr(): QrAccumulator {
    return this.current;
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

  /**
   * Runs TRF from x0. Returns false, leaving x at x0, when the residuals (`failure`
   * 'nonfinite-x0') or the Jacobian ('nonfinite-jacobian') are not finite there (the caller
   * reports it); otherwise the outcome is in x, cost, status and the counters.
   */
  solve(problem: SmallProblem, x0: ArrayLike<number>, opts: SmallTrfOptions): boolean {
    if (problem.m > this.capacity) throw new RangeError(`SmallTrf: ${problem.m} residuals exceed the capacity ${this.capacity}`);
    this.problem = problem;
    const loopOptions = { lb: null, ub: null, ftol: opts.ftol, xtol: opts.xtol, gtol: opts.gtol, maxNfev: opts.maxNfev, xScale: opts.xScale };
    const out = runSync(this, x0, loopOptions, this.evaluate, null, this.work);
    this.problem = NO_PROBLEM;
    this.x.set(out.x);
    this.cost = out.cost;
    this.nfev = out.nfev;
    this.njev = out.njev;
    this.nit = out.nit;
    this.status = out.status;
    this.optimality = out.optimality;
    this.relativeReduction = out.relativeReduction;
    this.relativeStep = out.relativeStep;
    this.failure = out.failure;
    this.failedParameter = out.parameter;
    return out.failure === null;
  }

  trial(cost: number): number {
    return cost;
  }

  /** Folds the trial's f, J (the driver evaluated them) into R, Qᵀf, g and the column norms. */
  compactTrial(): boolean {
    const { n, next: qr, gTrial: g, trialNorms } = this;
    this.problem.scaleForLoss(this.f, this.J);
    const { R, qtf } = qr;
    for (let i = 0; i < R.length; i++) R[i] = 0;
    for (let i = 0; i < n; i++) qtf[i] = 0;
    qr.addRows(this.J, this.f, this.problem.m);
    // g = Rᵀ·Qᵀf and the column norms of R (= those of J), checked finite in the same pass.
    let finite = true;
    for (let j = 0; j < n; j++) {
      let t = 0;
      let c = 0;
      for (let i = 0; i <= j; i++) {
        t += R[i * n + j] * qtf[i];
        c += R[i * n + j] * R[i * n + j];
      }
      const norm = Math.sqrt(c);
      g[j] = t;
      trialNorms[j] = norm;
      if (!Number.isFinite(norm) || !Number.isFinite(t)) finite = false;
    }
    return finite;
  }

  nonFiniteParameter(): number {
    const j = this.trialNorms.findIndex((v) => !Number.isFinite(v));
    return j >= 0 ? j : this.gTrial.findIndex((v) => !Number.isFinite(v));
  }

  accept(): void {
    const qr = this.current;
    this.current = this.next;
    this.next = qr;
    const g = this.g;
    this.g = this.gTrial;
    this.gTrial = g;
    const c = this.columnNorms;
    this.columnNorms = this.trialNorms;
    this.trialNorms = c;
  }

  /**
   * R·diag(d), and which φ: min|r_ii| ≤ s_min and max column norm ≥ s_max, so a ratio above 1e-8
   * keeps κ(R·d) far below scipy's rank threshold 1/(EPS·m) (the SVD path is exact whatever
   * happens, so the margin is wide).
   */
  prepare(d: Float64Array): void {
    const { n, Rd, uf, svd } = this;
    const { R, qtf } = this.current;
    const m = this.problem.m;
    // One pass, column by column: Rd's upper triangle and its column norms (Rd's lower triangle
    // is zero from the constructor on: nothing writes it, the SVD and the shifted QR copy it).
    let minDiag = Infinity;
    let maxCol = 0;
    for (let j = 0; j < n; j++) {
      const dj = d[j];
      let c = 0;
      for (let i = 0; i <= j; i++) {
        const v = R[i * n + j] * dj;
        Rd[i * n + j] = v;
        c += v * v;
      }
      minDiag = Math.min(minDiag, Math.abs(Rd[j * n + j]));
      maxCol = Math.max(maxCol, Math.sqrt(c));
    }
    this.useQr = m >= n && minDiag > 1e-8 * maxCol;
    if (this.useQr) {
      this.shifted.use(Rd, qtf);
      return;
    }
    svd.decompose(Rd);
    const { s, U, V } = svd;
    for (let k = 0; k < n; k++) {
      let t = 0;
      for (let i = 0; i < n; i++) t += U[i * n + k] * qtf[i];
      uf[k] = t;
    }
    this.svdSecular.use(s, V, uf, m, false);
  }

  subproblem(Delta: number, alpha: number, pH: Float64Array): number {
    return moreStep(this.useQr ? this.shifted : this.svdSecular, Delta, alpha, pH);
  }

  norm(a: Float64Array): number {
    return norm2(a);
  }

  /** (R·u)·(R·v) = (J·u)·(J·v); ‖R·u‖² in one product when v is u (the predicted reduction's). */
  gram(u: Float64Array, v: Float64Array): number {
    const { n } = this;
    const R = this.current.R;
    let sum = 0;
    if (u === v) {
      for (let i = 0; i < n; i++) {
        let ru = 0;
        for (let j = i; j < n; j++) ru += R[i * n + j] * u[j];
        sum += ru * ru;
      }
      return sum;
    }
    for (let i = 0; i < n; i++) {
      let ru = 0;
      let rv = 0;
      for (let j = i; j < n; j++) {
        ru += R[i * n + j] * u[j];
        rv += R[i * n + j] * v[j];
      }
      sum += ru * rv;
    }
    return sum;
  }
}
