/**
 * The assay steps of a fit job (issue 26), after the fit:
 *
 *   outliers   ROUT (src/fit/rout.ts): robust Cauchy fits, outliers by the false discovery rate,
 *              then the least-squares fit without them, which replaces the job's fit
 *   bootstrap  percentile intervals of the parameters from resampled refits (src/fit/bootstrap.ts)
 *   read off   the unknowns' x̂ with inverse-prediction intervals, and ŷ at new x with confidence and
 *              prediction intervals (src/fit/interpolate.ts), on the final fit and its rows
 */
import type { CurveFitInput } from '../../fit/curveFit';
import { interpolateUnknowns, predictAt, type InterpolatedUnknown, type PredictedPoint, type UnknownSample, type Weighing } from '../../fit/interpolate';
import { routFit } from '../../fit/rout';
import type { BootstrapInterval } from '../../fit/bootstrapIntervals';
import { bootstrapFit, type BootstrapKind, type BootstrapOptions, type BootstrapResult } from '../../fit/bootstrap';
import type { FitData, FitResult } from '../../fit/types';
import type { FitOptions } from '../../fit/defaults';

/** What a job asks of the assay steps (FitJob.assay); absent or null fields: not asked. */
export interface JobAssay {
  /** --interpolate's unknown samples (rows left out of the fit). */
  readonly unknowns: readonly UnknownSample[] | null;
  /** --predict's x values. */
  readonly predict: readonly number[] | null;
  /** ROUT with Q as a fraction; `keep`: file lines put back by the user, never flagged (the page's
   *  "put back"; absent: none). */
  readonly outliers: { readonly method: 'rout'; readonly q: number; readonly keep?: readonly number[] } | null;
  /** Bootstrap percentile intervals (src/fit/bootstrap.ts); absent or null: none. */
  readonly bootstrap?: { readonly kind: BootstrapKind; readonly resamples: number; readonly seed: number; readonly interval?: BootstrapInterval } | null;
}

export interface OutlierFacts {
  readonly method: 'rout';
  readonly q: number;
  /** 0-based positions among the fit's rows. */
  readonly indices: number[];
  /** The file's line numbers of those rows (null where the rows have none). */
  readonly rows: (number | null)[];
  /** The robust SD of the robust fit's residuals. */
  readonly rsdr: number;
}

export interface AssayOutcome {
  readonly interpolated: InterpolatedUnknown[] | null;
  readonly predicted: PredictedPoint[] | null;
  readonly outliers: OutlierFacts | null;
  readonly bootstrap?: BootstrapResult | null;
}

/** How a host watches the bootstrap's refits (JobHost.bootstrapWatch: the page's progress and Cancel). */
export type BootstrapWatch = Pick<BootstrapOptions, 'pause' | 'stopped' | 'onProgress'>;

/**
 * statistics: bootstrap intervals of the fit that stands, on its rows. Stopped by the host
 * (Cancel) before B refits: null, and a note says so; the fit stands.
 */
export async function bootstrapStep(assay: JobAssay | null | undefined, input: CurveFitInput, result: FitResult, watch?: BootstrapWatch, notes?: string[]): Promise<BootstrapResult | null> {
  const b = assay?.bootstrap;
  if (!b) return null;
  const out = await bootstrapFit(input, result, { kind: b.kind, resamples: b.resamples, seed: b.seed, level: result.confidenceLevel, interval: b.interval, ...watch });
  if (!out.stopped) return out;
  notes?.push(`Bootstrap intervals were cancelled after ${out.samples[result.free[0]]?.length ?? 0} of ${b.resamples} resamples; the fit stands without them.`);
  return null;
}

/** outliers: ROUT from the least-squares fit; returns the fit that stands and the rows it fitted. */
export async function outlierStep(assay: JobAssay | null | undefined, input: CurveFitInput, result: FitResult): Promise<{ result: FitResult; data: FitData; outliers: OutlierFacts | null }> {
  if (!assay?.outliers) return { result, data: input.data, outliers: null };
  const lines = input.data.lines;
  const keep = assay.outliers.keep && lines ? new Set(assay.outliers.keep) : null;
  const kept = keep && lines ? new Set(Array.from({ length: lines.length }, (_, i) => i).filter((i) => keep.has(lines[i]))) : undefined;
  const rout = await routFit(input, result, assay.outliers.q, undefined, kept);
  return {
    result: rout.result,
    data: rout.kept,
    outliers: { method: 'rout', q: assay.outliers.q, indices: rout.indices, rows: rout.indices.map((i) => (lines ? lines[i] : null)), rsdr: rout.rsdr },
  };
}

/** read off: the unknowns and predictions on the final fit (`data`: the rows it fitted). */
export function readOffStep(assay: JobAssay | null | undefined, input: Pick<CurveFitInput, 'model'>, options: FitOptions, data: FitData, result: FitResult): Omit<AssayOutcome, 'outliers'> {
  if (!assay || (!assay.unknowns && !assay.predict)) return { interpolated: null, predicted: null };
  const w: Weighing = { weights: options.weights ?? 'sigma', hasSigma: Boolean(data.sigma), absoluteSigma: Boolean(options.absoluteSigma) };
  return {
    interpolated: assay.unknowns ? interpolateUnknowns(input.model, result, data.vars[0], assay.unknowns, w) : null,
    predicted: assay.predict ? predictAt(input.model, result, assay.predict, w) : null,
  };
}
