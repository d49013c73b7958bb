/**
 * The stacked residuals of a global fit as an ArrowEvaluator (solver/arrowTrf.ts). Each group's
 * terms (../groupTerms.ts: a closed-form model's kernels, compiled once, or an ODE model's
 * integration) take derivatives for [shared…, local…] of the model; each group's `normal` pass
 * yields its (s + l)² block of JᵀJ, which splits into the group's share of
 * A (shared×shared), its coupling B_g and its own block D_g, and its part of Jᵀf. The matrix is
 * never dense: see solver/arrow.ts.
 */
import type { ArrowMatrix } from '../../solver/arrow';
import type { ArrowEvaluator } from '../../solver/arrowTrf';
import type { Loss } from '../../solver/loss';
import type { GroupTerms } from '../groupTerms';

export interface GlobalLayout {
  /** Model-parameter indices of the shared parameters (solver order). */
  readonly shared: readonly number[];
  /** Model-parameter indices of the local parameters (solver order within a group). */
  readonly local: readonly number[];
  /** Full parameter vector with fixed values in place. */
  readonly base: Float64Array;
}

export class GlobalEvaluator implements ArrowEvaluator {
  readonly s: number;
  readonly l: number;
  readonly G: number;
  readonly m: number;
  private readonly p: Float64Array;
  private readonly acc: Float64Array;

  constructor(
    private readonly layout: GlobalLayout,
    private readonly groups: readonly GroupTerms[],
    private readonly loss: Loss,
  ) {
    this.s = layout.shared.length;
    this.l = layout.local.length;
    this.G = groups.length;
    this.m = groups.reduce((t, g) => t + g.rows, 0);
    this.p = Float64Array.from(layout.base);
    const k = this.s + this.l;
    this.acc = new Float64Array((k * (k + 1)) / 2 + k + 1);
  }

  /** Group g's full parameter vector at x (into shared scratch, or into `out`). */
  groupParameters(x: Float64Array, g: number, out: Float64Array = this.p): Float64Array {
    const { shared, local } = this.layout;
    const { s, l } = this;
    for (let i = 0; i < s; i++) out[shared[i]] = x[i];
    for (let j = 0; j < l; j++) out[local[j]] = x[s + g * l + j];
    return out;
  }

  /** ½Σρ of group g alone at x. */
  groupCost(x: Float64Array, g: number): number {
    return 0.5 * this.groups[g].cost(this.groupParameters(x, g), this.loss);
  }

  cost(x: Float64Array): number {
    let sum = 0;
    for (let g = 0; g < this.G; g++) {
      sum += this.groups[g].cost(this.groupParameters(x, g), this.loss);
    }
    return 0.5 * sum;
  }

  linearize(x: Float64Array, M: ArrowMatrix, grad: Float64Array): number {
    const { s, l, acc } = this;
    const k = s + l;
    M.A.fill(0);
    grad.fill(0, 0, s);
    let sumRho = 0;
    for (let g = 0; g < this.G; g++) {
      acc.fill(0);
      this.groups[g].normal(this.groupParameters(x, g), this.loss, acc);
      // Packed upper triangle of the group's (s + l)² JᵀJ, row by row, then Jᵀf, then Σρ.
      let o = 0;
      const bo = g * s * l;
      const dOff = g * l * l;
      for (let a = 0; a < k; a++) {
        for (let b = a; b < k; b++) {
          const v = acc[o++];
          if (b < s) {
            M.A[a * s + b] += v;
            if (a !== b) M.A[b * s + a] += v;
          } else if (a < s) {
            M.B[bo + a * l + (b - s)] = v;
          } else {
            M.D[dOff + (a - s) * l + (b - s)] = v;
            M.D[dOff + (b - s) * l + (a - s)] = v;
          }
        }
      }
      for (let a = 0; a < s; a++) grad[a] += acc[o + a];
      for (let j = 0; j < l; j++) grad[s + g * l + j] = acc[o + s + j];
      sumRho += acc[o + k];
    }
    return 0.5 * sumRho;
  }
}
