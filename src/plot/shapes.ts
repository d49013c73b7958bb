/** The shapes of what the worker sends back to draw and to show: table summaries, series,
 *  curves with bands. Plain data with typed arrays (transferred, not copied). */
import type { ColumnShape } from '../data/columnShape';
import type { Density } from './density';
import type { OdeCurves } from './odeShapes';
import type { RowIssue, SheetSource } from '../data/types';

export interface ColumnInfo {
  readonly name: string;
  readonly label: string;
  readonly numeric: number;
  readonly nonNumeric: number;
  readonly empty: number;
  /** Distinct texts of a column kept as text categories (a group column such as "treated"/
   *  "untreated"); null for a numeric column. A text column is never a usable x, y or σ. */
  readonly categories: number | null;
  /** How the values run down the column (a counter, a monotone axis, a repeated grid…), for the
   *  default choice of x and y; absent in summaries saved before it existed. */
  readonly shape?: ColumnShape;
  /** Every number in the column is an integer. */
  readonly integer?: boolean;
}

export interface TableSummary {
  readonly fileName: string | null;
  readonly rows: number;
  readonly columns: readonly ColumnInfo[];
  readonly delimiter: string;
  readonly decimalComma: boolean;
  readonly hasHeader: boolean;
  /** The first raw records, header included. */
  readonly preview: readonly (readonly string[])[];
  readonly issues: readonly RowIssue[];
  readonly issueCount: number;
  /** A spreadsheet or Parquet file: its format, the sheet read and every sheet; null for text. */
  readonly source?: SheetSource | null;
  /** Streamed past the memory budget (issue 12; absent or null: in memory): `rows` counts the
   *  file's rows, the columns' counts are the file's, and the page draws an even sample. */
  readonly stream?: StreamFacts | null;
}

/** A streamed table in numbers, for the page's note ("Memory budget 256 MB · streaming…"). */
export interface StreamFacts {
  /** The folder of its columns in the Origin Private File System (a saved session refers to it). */
  readonly folder: string;
  readonly budget: number;
  /** What an in-memory fit was estimated to hold. */
  readonly estimateBytes: number;
  readonly fileBytes: number;
  /** Bytes of float64 columns in browser storage. */
  readonly storedBytes: number;
  readonly chunkRows: number;
  readonly chunks: number;
  /** Rows of the sample the page draws: every `stride`-th row. */
  readonly sampleRows: number;
  readonly stride: number;
  /** Text columns not kept. */
  readonly dropped: readonly string[];
}

/** Points to draw; `index` maps each point back to its data row (for hover). */
export interface Series {
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** σ of each drawn point (null without a σ column). */
  readonly sigma: Float64Array | null;
  /** σ of the plotted x of each drawn point, where that column is measured with error (issue 24:
   *  the mapping's sigmaX); absent or null: x exact. */
  readonly sigmaX?: Float64Array | null;
  /** Physical file line of each drawn point. */
  readonly lines: Int32Array;
  /** True when min/max decimation dropped points. */
  readonly decimated: boolean;
  /** Zoomed: every point inside the view is drawn (the decimation is outside it only). */
  readonly viewAll: boolean;
  readonly total: number;
  /**
   * Rows a log axis cannot draw, counted over every row (the drawn points are a decimation above
   * DRAW_ALL_MAX rows, so the page cannot count them): `x` rows with x ≤ 0, `y` rows with y ≤ 0
   * (under log x only among those with x > 0, so a row is counted once). Absent in older sessions.
   */
  readonly nonPositive?: NonPositive;
  /**
   * Decimated: the points per cell over the view (or all x), drawn shaded in place of the min/max
   * points there. Absent in sessions saved before it existed.
   */
  readonly density?: Density | null;
}

export interface NonPositive {
  readonly x: number;
  readonly y: number;
}

export interface VariableRange {
  readonly name: string;
  readonly min: number;
  readonly max: number;
}

/** Points the user excluded (drawn hollow, listed by line): usable rows that pass the filters. */
export interface ExcludedPoints {
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly lines: Int32Array;
  /** How many in all (the arrays hold at most the first few thousand). */
  readonly count: number;
}

export interface SelectionSummary {
  readonly rows: number;
  /** Rows the row filters leave out (not "dropped": nothing is wrong with them). */
  readonly filteredCount: number;
  /** Rows the user excluded (among those the filters keep). */
  readonly excludedCount: number;
  readonly excluded: ExcludedPoints;
  readonly dropped: readonly RowIssue[];
  readonly droppedCount: number;
  readonly ranges: readonly VariableRange[];
  readonly y: { readonly min: number; readonly max: number };
  readonly data: Series;
  /** A streamed table (issue 12; absent or null: in memory): `rows` above counts the sample the
   *  page draws; the fit reads these `rows` from browser storage, leaving out `droppedCount` stored
   *  rows as a table in memory would (`dropped` lists the first, as above). `problem`: why the
   *  chosen columns cannot be fitted (a column not stored, no usable row), or null. */
  readonly streamed?: { readonly rows: number; readonly droppedCount?: number; readonly dropped?: readonly RowIssue[]; readonly problem: string | null } | null;
}

/** The model drawn over the data: on a grid of the plot variable, or at the data points when the
 *  model depends on other variables too. */
export interface Curve {
  readonly kind: 'grid' | 'points';
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** y − model at the data points, decimated like the data. */
  readonly residuals: Series;
  /** Σ(w(y − model))² at these parameters; NaN when the model is not finite somewhere. */
  readonly chi2: number;
  /** With the Poisson objective: the deviance at these values (what that fit minimises). */
  readonly deviance?: number;
  /** Rows where the model is not finite. */
  readonly nonFinite: number;
  /** Confidence and prediction bands (confidenceLevel, 95%) on the grid, when these parameters
   *  are those of the last fit of this model and data; null otherwise or when undetermined. */
  readonly confidence: BandPair | null;
  readonly prediction: BandPair | null;
  /** An ODE model (issue 23): each observed column with its curve (absent or null: closed form). */
  readonly ode?: OdeCurves | null;
  /** An implicit model g(x, y) = 0 (issue 24): x and y are the zero contour of g, polylines ended
   *  by NaN (plot/contour.ts); the residuals are each point's first-order distance g/‖∇g‖ and χ²
   *  is Σ g²/Σᵥ(σᵥ∂g/∂v)², what the fit minimises to first order. Absent: y = f(x). */
  readonly implicit?: boolean;
}

export interface BandPair {
  readonly lower: Float64Array;
  readonly upper: Float64Array;
}

/** How the plot wants the data: which x column, linear or log x, how many pixel columns, the zoom. */
export interface PlotRequest {
  /** Index into mapping.x. */
  readonly plotVar: number;
  readonly logX: boolean;
  /** Buckets for min/max decimation (about the plot width in pixels). */
  readonly buckets: number;
  /** The x interval on screen when the plot is zoomed (data units), drawn at full resolution. */
  readonly xRange?: readonly [number, number] | null;
}

/** One group drawn on the plot: its data and its fitted curve (null when it failed). */
export interface GroupOverlay {
  readonly key: string;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly curve: { readonly x: Float64Array; readonly y: Float64Array } | null;
}
