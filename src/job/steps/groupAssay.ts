/**
 * The assay steps per group (issue 26; per-group fits only): each fitted group's unknowns read
 * off its curve, the predictions, and its bootstrap intervals, as steps/assay.ts runs them on one
 * fit. A batch row keeps parameters and errors, not the covariance or the residual statistics, so
 * each group is fitted again by curveFit from its batch solution (the same minimum, a few
 * iterations) and read there.
 *
 * The bootstrap of a group is the single fit's bootstrap (src/fit/bootstrap.ts) of that group's
 * rows, with the job's seed: a group's intervals equal those of `--where` that group alone with
 * the same `--seed`, so any group can be checked on its own. (Groups of equal size therefore
 * draw the same resample indices; each group's interval is valid on its own, but intervals of
 * two groups are not independent draws.) The groups run one after another in this thread, as
 * the single fit's refits do; the host's watch sees progress over all groups' resamples, and
 * Cancel stops the resampling: the groups done keep their intervals, the rest have none.
 *
 * ROUT per group (--outliers rout with --group): each group's refit runs the single fit's ROUT
 * (steps/assay.ts outlierStep: Cauchy fit, RSDR, the FDR test with Q, the least-squares refit
 * without the outliers) on its own rows, so a group's verdict equals `--where` that group alone.
 * ROUT's least-squares fit is the group's fit: `refit` replaces its batch row (withRoutRefits), and
 * its unknowns and bootstrap are read off that refit and its kept rows, as the single fit's are.
 */
import { curveFit, type CurveFitInput } from '../../fit/curveFit';
import type { InterpolatedUnknown, PredictedPoint, UnknownSample } from '../../fit/interpolate';
import { bootstrapFit, type BootstrapResult } from '../../fit/bootstrap';
import type { FitData } from '../../fit/types';
import type { FitOptions } from '../../fit/defaults';
import { fittedBatchRow, type GroupRow } from '../../fit/groupRow';
import { outlierStep, readOffStep, type BootstrapWatch, type JobAssay, type OutlierFacts } from './assay';

/** One group's readings and bootstrap (JSON groups[i].interpolated / .predicted / .bootstrapCi …). */
export interface GroupAssay {
  readonly key: string;
  readonly interpolated: InterpolatedUnknown[] | null;
  readonly predicted: PredictedPoint[] | null;
  /** Its bootstrap intervals; null where not asked, the group was not fitted, or Cancel came first. */
  readonly bootstrap?: BootstrapResult | null;
  /** ROUT's verdict on its rows (indices among the group's rows); null where not asked or not fitted. */
  readonly outliers?: OutlierFacts | null;
  /** With ROUT: its least-squares fit (without the outliers; the group's refit when none), which
   *  stands for the group's batch row, as ROUT's fit stands for a single fit; absent without ROUT. */
  readonly refit?: GroupRow;
}

/** What the group steps read: each group's rows, and the batch's row of each. */
export interface GroupAssayInput {
  readonly model: CurveFitInput['model'];
  readonly groups: readonly { readonly key: string; readonly data: FitData }[];
  readonly rows: readonly { readonly key: string; readonly success: boolean; readonly params: Float64Array; readonly start?: Float64Array }[];
  readonly parameters: CurveFitInput['parameters'];
  readonly options: FitOptions;
}

/**
 * read off and bootstrap, per group. `unknowns`: each group's unknown samples by key; `assay`:
 * the predictions, ROUT and the bootstrap asked for (its unknowns are not read here).
 * `notes` hears a cancelled bootstrap.
 */
export async function groupAssaySteps(
  input: GroupAssayInput,
  unknowns: ReadonlyMap<string, readonly UnknownSample[]> | null,
  assay: Pick<JobAssay, 'predict' | 'bootstrap'> & Partial<Pick<JobAssay, 'outliers'>>,
  watch?: BootstrapWatch,
  notes?: string[],
): Promise<GroupAssay[]> {
  const { model, options } = input;
  const predict = assay.predict ?? null;
  const b = assay.bootstrap ?? null;
  const rout = assay.outliers ?? null;
  const fitted = input.rows.filter((row) => row.success && input.groups.some((g) => g.key === row.key));
  const total = b ? fitted.length * b.resamples : 0;
  let done = 0;
  let cancelled = false;
  const out: GroupAssay[] = [];
  for (const row of input.rows) {
    const group = input.groups.find((g) => g.key === row.key);
    const samples = unknowns?.get(row.key) ?? null;
    if (!group || !row.success || (!samples && !predict && !b && !rout)) {
      out.push({ key: row.key, interpolated: samples ? samples.map(unread) : null, predicted: null, ...(b ? { bootstrap: null } : {}), ...(rout ? { outliers: null } : {}) });
      continue;
    }
    const starts = input.parameters.map((p) => (p.fixed ? p : { ...p, value: row.params[model.params.indexOf(p.name)] }));
    const leastSquares = await curveFit({ model, data: group.data, parameters: starts, options });
    // outliers: the group's ROUT; its refit without them (and its kept rows) is the fit read off below.
    const routed = await outlierStep({ unknowns: null, predict: null, outliers: rout }, { model, data: group.data, parameters: starts, options }, leastSquares);
    const { result, data } = routed;
    const fitInput: CurveFitInput = { model, data, parameters: starts, options };
    const readings = readOffStep({ unknowns: samples, predict, outliers: null }, { model }, options, data, result);
    let bootstrap: BootstrapResult | null = null;
    if (b && !cancelled) {
      const offset = done;
      const run = await bootstrapFit(fitInput, result, {
        kind: b.kind,
        resamples: b.resamples,
        seed: b.seed,
        level: result.confidenceLevel,
        interval: b.interval,
        pause: watch?.pause,
        stopped: watch?.stopped,
        onProgress: watch?.onProgress ? (d) => watch.onProgress!(offset + d, total) : undefined,
      });
      done += b.resamples;
      if (run.stopped) cancelled = true;
      else bootstrap = run;
    }
    const refit = routed.outliers ? { refit: fittedBatchRow(row.key, data.y.length, model.params, row.start ?? row.params, result) } : {};
    out.push({ key: row.key, ...readings, ...(b ? { bootstrap } : {}), ...(rout ? { outliers: routed.outliers } : {}), ...refit });
  }
  if (cancelled) notes?.push(`Bootstrap intervals were cancelled; ${out.filter((g) => g.bootstrap).length} of ${fitted.length} groups have them.`);
  return out;
}

/**
 * The groups' rows with ROUT's refits standing for their fits (the batch row's skipped count kept);
 * the rows as they were without ROUT.
 */
export function withRoutRefits<R extends GroupRow>(rows: readonly R[], assay: readonly GroupAssay[] | null): R[] {
  const refits = new Map((assay ?? []).flatMap((a) => (a.refit ? [[a.key, a.refit] as const] : [])));
  return rows.map((r) => {
    const refit = refits.get(r.key);
    return refit ? { ...r, ...refit, skippedRows: r.skippedRows } : r;
  });
}

/** An unknown of a group that was not fitted: no reading. */
const unread = (u: UnknownSample): InterpolatedUnknown => {
  const y = u.y.reduce((a, c) => a + c, 0) / u.y.length;
  return { row: u.lines[0], y, x: null, lower: null, upper: null, status: 'not-fitted', rows: u.lines, n: u.y.length, sample: u.sample };
};
