/**
 * Orthogonal distance regression as an ArrowEvaluator (solver/arrowTrf.ts): the residuals of
 * Boggs, Byrd & Schnabel, "A stable and efficient algorithm for nonlinear orthogonal distance
 * regression", SIAM J. Sci. Stat. Comput. 8(6), 1987, eq. (2.2):
 *
 *     εᵢ = wᵢ·(f(xᵢ + δᵢ; β) − yᵢ)        one per row (wᵢ = 1/σyᵢ)
 *     δᵢᵥ·uᵢᵥ                              one per observed column v (uᵢᵥ = 1/σxᵢᵥ)
 *
 * over x = [β (s) | δ₀ (l) | δ₁ (l) | …]. Row i's residuals meet only β and its own δᵢ, so JᵀJ is
 * an arrow (solver/arrow.ts) with one "group" per row: A = Σ jβ jβᵀ, Bᵢ = jβ jδᵀ,
 * Dᵢ = jδ jδᵀ + diag(uᵢ²), where jβ = wᵢ ∂f/∂β and jδ = wᵢ ∂f/∂x at xᵢ + δᵢ (one kernel pass gives
 * both: CompiledModel.kernels with the columns as extra derivative targets). Each pass is O(n)
 * and reuses buffers allocated once.
 *
 * An implicit model g(x; β) = 0 (fit/odr/implicit.ts) uses the same residuals with f = g, yᵢ the
 * augmented-Lagrangian shift −λᵢ/μᵢ and wᵢ = √μᵢ, and every column observed.
 */
import type { JsKernels, ModelData } from '../../model/index';
import type { ArrowMatrix } from '../../solver/arrow';
import type { ArrowEvaluator } from '../../solver/arrowTrf';
import { makeLoss } from '../../solver/loss';
import { linearizeOneColumn } from './linearizeOneColumn';

const LINEAR = makeLoss('linear', 1);

export interface OdrRows {
  /** Every model variable's column (model order). */
  readonly vars: readonly Float64Array[];
  /** Which variables carry errors (get a δ), and uᵢᵥ = 1/σxᵢᵥ for each (aligned). */
  readonly observed: readonly number[];
  readonly u: readonly Float64Array[];
  /** The target and weight of ε (y and 1/σy; or the implicit model's shift and √μ). */
  y: Float64Array;
  w: Float64Array | null;
}

export class OdrEvaluator implements ArrowEvaluator {
  readonly s: number;
  readonly l: number;
  readonly G: number;
  readonly m: number;
  /** The full parameter vector, fixed values in place. */
  private readonly p: Float64Array;
  /** The columns at x + δ (unobserved ones are the data themselves). */
  private readonly shifted: Float64Array[];
  private readonly f: Float64Array;
  private readonly J: Float64Array;
  private zeros: Float64Array | null = null;

  constructor(
    /** Kernels with derivatives for [free β…] then the observed variables. */
    private readonly kernels: JsKernels,
    /** Model-parameter indices of the free β (solver order). */
    private readonly free: readonly number[],
    base: Float64Array,
    readonly rows: OdrRows,
  ) {
    this.s = free.length;
    this.l = rows.observed.length;
    this.G = rows.y.length;
    this.m = this.G * (1 + this.l);
    if (kernels.k !== this.s + this.l) throw new Error('OdrEvaluator: the kernels take the wrong derivatives');
    this.p = Float64Array.from(base);
    const copied = new Set(rows.observed);
    this.shifted = rows.vars.map((c, v) => (copied.has(v) ? new Float64Array(c.length) : c));
    this.f = new Float64Array(this.G);
    this.J = new Float64Array(this.G * kernels.k);
  }

  /** β into the full parameter vector and x + δ into the shifted columns; returns Σ(δu)². */
  private place(x: Float64Array): number {
    const { s, l, G, p, shifted } = this;
    const { vars, observed, u } = this.rows;
    for (let a = 0; a < s; a++) p[this.free[a]] = x[a];
    let dd = 0;
    for (let j = 0; j < l; j++) {
      const v = observed[j];
      const src = vars[v];
      const dst = shifted[v];
      const uj = u[j];
      for (let i = 0; i < G; i++) {
        const d = x[s + i * l + j];
        dst[i] = src[i] + d;
        const t = d * uj[i];
        dd += t * t;
      }
    }
    return dd;
  }

  private data(): ModelData {
    return { vars: this.shifted, y: this.rows.y, w: this.rows.w };
  }

  /** The full parameter vector at x (a copy). */
  parameters(x: Float64Array): Float64Array {
    this.place(x);
    return Float64Array.from(this.p);
  }

  /** Σ(δu)² and Σε² at x, apart (ODRPACK's split of the weighted sum of squares). */
  split(x: Float64Array): { delta: number; eps: number } {
    const delta = this.place(x);
    const eps = this.kernels.cost(this.p, this.data(), LINEAR, 0, this.G);
    return { delta, eps };
  }

  /** εᵢ at x into out (length G). */
  epsilon(x: Float64Array, out: Float64Array): Float64Array {
    this.place(x);
    this.kernels.residuals(this.p, this.data(), out, 0, this.G);
    return out;
  }

  /**
   * The model's value and derivatives at x, unweighted and untargeted (g and ∂g/∂[β, x] of an
   * implicit model): f[i] and J[i·k + …] into the evaluator's buffers, valid until its next call.
   */
  rawJacobian(x: Float64Array): { f: Float64Array; J: Float64Array } {
    this.place(x);
    this.zeros ??= new Float64Array(this.G);
    this.kernels.residualsJacobian(this.p, { vars: this.shifted, y: this.zeros, w: null }, this.f, this.J, 0, this.G);
    return { f: this.f, J: this.J };
  }

  /**
   * Each row's δ at the current β from the row's linearized problem, min over δ of
   * (εᵢ + jδ·δ)² + Σᵥ(uᵢᵥδᵥ)², i.e. δ = −εᵢ·(jδ/u²)/(1 + Σᵥ jδᵥ²/uᵢᵥ²) (a Gauss–Newton step in
   * the δ block alone): written into x's δ entries. A start for δ far better than 0, so the
   * trust region does not have to grow over n·l entries before the steps in β count.
   */
  projectDeltas(x: Float64Array): void {
    const { s, l, G, f, J } = this;
    const k = s + l;
    const u = this.rows.u;
    this.place(x);
    this.kernels.residualsJacobian(this.p, this.data(), f, J, 0, G);
    for (let i = 0; i < G; i++) {
      const jo = i * k + s;
      let den = 1;
      for (let j = 0; j < l; j++) {
        const uj = u[j][i];
        den += (J[jo + j] * J[jo + j]) / (uj * uj);
      }
      const xo = s + i * l;
      const t = f[i] / den;
      for (let j = 0; j < l; j++) {
        const uj = u[j][i];
        const d = x[xo + j] - (t * J[jo + j]) / (uj * uj);
        if (Number.isFinite(d)) x[xo + j] = d;
      }
    }
  }

  cost(x: Float64Array): number {
    const { delta, eps } = this.split(x);
    return 0.5 * (delta + eps);
  }

  linearize(x: Float64Array, M: ArrowMatrix, grad: Float64Array): number {
    const { s, l, G, f, J } = this;
    const k = s + l;
    const u = this.rows.u;
    const dd = this.place(x);
    this.kernels.residualsJacobian(this.p, this.data(), f, J, 0, G);
    if (l === 1) return 0.5 * (linearizeOneColumn(s, G, f, J, u[0], x, M, grad) + dd);
    const { A, B, D } = M;
    A.fill(0);
    grad.fill(0, 0, s);
    let ee = 0;
    for (let i = 0; i < G; i++) {
      const r = f[i];
      ee += r * r;
      const jo = i * k;
      for (let a = 0; a < s; a++) {
        const ja = J[jo + a];
        grad[a] += ja * r;
        for (let b = a; b < s; b++) A[a * s + b] += ja * J[jo + b];
      }
      const bo = i * s * l;
      for (let a = 0; a < s; a++) for (let j = 0; j < l; j++) B[bo + a * l + j] = J[jo + a] * J[jo + s + j];
      const dOff = i * l * l;
      const xo = s + i * l;
      for (let j = 0; j < l; j++) {
        const jj = J[jo + s + j];
        const uj = u[j][i];
        const uu = uj * uj;
        for (let q = j; q < l; q++) {
          const v = jj * J[jo + s + q] + (q === j ? uu : 0);
          D[dOff + j * l + q] = v;
          D[dOff + q * l + j] = v;
        }
        grad[xo + j] = jj * r + uu * x[xo + j];
      }
    }
    for (let a = 0; a < s; a++) for (let b = 0; b < a; b++) A[a * s + b] = A[b * s + a];
    return 0.5 * (ee + dd);
  }
}
