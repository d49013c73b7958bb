/**
 * A global fit with errors in x as one ODR problem (issue 24): the residuals of Boggs, Byrd &
 * Schnabel (SIAM J. Sci. Stat. Comput. 8(6), 1987, eq. 2.2) over every group's rows, with
 *
 *     β = [θ_shared (S) | θ_local of group 0 (l) | group 1's (l) | …]      (P = S + G·l)
 *     x = [β | δ of group 0's rows | group 1's rows | …]                    (one δᵢ of L per row)
 *
 * Row i of group g meets only θ_shared, θ_g and its own δᵢ, so JᵀJ is the arrow of odrEvaluator.ts
 * with β as its "shared" block and one block per row (solver/arrow.ts): the δ reduction is
 * unchanged, and only the β block A (P×P) and each row's coupling Bᵢ (P×L) gain the group's
 * layout. Bᵢ is zero outside [shared | the row's group], which the evaluator declares as the
 * arrow's support (solver/arrowSupport.ts): each row's Schur term then costs (S + l)² rather than
 * P², and only the P×P Schur complement itself is factored dense (P³/3; A is an arrow in β too,
 * and S + the G local blocks would be one more level of the same elimination). The Bᵢ are held
 * in full (n·P·L doubles), which is why globalOdrFit.ts caps n·P·L (see there).
 *
 * Why this structure rather than the global evaluator's group blocks holding their rows' δ: each
 * group's block would be l + n_g·L wide (unequal between groups, and the arrow holds one block
 * size), and its own elimination is the per-row δ reduction again. Here each group is an
 * OdrEvaluator of its own over [shared | its locals] (the same kernels, the same one-column fast
 * path, δ projection and ε/δ split), and this class only scatters each group's arrow into the
 * stacked one. Rows are stacked group by group in input order.
 */
import { ArrowMatrix } from '../../solver/arrow';
import type { ArrowSupport } from '../../solver/arrowSupport';
import type { ArrowEvaluator } from '../../solver/arrowTrf';
import type { OdrEvaluator } from './odrEvaluator';

export class GlobalOdrEvaluator implements ArrowEvaluator {
  /** β entries (P), δ per row (L), rows (n), residuals. */
  readonly s: number;
  readonly l: number;
  readonly G: number;
  readonly m: number;
  /** u = 1/σx of the observed columns over every row, stacked (solveOdr's δ scaling). */
  readonly rows: { readonly u: readonly Float64Array[] };
  /** Row i's Bᵢ is nonzero in [shared | its group's locals] only. */
  readonly support: ArrowSupport;
  /** Each group's first row in the stack. */
  readonly offsets: readonly number[];
  /** Each group's x = [shared | locals | δ], its arrow and gradient (scratch). */
  private readonly xg: Float64Array[];
  private readonly Mg: ArrowMatrix[];
  private readonly gg: Float64Array[];

  constructor(
    /** One ODR evaluator per group over [shared (S) | that group's locals (l)] (in that order). */
    private readonly groups: readonly OdrEvaluator[],
    /** Shared parameters. */
    readonly shared: number,
  ) {
    const k = groups[0]?.s ?? shared;
    const L = groups[0]?.l ?? 0;
    if (groups.some((e) => e.s !== k || e.l !== L)) throw new Error('GlobalOdrEvaluator: the groups differ in shape');
    this.l = L;
    const local = k - shared;
    this.s = shared + groups.length * local;
    const offsets: number[] = [];
    let n = 0;
    for (const e of groups) {
      offsets.push(n);
      n += e.G;
    }
    this.offsets = offsets;
    this.G = n;
    this.m = n * (1 + L);
    const stacked = (j: number) => {
      const u = new Float64Array(n);
      groups.forEach((e, g) => u.set(e.rows.u[j], offsets[g]));
      return u;
    };
    this.rows = { u: Array.from({ length: L }, (_, j) => stacked(j)) };
    const cols = new Int32Array(n * k);
    groups.forEach((e, g) => {
      for (let i = 0; i < e.G; i++) for (let a = 0; a < k; a++) cols[(offsets[g] + i) * k + a] = a < shared ? a : shared + g * local + (a - shared);
    });
    this.support = { k, cols };
    this.xg = groups.map((e) => new Float64Array(k + e.G * L));
    this.Mg = groups.map((e) => new ArrowMatrix(k, L, e.G));
    this.gg = groups.map((e) => new Float64Array(k + e.G * L));
  }

  /** Local parameters per group. */
  get local(): number {
    return (this.groups[0]?.s ?? this.shared) - this.shared;
  }

  /** Group g's x = [shared | its locals | its rows' δ] from the stacked x (into scratch). */
  groupX(x: Float64Array, g: number): Float64Array {
    const { shared: S, local: l, l: L, s: P } = this;
    const xg = this.xg[g];
    for (let a = 0; a < S; a++) xg[a] = x[a];
    for (let j = 0; j < l; j++) xg[S + j] = x[S + g * l + j];
    const from = P + this.offsets[g] * L;
    xg.set(x.subarray(from, from + this.groups[g].G * L), S + l);
    return xg;
  }

  /** The stacked β index of group g's a-th [shared | local] entry. */
  private column(g: number, a: number): number {
    return a < this.shared ? a : this.shared + g * this.local + (a - this.shared);
  }

  /** Group g's evaluator (its parameters, ε and split at groupX). */
  group(g: number): OdrEvaluator {
    return this.groups[g];
  }

  /** Each row's δ from its linearized problem at the current β (odrEvaluator.ts projectDeltas), in place. */
  projectDeltas(x: Float64Array): void {
    const { s: P, l: L } = this;
    this.groups.forEach((e, g) => {
      const xg = this.groupX(x, g);
      e.projectDeltas(xg);
      x.set(xg.subarray(e.s), P + this.offsets[g] * L);
    });
  }

  /** Σ(δu)² and Σε² over every group at x. */
  split(x: Float64Array): { delta: number; eps: number } {
    let delta = 0;
    let eps = 0;
    this.groups.forEach((e, g) => {
      const t = e.split(this.groupX(x, g));
      delta += t.delta;
      eps += t.eps;
    });
    return { delta, eps };
  }

  cost(x: Float64Array): number {
    const { delta, eps } = this.split(x);
    return 0.5 * (delta + eps);
  }

  linearize(x: Float64Array, M: ArrowMatrix, grad: Float64Array): number {
    const { s: P, l: L } = this;
    M.A.fill(0);
    grad.fill(0, 0, P);
    let cost = 0;
    this.groups.forEach((e, g) => {
      const Mg = this.Mg[g];
      const gg = this.gg[g];
      cost += e.linearize(this.groupX(x, g), Mg, gg);
      const k = e.s;
      const cols = Array.from({ length: k }, (_, a) => this.column(g, a));
      for (let a = 0; a < k; a++) {
        grad[cols[a]] += gg[a];
        for (let b = 0; b < k; b++) M.A[cols[a] * P + cols[b]] += Mg.A[a * k + b];
      }
      // Row i's Bᵢ: its group's k columns of the P (the others stay zero: never written).
      const r0 = this.offsets[g];
      for (let i = 0; i < e.G; i++) {
        const src = i * k * L;
        const dst = (r0 + i) * P * L;
        for (let a = 0; a < k; a++) for (let j = 0; j < L; j++) M.B[dst + cols[a] * L + j] = Mg.B[src + a * L + j];
      }
      M.D.set(Mg.D, r0 * L * L);
      grad.set(gg.subarray(k), P + r0 * L);
    });
    return cost;
  }
}
