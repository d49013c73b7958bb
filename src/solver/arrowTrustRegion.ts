/**
 * Moré's secular equation (more.ts) of the TRF subproblem on an arrow-shaped normal matrix
 * (arrow.ts):
 *
 *     minimize ½ pᵀ H p + g_hᵀ p  subject to ‖p‖ ≤ Δ,   H = diag(d)·JᵀJ·diag(d) + diag(diag_h),
 *
 * with p(α) = −(H + αI)⁻¹ g_h from Cholesky factors instead of an SVD: φ(α) = ‖p(α)‖ − Δ and
 * φ'(α) = −p(α)ᵀ(H + αI)⁻¹p(α) / ‖p(α)‖ (J. J. Moré, "The Levenberg–Marquardt algorithm:
 * implementation and theory", LNM 630, 1977). The iteration is the one of scipy's
 * solve_lsq_trust_region (moreStep); in exact arithmetic it gives the SVD path's step. Every
 * (H + αI) keeps the arrow, so each φ costs one Schur-complement factorization (O(G·l³ + s³)).
 *
 * Legend: d = TRF scaling, diag_h = Coleman–Li diagonal, g_h = d ⊙ g, Δ = radius,
 * α = Levenberg–Marquardt parameter, m = rows of the (augmented) least-squares problem.
 */
import type { ArrowFactor } from './arrow';
import { moreStep, type SecularEquation } from './more';
import { norm2 } from './vec';

const EPS = 2.220446049250313e-16;

export interface ArrowStepWork {
  readonly q: Float64Array;
  readonly w: Float64Array;
  /** −g_h (the right-hand side). */
  readonly rhs: Float64Array;
}

export function arrowStepWork(n: number): ArrowStepWork {
  return { q: new Float64Array(n), w: new Float64Array(n), rhs: new Float64Array(n) };
}

/** φ(α) through the Schur complement of H + αI. */
export class ArrowSecular implements SecularEquation {
  phi = 0;
  dphi = 0;
  private d: Float64Array | null = null;
  private diagH: Float64Array | null = null;
  private gNorm = 0;
  private m = 0;
  /** The smallest shift tried when H + αI at a tiny α does not factor. */
  private floor = 0;

  constructor(
    private readonly F: ArrowFactor,
    readonly work: ArrowStepWork,
  ) {}

  /** The subproblem of scaling d, diagonal diag_h and gradient g_h, with m rows (rank threshold). */
  use(d: Float64Array, diagH: Float64Array | null, gH: Float64Array, m: number): void {
    const { rhs } = this.work;
    for (let i = 0; i < gH.length; i++) rhs[i] = -gH[i];
    this.d = d;
    this.diagH = diagH;
    this.gNorm = norm2(gH);
    this.m = m;
  }

  /**
   * Factors H + αI, raising α where the factorization fails numerically (an exactly singular H at
   * a tiny α); returns the α that was factored.
   */
  private factorShifted(alpha: number): number {
    let a = alpha;
    for (let tries = 0; tries < 60; tries++) {
      if (this.F.factor(this.d, this.diagH, a)) return a;
      a = a > 0 ? 10 * a : this.floor;
    }
    throw new Error('arrowTrustRegion: the shifted normal matrix could not be factored');
  }

  /** φ and φ' at the α last factored. */
  private evaluate(Delta: number): void {
    const { q, w, rhs } = this.work;
    this.F.solve(rhs, q);
    const pn = norm2(q);
    this.F.solve(q, w);
    let qw = 0;
    for (let i = 0; i < q.length; i++) qw += q[i] * w[i];
    this.phi = pn - Delta;
    this.dphi = -qw / pn;
  }

  /** Full rank: H factors with every pivot above (EPS·m)² relative (scipy's EPS·m·s₀ on s). */
  gaussNewton(p: Float64Array): number {
    if (!this.F.factor(this.d, this.diagH, 0, (EPS * this.m) ** 2)) return -1;
    this.F.solve(this.work.rhs, p);
    return norm2(p);
  }

  atZero(Delta: number): void {
    this.evaluate(Delta);
  }

  gradientNorm(): number {
    return this.gNorm;
  }

  at(alpha: number, Delta: number): number {
    this.floor = Math.max(1e-12 * (this.gNorm / Delta), Number.MIN_VALUE);
    const a = this.factorShifted(alpha);
    this.evaluate(Delta);
    return a;
  }

  step(alpha: number, Delta: number, p: Float64Array): number {
    this.floor = Math.max(1e-12 * (this.gNorm / Delta), Number.MIN_VALUE);
    const a = this.factorShifted(alpha);
    this.F.solve(this.work.rhs, p);
    const pn = norm2(p);
    if (pn > 0) for (let i = 0; i < p.length; i++) p[i] *= Delta / pn;
    return a;
  }
}

/**
 * The step p_h (into work.q) and the new α. `m` is the number of rows of the (augmented)
 * least-squares problem, for the rank threshold (scipy's EPS·m·s₀ on singular values, i.e.
 * (EPS·m)² relative on the pivots of H).
 */
export function solveArrowTrustRegion(
  F: ArrowFactor,
  d: Float64Array,
  diagH: Float64Array | null,
  gH: Float64Array,
  Delta: number,
  initialAlpha: number,
  m: number,
  work: ArrowStepWork,
): { alpha: number } {
  const eq = new ArrowSecular(F, work);
  eq.use(d, diagH, gH, m);
  return { alpha: moreStep(eq, Delta, initialAlpha, work.q) };
}
