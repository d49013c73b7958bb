/**
 * The assay steps' outcome (issue 26; src/job/steps/assay.ts) in the shape the page draws and a
 * session keeps: the unknowns read off the curve, predictions, ROUT's outliers on the plot, and the
 * bootstrap intervals with each parameter's resampled values.
 */
import type { InterpolatedUnknown, PredictedPoint } from '../../fit/interpolate';

/** The assay results a single fit brings to the page (FitOutcome.assay). */
export interface PageAssay {
  readonly interpolated: readonly InterpolatedUnknown[] | null;
  readonly predicted: readonly PredictedPoint[] | null;
  /** ROUT's outliers: their file lines, and where they lie on the plot (the plotted variable, y). */
  readonly outliers: {
    readonly q: number;
    readonly lines: readonly number[];
    readonly x: readonly number[];
    readonly y: readonly number[];
    readonly rsdr: number;
  } | null;
  /** Bootstrap intervals and each free parameter's resampled values (the histograms): the
   *  percentile `intervals`, and BCa and studentized (absent in fits saved before them), which the
   *  page's interval choice picks from without a refit. */
  readonly bootstrap: {
    readonly kind: 'residual' | 'case';
    readonly resamples: number;
    readonly seed: number;
    readonly failed: number;
    readonly intervals: Readonly<Record<string, readonly [number, number]>>;
    readonly bca?: Readonly<Record<string, readonly [number, number]>>;
    readonly studentized?: Readonly<Record<string, readonly [number, number]>>;
    readonly samples: Readonly<Record<string, Float64Array>>;
  } | null;
}
