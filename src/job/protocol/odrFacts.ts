/**
 * An errors-in-variables job's outcome (issue 24; steps/odrRun.ts) as the page shows it: ODRPACK's
 * facts beside the FitResult and each point's projection onto the curve (plot/projections.ts).
 */
import type { FitData } from '../../data/selectColumns';
import type { OdrResult } from '../../fit/odr';
import { projectionSegments } from '../../plot/projections';

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

/** The facts of a finished errors-in-x fit on the rows it fitted (`data`, the selection), its projections on the plotted variable. */
export function odrFacts(odr: OdrResult, data: FitData, plotVar: number, absoluteSigma: boolean): OdrFacts {
  const l = odr.observed.length;
  const along = (name: string | undefined): Float64Array | null => {
    const j = name === undefined ? -1 : odr.observed.indexOf(name);
    return j < 0 ? null : Float64Array.from({ length: odr.rows }, (_, i) => odr.delta[i * l + j]);
  };
  const shown = Math.min(Math.max(0, plotVar), data.names.x.length - 1);
  const x = data.vars[shown];
  const dx = along(data.names.x[shown]);
  const dy = odr.kind === 'explicit' ? odr.eps : along(data.names.y);
  return {
    kind: odr.kind,
    observed: odr.observed,
    sumSquares: odr.sumSquares,
    sumSquaresDelta: odr.sumSquaresDelta,
    sumSquaresEps: odr.sumSquaresEps,
    resVar: odr.resVar,
    absoluteSigma,
    startCost: odr.startFit ? odr.startFit.cost : null,
    rounds: odr.rounds ?? null,
    constraintViolation: odr.constraintViolation ?? null,
    projections: x ? projectionSegments(x, data.y, dx, dy) : null,
    plotVar: shown,
  };
}
