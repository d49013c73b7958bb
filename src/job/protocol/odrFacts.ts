/**
 * What an errors-in-variables fit (fit/odr) reports beside its FitResult, under ODRPACK's names
 * (the CLI's JSON `odr`, job/report/odrJson.ts): the weighted sum of squares split into its δ
 * (x) and ε (y) parts, res_var, whether sd_beta was scaled by it, and each point's projection
 * onto the curve on the plotted axes (null past MAX_PROJECTIONS rows).
 */
export interface OdrFacts {
  readonly kind: 'explicit' | 'implicit';
  /** The columns measured with error (each with a δ per row). */
  readonly observed: readonly string[];
  readonly sumSquares: number;
  readonly sumSquaresDelta: number;
  readonly sumSquaresEps: number;
  readonly resVar: number;
  readonly absoluteSigma: boolean;
  /** ½χ² of the ordinary fit it started from, ignoring the x errors (explicit). */
  readonly startCost: number | null;
  /** Implicit: augmented-Lagrangian rounds, and the largest distance from the curve left in σ units. */
  readonly rounds: number | null;
  readonly constraintViolation: number | null;
  readonly projections: { readonly x: Float64Array; readonly y: Float64Array; readonly count: number } | null;
  /** The x variable the projections are drawn against (index into mapping.x). */
  readonly plotVar: number;
}
