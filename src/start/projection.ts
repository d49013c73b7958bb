/**
 * Variable projection for the start search: with the nonlinear parameters θ held, the linear ones
 * c minimise ‖W(a(θ) + B(θ)c − y)‖₂ exactly (Golub & Pereyra 1973). One call of the compiled
 * residual/Jacobian kernel over wrt = the linear parameters, with c = 0, gives both pieces:
 * f = W(a − y) and J = W·B; then c = argmin ‖J c + f‖ by Householder QR (guess/leastSquares.ts).
 *
 * Bounds on c are kept by the bounded-variable least-squares active set of Stark & Parker (1995,
 * "Bounded-variable least-squares: an algorithm and applications", Comput. Stat. 10:129–141),
 * the box form of Lawson & Hanson's NNLS: solve over the free set; if that leaves the box, move
 * from the feasible point toward it until the first bound binds and hold that variable there;
 * when the free solution is feasible, release a held variable whose gradient points inward;
 * stop when none does (the KKT conditions hold). Without bounds it is one QR solve.
 *
 * The buffers (f, J, the basis columns) are allocated once per problem, not per candidate.
 */
import type { JsKernels, ModelData } from '../model/index';
import { linearLeastSquares } from '../library/guess/leastSquares';

export class VariableProjection {
  readonly q: number;
  private readonly f: Float64Array;
  private readonly J: Float64Array;
  private readonly cols: Float64Array[];
  private readonly rhs: Float64Array;
  private readonly r: Float64Array;
  private readonly c: Float64Array;
  private readonly z: Float64Array;
  private readonly held: Int8Array;
  private readonly bounded: boolean;

  /**
   * @param kernels model.kernels(linear): derivatives for the linear parameters only
   * @param linear  indices (into the full vector) of the linear parameters
   * @param lb, ub  their bounds, in the order of `linear`
   */
  constructor(
    private readonly kernels: JsKernels,
    private readonly data: ModelData,
    readonly linear: readonly number[],
    readonly lb: Float64Array,
    readonly ub: Float64Array,
  ) {
    const m = data.y.length;
    const q = linear.length;
    this.q = q;
    this.f = new Float64Array(m);
    this.J = new Float64Array(m * q);
    this.cols = linear.map(() => new Float64Array(m));
    this.rhs = new Float64Array(m);
    this.r = new Float64Array(m);
    this.c = new Float64Array(q);
    this.z = new Float64Array(q);
    this.held = new Int8Array(q);
    this.bounded = Array.from(lb).some(Number.isFinite) || Array.from(ub).some(Number.isFinite);
  }

  /**
   * Writes the optimal linear parameters into `params` (the nonlinear ones are read from it) and
   * returns the cost ½‖W(f − y)‖², or NaN where the model is not finite at some row.
   */
  solve(params: Float64Array): number {
    const { f, J, cols, rhs, q, linear } = this;
    const m = f.length;
    for (const i of linear) params[i] = 0;
    this.kernels.residualsJacobian(params, this.data, f, J, 0, m);
    for (let i = 0; i < m; i++) {
      if (!Number.isFinite(f[i])) return NaN;
      rhs[i] = -f[i];
      for (let j = 0; j < q; j++) {
        const v = J[i * q + j];
        if (!Number.isFinite(v)) return NaN;
        cols[j][i] = v;
      }
    }
    if (q > 0 && !this.solveBounded()) return NaN;
    for (let j = 0; j < q; j++) params[linear[j]] = this.c[j];
    return 0.5 * this.residual();
  }

  /** r = rhs − Σ cⱼ colsⱼ; returns ‖r‖². */
  private residual(): number {
    const { r, rhs, cols, c } = this;
    let s = 0;
    for (let i = 0; i < r.length; i++) {
      let v = rhs[i];
      for (let j = 0; j < cols.length; j++) v -= c[j] * cols[j][i];
      r[i] = v;
      s += v * v;
    }
    return s;
  }

  /** z over the free (not held) set with the held cⱼ moved to the right-hand side. */
  private solveFree(): boolean {
    const { cols, c, held, z, q } = this;
    const free: number[] = [];
    for (let j = 0; j < q; j++) if (held[j] === 0) free.push(j);
    let target: Float64Array = this.rhs;
    if (free.length < q) {
      target = this.r; // reused as scratch: rhs minus the held columns
      for (let i = 0; i < target.length; i++) {
        let v = this.rhs[i];
        for (let j = 0; j < q; j++) if (held[j] !== 0) v -= c[j] * cols[j][i];
        target[i] = v;
      }
    }
    for (let j = 0; j < q; j++) z[j] = c[j];
    if (free.length === 0) return true;
    const fit = linearLeastSquares(free.map((j) => cols[j]), target);
    if (!fit) return false;
    free.forEach((j, k) => (z[j] = fit.coef[k]));
    return true;
  }

  private solveBounded(): boolean {
    const { c, z, held, lb, ub, q } = this;
    held.fill(0);
    if (!this.bounded) {
      if (!this.solveFree()) return false;
      c.set(z);
      return true;
    }
    for (let j = 0; j < q; j++) c[j] = Math.min(Math.max(0, lb[j]), ub[j]);
    for (let iter = 0; iter < 3 * q + 10; iter++) {
      if (!this.solveFree()) return false;
      // Largest step α ∈ [0, 1] from c toward z that stays in the box.
      let alpha = 1;
      let hit = -1;
      for (let j = 0; j < q; j++) {
        if (held[j] !== 0) continue;
        const bound = z[j] < lb[j] ? lb[j] : z[j] > ub[j] ? ub[j] : NaN;
        if (Number.isNaN(bound)) continue;
        const a = (bound - c[j]) / (z[j] - c[j]);
        if (a < alpha) {
          alpha = Math.max(0, a);
          hit = j;
        }
      }
      for (let j = 0; j < q; j++) if (held[j] === 0) c[j] += alpha * (z[j] - c[j]);
      if (hit >= 0) {
        c[hit] = z[hit] < lb[hit] ? lb[hit] : ub[hit];
        held[hit] = c[hit] === lb[hit] ? -1 : 1;
        continue;
      }
      // Feasible: release the held variable whose gradient gⱼ = colsⱼᵀr points inward most.
      const rr = this.residual();
      let best = -1;
      let bestG = 0;
      for (let j = 0; j < q; j++) {
        if (held[j] === 0) continue;
        let g = 0;
        let cc = 0;
        const col = this.cols[j];
        for (let i = 0; i < col.length; i++) {
          g += col[i] * this.r[i];
          cc += col[i] * col[i];
        }
        const inward = held[j] < 0 ? g : -g;
        // A gradient at rounding level is zero: releasing on it could cycle.
        if (inward > 1e-12 * Math.sqrt(cc * rr) && inward > bestG) {
          bestG = inward;
          best = j;
        }
      }
      if (best < 0) return true;
      held[best] = 0;
    }
    return true;
  }
}
