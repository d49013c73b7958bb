/**
 * What the one TRF loop (trustRegionLoop.ts) needs from a linear-algebra variant — the role of
 * Ceres' LinearSolver behind its one TrustRegionMinimizer: the variant holds the linearization
 * at the current iterate and at a trial point, factors the scaled (augmented) system once per
 * outer iteration and solves Moré's subproblem (more.ts) in its own factors. Variants: the dense
 * linear model (QR → SVD, or normal equations → eigh: denseVariant.ts), the arrow/Schur system of
 * a global fit (arrowVariant.ts) and the allocation-free small case (smallTrf.ts).
 *
 * Legend (Branch, Coleman & Li 1999; scipy trf.py): J_h = J·diag(d), d = scaling,
 * diag_h = Coleman–Li diagonal, g = Jᵀf, g_h = d ⊙ g, Δ = radius, α = Levenberg–Marquardt parameter.
 *
 * `L` is the reply of the driver to a 'linearize' request (a LinearModel, or a cost when the
 * variant's own storage was filled).
 */
export interface TrustRegionVariant<L> {
  readonly n: number;
  /**
   * Whether a trial point is linearized when it is evaluated (a small model or a global fit:
   * residuals and J cost about the same) rather than by a cost pass first and a linearization
   * only once it is accepted (the streaming and GPU passes).
   */
  readonly linearizeTrials: boolean;
  /** g = Jᵀf at the current iterate. */
  readonly g: Float64Array;
  /** ‖J e_j‖ at the current iterate (x_scale = 'jac'). */
  readonly columnNorms: Float64Array;
  /** Takes the driver's reply to a 'linearize' request as the trial's linearization; its cost. */
  trial(reply: L): number;
  /** Brings the trial's linearization into compact form; whether its J and g are finite. */
  compactTrial(): boolean;
  /** The first parameter whose Jacobian column or gradient entry is not finite at the trial, or −1. */
  nonFiniteParameter(): number;
  /** The trial's linearization becomes the current one. */
  accept(): void;
  /** Factors the system of scaling d and diagonal diag_h (null without bounds) at the current iterate. */
  prepare(d: Float64Array, diagH: Float64Array | null, gH: Float64Array): void;
  /** Moré's step p_h (into pH) within Δ from the previous α; returns the new α. */
  subproblem(Delta: number, alpha: number, pH: Float64Array): number;
  /**
   * The Euclidean norm the loop measures Δ, ‖p_h‖, ‖step‖ and ‖x‖ with: the overflow-safe form
   * (vec.norm) on the dense and arrow paths, the plain √Σaᵢ² (vec.norm2, numpy's) on the small
   * path. They differ in the last bit; each path keeps the one it always used, so that it takes
   * bit for bit the steps it took before the loops were merged.
   */
  norm(a: Float64Array): number;
  /** (J·u)·(J·v) at the current iterate (the quadratic model). */
  gram(u: Float64Array, v: Float64Array): number;
}
