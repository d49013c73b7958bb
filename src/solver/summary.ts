/** Per-iteration record of the solver (Ceres keeps one for every iteration; so do we). */
export interface IterationSummary {
  /** Outer iteration number, from 1. */
  readonly iteration: number;
  readonly nfev: number;
  readonly njev: number;
  readonly cost: number;
  /** First-order optimality: ‖v ⊙ g‖∞ with bounds, ‖g‖∞ without. */
  readonly optimality: number;
  /** Trust-region radius Δ after this iteration. */
  readonly Delta: number;
  /** ‖Δx‖ of the accepted step (0 when every trial was rejected). */
  readonly stepNorm: number;
  readonly actualReduction: number;
  /** Which step the bound handling chose ('trust-region' without bounds). */
  readonly stepKind: 'trust-region' | 'reflected' | 'cauchy' | 'none';
  /** The iterate after this iteration (a copy). */
  readonly x: Float64Array;
  /** Milliseconds since the solver started. */
  readonly elapsedMs: number;
}
