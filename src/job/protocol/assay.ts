/**
 * The assay steps (issue 26; src/job/steps/assay.ts) between the page and the job: the page's
 * settings as the job's `assay`, and its outcome in the shape the page draws and a session keeps
 * (the unknowns read off the curve, predictions, ROUT's outliers on the plot, and the bootstrap
 * intervals with each parameter's resampled values).
 */
import type { InterpolatedUnknown, PredictedPoint } from '../../fit/interpolate';
import type { FitData } from '../../fit/types';
import type { AssaySettings } from '../../share/types';
import type { AssayOutcome, JobAssay } from '../steps/assay';

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
   *  percentile `intervals`, studentized (absent in fits saved before it), and BCa only when the fit
   *  asked for it (its jackknife costs n refits; absent otherwise and in fits saved before it). The
   *  page switches between percentile and studentized without a refit; BCa is part of the fit's
   *  signature (src/state/signature.ts). */
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

/** The job's assay from the page's settings (ROUT's Q from percent to a fraction), with the unknowns and "Predict at x" values the page read. */
export function assayJob(settings: AssaySettings, unknowns: JobAssay['unknowns'], predict: JobAssay['predict']): JobAssay {
  return {
    unknowns,
    predict,
    outliers: settings.rout ? { method: 'rout', q: settings.q / 100, ...(settings.keep.length > 0 ? { keep: [...settings.keep] } : {}) } : null,
    bootstrap: settings.bootstrap ? { kind: settings.kind, resamples: settings.resamples, seed: settings.seed, interval: settings.interval } : null,
  };
}

/** The job's assay outcome as the page draws it; `data`: the rows the fit started from (the selection). */
export function pageAssayOutcome(a: AssayOutcome, data: FitData, plotVar: number): PageAssay {
  const o = a.outliers;
  const b = a.bootstrap ?? null;
  const xs = data.vars[plotVar] ?? data.vars[0];
  return {
    interpolated: a.interpolated,
    predicted: a.predicted,
    outliers: o ? { q: o.q, lines: o.rows.map((r) => r ?? 0), x: o.indices.map((i) => xs[i]), y: o.indices.map((i) => data.y[i]), rsdr: o.rsdr } : null,
    bootstrap: b ? { kind: b.kind, resamples: b.resamples, seed: b.seed, failed: b.failed, intervals: b.intervals, bca: b.bca, studentized: b.studentized, samples: b.samples } : null,
  };
}
