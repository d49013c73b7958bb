/**
 * The float64 agreement check of a point found in f32 (the GPU batch kernel): is it the float64
 * fit, to within `tolerance` of each parameter's standard error?
 *
 * At the point x: f and J in float64, J = Q·R by Householder (QrAccumulator, no squared
 * condition number), the Gauss–Newton step δ = −R⁻¹Qᵀf and the standard errors of curve_fit's
 * covariance (rowStatistics.standardErrorsFromR). Near a minimum the Gauss–Newton step is the
 * distance to the float64 least-squares solution up to second-order terms (Dennis & Schnabel,
 * Numerical Methods for Unconstrained Optimization, §10.2: GN converges from x to x* with error
 * O(‖x − x*‖²) for small residuals, linearly with rate ∝ the residual curvature otherwise), so
 * max_j |δ_j| / se_j ≤ tolerance says the f32 answer agrees with the float64 fit to that many
 * standard errors. A point that fails (or has an undetermined parameter, a non-finite residual
 * or a singular R) goes to the float64 finish.
 */
import { QrAccumulator } from '../../solver/qrAccumulator';
import { SmallSvd } from '../../solver/svd';
import type { SmallProblem } from '../../solver/smallTrf';
import { standardErrorsFromR } from './rowStatistics';

export interface PointCheck {
  /** Every |δ_j| ≤ tolerance·se_j with finite standard errors. */
  readonly agrees: boolean;
  /** max_j |δ_j| / se_j (NaN when it could not be computed). */
  readonly ratio: number;
  /** ½Σf² at x (float64). */
  readonly cost: number;
}

/** Storage for checks of k parameters and up to `capacity` rows, reused group after group. */
export class F64Check {
  readonly qr: QrAccumulator;
  readonly svd: SmallSvd;
  /** Standard errors at the last checked point. */
  readonly stderr: Float64Array;
  readonly step: Float64Array;
  private readonly f: Float64Array;
  private readonly J: Float64Array;

  constructor(
    readonly k: number,
    capacity: number,
  ) {
    this.qr = new QrAccumulator(k);
    this.svd = new SmallSvd(k);
    this.stderr = new Float64Array(k);
    this.step = new Float64Array(k);
    this.f = new Float64Array(capacity);
    this.J = new Float64Array(capacity * k);
  }

  check(problem: SmallProblem, x: Float64Array, tolerance: number, absoluteSigma: boolean): PointCheck {
    const { k, qr, step, stderr } = this;
    const m = problem.m;
    const cost = problem.evaluate(x, this.f, this.J);
    if (!Number.isFinite(cost)) return { agrees: false, ratio: NaN, cost };
    for (let i = 0; i < m * k; i++) if (!Number.isFinite(this.J[i])) return { agrees: false, ratio: NaN, cost };
    qr.R.fill(0);
    qr.qtf.fill(0);
    qr.addRows(this.J, this.f, m);
    const R = qr.R;
    // δ = −R⁻¹·Qᵀf by back substitution.
    for (let j = k - 1; j >= 0; j--) {
      let t = -qr.qtf[j];
      for (let l = j + 1; l < k; l++) t -= R[j * k + l] * step[l];
      step[j] = t / R[j * k + j];
    }
    standardErrorsFromR(R, this.svd, k, m, cost, absoluteSigma, stderr);
    let ratio = 0;
    for (let j = 0; j < k; j++) {
      const r = Math.abs(step[j]) / stderr[j];
      ratio = Number.isNaN(r) ? NaN : Math.max(ratio, r);
    }
    // Math.max keeps NaN; an infinite standard error (undetermined) gives ratio 0 but must fail.
    const determined = stderr.every((s) => Number.isFinite(s) && s > 0);
    return { agrees: determined && ratio <= tolerance, ratio, cost };
  }
}
