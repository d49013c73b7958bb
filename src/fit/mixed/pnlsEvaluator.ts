/**
 * The penalized nonlinear least squares (PNLS) step of a nonlinear mixed-effects fit as an
 * ArrowEvaluator (solver/arrowTrf.ts): Lindstrom & Bates, "Nonlinear mixed effects models for
 * repeated measures data", Biometrics 46, 1990; Pinheiro & Bates 2000, §7.2.1. With Δ fixed it
 * minimizes over the fixed effects β and every group's random effects b_g
 *
 *     Σ_g ‖y_g − f(x_g; φ_g)‖² + Σ_g ‖Δ b_g‖²,   φ_g = β + A·b_g
 *
 * (A puts b_g's r entries on the random parameters). The pseudo-rows Δb_g are never formed: they
 * add ΔᵀΔ to each group's own block D_g and ΔᵀΔ·b_g to its gradient. β is the arrow's shared
 * block (s = p), b_g group g's local block (l = r): a group's residuals depend on β and b_g only.
 * Since ∂f/∂b_gj = ∂f/∂β_ρⱼ, one pass of a group's terms (../groupTerms.ts: a closed-form model's
 * kernels or an ODE model's integration) over the p parameters gives every block.
 *
 * Layout of x: [β (p, the free parameters in order) | b_0 (r) | b_1 | …].
 */
import type { ArrowMatrix } from '../../solver/arrow';
import type { ArrowEvaluator } from '../../solver/arrowTrf';
import { makeLoss } from '../../solver/loss';
import type { GroupTerms } from '../groupTerms';

const LINEAR = makeLoss('linear', 1);

/** One group's XᵀX, Xᵀf and fᵀf at a point (X = ∂f/∂β, f = w·(model − y)). */
export interface GroupCross {
  /** p×p, row-major. */
  readonly XtX: Float64Array;
  readonly Xtf: Float64Array;
  readonly ftf: number;
}

export class PnlsEvaluator implements ArrowEvaluator {
  readonly s: number;
  readonly l: number;
  readonly G: number;
  readonly m: number;
  /** ΔᵀΔ (r×r); set before each PNLS step. */
  readonly precision: Float64Array;
  private readonly params: Float64Array;
  private readonly acc: Float64Array;
  private readonly JJ: Float64Array;

  /**
   * @param free model-parameter index of each β entry
   * @param rho  position in β of each random parameter (r entries; none: the fit without random effects)
   */
  constructor(
    private readonly base: Float64Array,
    private readonly free: readonly number[],
    readonly rho: readonly number[],
    private readonly groups: readonly GroupTerms[],
  ) {
    this.s = free.length;
    this.l = rho.length;
    this.G = groups.length;
    this.m = groups.reduce((t, g) => t + g.rows, 0);
    this.precision = new Float64Array(this.l * this.l);
    this.params = Float64Array.from(base);
    const p = this.s;
    this.acc = new Float64Array((p * (p + 1)) / 2 + p + 1);
    this.JJ = new Float64Array(p * p);
  }

  /** Group g's model parameters φ_g at x (into scratch, or `out`). */
  groupParameters(x: ArrayLike<number>, g: number, out: Float64Array = this.params): Float64Array {
    const { s: p, l: r, free, rho } = this;
    out.set(this.base);
    for (let i = 0; i < p; i++) out[free[i]] = x[i];
    for (let j = 0; j < r; j++) out[free[rho[j]]] += x[p + g * r + j];
    return out;
  }

  /** ½‖Δb_g‖² of group g. */
  private penalty(x: Float64Array, g: number): number {
    const { s: p, l: r, precision: P } = this;
    const o = p + g * r;
    let t = 0;
    for (let i = 0; i < r; i++) for (let j = 0; j < r; j++) t += x[o + i] * P[i * r + j] * x[o + j];
    return 0.5 * t;
  }

  /** ½Σρ of group g alone at the fixed effects β with b_g = 0 (to check the start). */
  startCost(beta: ArrayLike<number>, g: number): number {
    const { params, free } = this;
    params.set(this.base);
    for (let i = 0; i < this.s; i++) params[free[i]] = beta[i];
    return 0.5 * this.groups[g].cost(params, LINEAR);
  }

  cost(x: Float64Array): number {
    let sum = 0;
    for (let g = 0; g < this.G; g++) {
      sum += 0.5 * this.groups[g].cost(this.groupParameters(x, g), LINEAR) + this.penalty(x, g);
    }
    return sum;
  }

  /** Group g's XᵀX, Xᵀf, fᵀf at x into JJ (and the returned views of acc). */
  private cross(x: Float64Array, g: number): void {
    const { s: p, acc, JJ } = this;
    acc.fill(0);
    this.groups[g].normal(this.groupParameters(x, g), LINEAR, acc);
    let o = 0;
    for (let a = 0; a < p; a++) {
      for (let b = a; b < p; b++) {
        JJ[a * p + b] = acc[o];
        JJ[b * p + a] = acc[o++];
      }
    }
  }

  linearize(x: Float64Array, M: ArrowMatrix, grad: Float64Array): number {
    const { s: p, l: r, acc, JJ, rho, precision: P } = this;
    const jtf = (p * (p + 1)) / 2;
    M.A.fill(0);
    grad.fill(0, 0, p);
    let cost = 0;
    for (let g = 0; g < this.G; g++) {
      this.cross(x, g);
      for (let i = 0; i < p * p; i++) M.A[i] += JJ[i];
      for (let i = 0; i < p; i++) grad[i] += acc[jtf + i];
      const bo = g * p * r;
      const dOff = g * r * r;
      const xo = p + g * r;
      for (let i = 0; i < p; i++) for (let j = 0; j < r; j++) M.B[bo + i * r + j] = JJ[i * p + rho[j]];
      for (let j = 0; j < r; j++) {
        let pb = 0;
        for (let k = 0; k < r; k++) {
          M.D[dOff + j * r + k] = JJ[rho[j] * p + rho[k]] + P[j * r + k];
          pb += P[j * r + k] * x[xo + k];
        }
        grad[xo + j] = acc[jtf + rho[j]] + pb;
      }
      cost += 0.5 * acc[jtf + p] + this.penalty(x, g);
    }
    return cost;
  }

  /** Every group's cross-products at x (for the LME step). */
  crossProducts(x: Float64Array): GroupCross[] {
    const { s: p, acc, JJ } = this;
    const jtf = (p * (p + 1)) / 2;
    const out: GroupCross[] = [];
    for (let g = 0; g < this.G; g++) {
      this.cross(x, g);
      out.push({ XtX: Float64Array.from(JJ), Xtf: acc.slice(jtf, jtf + p), ftf: acc[jtf + p] });
    }
    return out;
  }

  /** Rows of each group. */
  rows(g: number): number {
    return this.groups[g].rows;
  }
}
