/**
 * The dense variant of the TRF loop (variant.ts): the linear model of an Evaluator
 * (linearModel.ts), J = Q·R (the precise path, κ not squared) or JᵀJ and Jᵀf from one streaming
 * pass (the large-n and GPU path). Per outer iteration the scaled, augmented system
 * [J·diag(d); diag(√diag_h)] is factored once — an SVD of the small triangle, or a p×p symmetric
 * eigendecomposition of the normal matrix — and Moré's iteration runs on those factors
 * (svdSecular.ts), as scipy's trf with tr_solver='exact' does.
 *
 * Legend (scipy trf.py): d = scaling, diag_h = Coleman–Li diagonal, s/V/uf = the factors of the
 * augmented matrix, m = residuals (the rank threshold).
 */
import { isFiniteLinearModel, nonFiniteParameter, type LinearModel } from './linearModel';
import { moreStep } from './more';
import { SvdSecular } from './svdSecular';
import { norm } from './vec';
import type { TrustRegionVariant } from './variant';

export class DenseVariant implements TrustRegionVariant<LinearModel> {
  readonly linearizeTrials = false;
  private current: LinearModel | null = null;
  private next: LinearModel | null = null;
  private readonly secular: SvdSecular;

  constructor(
    readonly n: number,
    /** Residuals (for the rank threshold EPS·m·s₀). */
    readonly m: number,
  ) {
    this.secular = new SvdSecular(n);
  }

  /** The linearization at the current iterate. */
  get linear(): LinearModel {
    if (!this.current) throw new Error('DenseVariant: no linearization yet');
    return this.current;
  }

  get g(): Float64Array {
    return this.linear.g;
  }

  get columnNorms(): Float64Array {
    return this.linear.columnNorms;
  }

  trial(reply: LinearModel): number {
    this.next = reply;
    return reply.cost;
  }

  compactTrial(): boolean {
    return this.next !== null && isFiniteLinearModel(this.next);
  }

  nonFiniteParameter(): number {
    return this.next ? nonFiniteParameter(this.next) : -1;
  }

  accept(): void {
    this.current = this.next;
  }

  prepare(d: Float64Array, diagH: Float64Array | null): void {
    const { s, V, uf, squared } = this.linear.factor(d, diagH);
    this.secular.use(s, V, uf, this.m, squared);
  }

  subproblem(Delta: number, alpha: number, pH: Float64Array): number {
    return moreStep(this.secular, Delta, alpha, pH);
  }

  norm(a: Float64Array): number {
    return norm(a);
  }

  gram(u: Float64Array, v: Float64Array): number {
    return this.linear.gram(u, v);
  }
}
