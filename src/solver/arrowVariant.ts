/**
 * The arrow variant of the TRF loop (variant.ts; Ceres' DENSE_SCHUR): the normal matrix of a
 * global fit — shared parameters plus one block of local parameters per group — kept in arrow
 * form (arrow.ts) and the subproblem solved through its Schur complement (arrowTrustRegion.ts)
 * instead of an SVD of the whole Jacobian. The TRF scaling d (x_scale, 'jac') and the Coleman–Li
 * diagonal are diagonal (Branch, Coleman & Li 1999), so the scaled, augmented matrix keeps the
 * arrow and no (s + G·l)² matrix is ever formed.
 *
 * Two matrices: the one at x and the one at a trial point being linearized (swapped on accept).
 * A trial point is linearized at once: for a global fit most trials are accepted, and the
 * linearization pass costs little more than the cost pass.
 *
 * Legend: s shared, l locals per group, G groups, M = JᵀJ, g = Jᵀf, d = scaling,
 * diag_h = Coleman–Li diagonal, m = residuals (m + n rows with the augmentation, for the rank test).
 */
import { ArrowFactor, ArrowMatrix } from './arrow';
import type { ArrowSupport } from './arrowSupport';
import { ArrowSecular, arrowStepWork } from './arrowTrustRegion';
import { allFinite, norm } from './vec';
import { moreStep } from './more';
import type { TrustRegionVariant } from './variant';

export class ArrowVariant implements TrustRegionVariant<number> {
  readonly linearizeTrials = true;
  readonly n: number;
  /** JᵀJ and g at the current iterate, and at the trial point. */
  M: ArrowMatrix;
  g: Float64Array;
  Mtrial: ArrowMatrix;
  gTrial: Float64Array;
  readonly columnNorms: Float64Array;
  private readonly trialNorms: Float64Array;
  private readonly F: ArrowFactor;
  private readonly secular: ArrowSecular;
  /** Scratch of the bilinear form. */
  private readonly z: Float64Array;

  constructor(
    readonly s: number,
    readonly l: number,
    readonly G: number,
    /** Residuals. */
    readonly m: number,
    /** Where each group's coupling may be nonzero (arrowSupport.ts), or null. */
    support: ArrowSupport | null = null,
  ) {
    const n = s + G * l;
    this.n = n;
    this.M = new ArrowMatrix(s, l, G, support);
    this.Mtrial = new ArrowMatrix(s, l, G, support);
    this.g = new Float64Array(n);
    this.gTrial = new Float64Array(n);
    this.columnNorms = new Float64Array(n);
    this.trialNorms = new Float64Array(n);
    this.F = new ArrowFactor(this.M);
    this.secular = new ArrowSecular(this.F, arrowStepWork(n));
    this.z = new Float64Array(n);
  }

  /** The driver linearized into Mtrial and gTrial; the reply is the cost. */
  trial(cost: number): number {
    return cost;
  }

  /** ‖J e_j‖ = √(JᵀJ)_jj; every entry of J enters one, and f enters g. */
  compactTrial(): boolean {
    const c = this.Mtrial.diagonal(this.trialNorms);
    for (let j = 0; j < this.n; j++) c[j] = Math.sqrt(Math.max(c[j], 0));
    return allFinite(c) && allFinite(this.gTrial);
  }

  nonFiniteParameter(): number {
    const j = this.trialNorms.findIndex((v) => !Number.isFinite(v));
    return j >= 0 ? j : this.gTrial.findIndex((v) => !Number.isFinite(v));
  }

  accept(): void {
    [this.M, this.Mtrial] = [this.Mtrial, this.M];
    [this.g, this.gTrial] = [this.gTrial, this.g];
    this.columnNorms.set(this.trialNorms);
    this.F.rebind(this.M);
  }

  prepare(d: Float64Array, diagH: Float64Array | null, gH: Float64Array): void {
    this.secular.use(d, diagH, gH, diagH ? this.m + this.n : this.m);
  }

  subproblem(Delta: number, alpha: number, pH: Float64Array): number {
    const a = moreStep(this.secular, Delta, alpha, this.secular.work.q);
    pH.set(this.secular.work.q);
    return a;
  }

  /** uᵀ·JᵀJ·v. */
  norm(a: Float64Array): number {
    return norm(a);
  }

  gram(u: Float64Array, v: Float64Array): number {
    return this.M.bilinear(u, v, this.z);
  }
}
