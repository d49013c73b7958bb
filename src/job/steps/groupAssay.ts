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
 */
import { curveFit, type CurveFitInput } from '../../fit/curveFit';
import type { InterpolatedUnknown, PredictedPoint, UnknownSample } from '../../fit/interpolate';
import { bootstrapFit, type BootstrapResult } from '../../fit/bootstrap';
import type { FitData } from '../../fit/types';
import type { FitOptions } from '../../fit/defaults';
import { readOffStep, type BootstrapWatch, type JobAssay } from './assay';

/** One group's readings and bootstrap (JSON groups[i].interpolated / .predicted / .bootstrapCi …). */
export interface GroupAssay {
  readonly key: string;
  readonly interpolated: InterpolatedUnknown[] | null;
  readonly predicted: PredictedPoint[] | null;
  /** Its bootstrap intervals; null where not asked, the group was not fitted, or Cancel came first. */
  readonly bootstrap?: BootstrapResult | null;
}

/** What the group steps read: each group's rows, and the batch's row of each. */
export interface GroupAssayInput {
  readonly model: CurveFitInput['model'];
  readonly groups: readonly { readonly key: string; readonly data: FitData }[];
  readonly rows: readonly { readonly key: string; readonly success: boolean; readonly params: Float64Array }[];
  readonly parameters: CurveFitInput['parameters'];
  readonly options: FitOptions;
}

/**
 * read off and bootstrap, per group. `unknowns`: each group's unknown samples by key; `assay`:
 * the predictions and the bootstrap asked for (its unknowns and outliers are not read here).
 * `notes` hears a cancelled bootstrap.
 */
export async function groupAssaySteps(
  input: GroupAssayInput,
  unknowns: ReadonlyMap<string, readonly UnknownSample[]> | null,
  assay: Pick<JobAssay, 'predict' | 'bootstrap'>,
  watch?: BootstrapWatch,
  notes?: string[],
): Promise<GroupAssay[]> {
  const { model, options } = input;
  const predict = assay.predict ?? null;
  const b = assay.bootstrap ?? null;
  const fitted = input.rows.filter((row) => row.success && input.groups.some((g) => g.key === row.key));
  const total = b ? fitted.length * b.resamples : 0;
  let done = 0;
  let cancelled = false;
  const out: GroupAssay[] = [];
  for (const row of input.rows) {
    const group = input.groups.find((g) => g.key === row.key);
    const samples = unknowns?.get(row.key) ?? null;
    if (!group || !row.success || (!samples && !predict && !b)) {
      out.push({ key: row.key, interpolated: samples ? samples.map(unread) : null, predicted: null, ...(b ? { bootstrap: null } : {}) });
      continue;
    }
    const starts = input.parameters.map((p) => (p.fixed ? p : { ...p, value: row.params[model.params.indexOf(p.name)] }));
    const fitInput: CurveFitInput = { model, data: group.data, parameters: starts, options };
    const result = await curveFit(fitInput);
    const readings = readOffStep({ unknowns: samples, predict, outliers: null }, { model }, options, group.data, result);
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
    out.push({ key: row.key, ...readings, ...(b ? { bootstrap } : {}) });
  }
  if (cancelled) notes?.push(`Bootstrap intervals were cancelled; ${out.filter((g) => g.bootstrap).length} of ${fitted.length} groups have them.`);
  return out;
}

/** An unknown of a group that was not fitted: no reading. */
const unread = (u: UnknownSample): InterpolatedUnknown => {
  const y = u.y.reduce((a, c) => a + c, 0) / u.y.length;
  return { row: u.lines[0], y, x: null, lower: null, upper: null, status: 'not-fitted', rows: u.lines, n: u.y.length, sample: u.sample };
};
