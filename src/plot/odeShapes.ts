/** What the page draws of an ODE model (issue 23): each observed column's points and the model's
 *  curve for it on one time grid, plus the residuals. Plain data with typed arrays. */
import type { OdeFitData } from '../fit/ode';
import type { CompiledOde } from '../model/index';
import type { BandPair } from './shapes';

/** An ODE model's fit problem: the compiled model, each observed column's rows, the time column. */
export interface OdeProblem {
  readonly model: CompiledOde;
  readonly data: OdeFitData;
  /** The time column (mapping.x[0]). */
  readonly time: string;
}

export interface OdeSeries {
  /** The column of its `~` line. */
  readonly column: string;
  /** The observations: time, value and file line of each usable row (in the file's order). */
  readonly t: Float64Array;
  readonly y: Float64Array;
  readonly lines: Int32Array;
  /** The observation's expression on `OdeCurves.grid` (NaN past a failed integration). */
  readonly curve: Float64Array;
  /** y − model at the observations. */
  readonly residuals: Float64Array;
  /** The fit's 95% bands on the grid (delta method through the sensitivities, fit/ode/odeBands.ts);
   *  absent or null: drawn at parameters that are not a fit's. */
  readonly confidence?: BandPair | null;
  readonly prediction?: BandPair | null;
}

export interface OdeCurves {
  /** The time column's name. */
  readonly time: string;
  /** A fine grid over the data's time range (the zoomed view drawn finer). */
  readonly grid: Float64Array;
  readonly series: readonly OdeSeries[];
  /** Why the integration stopped early (null: it reached every time). */
  readonly failure: string | null;
}
