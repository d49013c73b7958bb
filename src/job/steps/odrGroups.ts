/**
 * Per-group fits with errors in both variables (issue 24): each group's columns fitted by its own
 * orthogonal distance regression (Boggs & Rogers 1990, fit/odr), nothing shared, the groups' rows
 * the job's `odr-groups` source.
 *
 *   start   where a free start is missing (an explicit model: an implicit one is given every
 *           start, validate.ts), one start search over the rows of all groups together, whose
 *           best ordinary fit starts every group (the closed-form rule of groupStarts.ts)
 *   fit     each group as one errors-in-x job (odrRun.ts): its ordinary weighted fit from those
 *           starts, then fit/odr from the ordinary β, in order, on the CPU; a group that cannot
 *           be fitted (too few rows, a σ that is not positive, named by its line) is a failed
 *           row with its reason, and the others go on
 *   statistics  with intervals: 'profile', each group's profile intervals (odrProfile.ts: one β
 *           held, the others and every δ of the group refitted), in its own errors-in-x job
 *
 * The rows are the group rows every per-group fit reports (fit/groupRow.ts), each with the ODR
 * result beside it, so that the grouped JSON adds each group's `odr` object (report/groupJson.ts).
 */
import { fittedBatchRow, type BatchRow } from '../../fit/groupRow';
import type { OdrResult } from '../../fit/odr';
import type { FitResult } from '../../fit/types';
import type { ProfileResult } from '../../fit/profileFit';
import type { PerGroupRun } from '../groupRun';
import type { LoopHost } from '../groupHost';
import type { FitJob, OdrGroupsJobData } from '../job';
import { fillGroupStarts, type PooledStarts } from './groupStarts';
import { runOdrJob } from './odrRun';

/** A group's row of an errors-in-x fit: the per-group row, its ODR result (null: not fitted) and
 *  its profile intervals (absent: not asked, or not fitted). */
export type OdrGroupRow = BatchRow & { readonly odr: OdrResult | null; readonly profile?: ProfileResult | null };

function fittedRow(key: string, names: readonly string[], start: Float64Array, fit: FitResult, odr: OdrResult, profile: ProfileResult | null): OdrGroupRow {
  return { ...fittedBatchRow(key, odr.rows, names, start, fit), odr, ...(profile ? { profile } : {}) };
}

function failedRow(key: string, rows: number, names: readonly string[], start: Float64Array, error: unknown): OdrGroupRow {
  const code = (error as { code?: unknown }).code;
  const nan = () => new Float64Array(names.length).fill(NaN);
  return { key, rows, skippedRows: 0, success: false, status: -1, code: typeof code === 'string' ? code : 'error', message: (error as Error).message ?? String(error), params: nan(), stderr: nan(), start, cost: NaN, chi2: NaN, redchi2: NaN, r2: NaN, nfev: 0, odr: null };
}

export async function runOdrGroups(job: FitJob & { readonly data: OdrGroupsJobData }, host: LoopHost): Promise<PerGroupRun> {
  const { model, implicit, groups } = job.data;
  const names = model.params;
  const t0 = host.now();
  // start: an implicit model has every start (its clash), so only an explicit model searches.
  const pooled = implicit ? null : groups.map((g) => ({ key: g.key, data: { vars: [...g.data.vars], y: g.data.y!, sigma: g.data.sigmaY } }));
  const { parameters, found } = pooled ? await fillGroupStarts(model, pooled, job.parameters, job.start) : { parameters: job.parameters, found: null as PooledStarts | null };
  const start = Float64Array.from(names, (n) => parameters.find((p) => p.name === n)?.value ?? NaN);
  // fit: every start is given now, so each group's ordinary fit starts from them without a search of its own.
  const rows: OdrGroupRow[] = [];
  const notes: string[] = [];
  let nfev = 0;
  for (const g of groups) {
    if (host.signal?.aborted) break;
    try {
      const one = { ...job, data: { kind: 'odr' as const, model, implicit, ...g.data }, parameters, start: { ...job.start, always: false }, groups: undefined };
      const run = await runOdrJob(one, host);
      rows.push(fittedRow(g.key, names, start, run.result, run.odr!, run.profile));
      notes.push(...run.notes.map((n) => `${g.key}: ${n}`));
      nfev += run.result.nfev;
    } catch (error) {
      rows.push(failedRow(g.key, g.data.vars[0]?.length ?? 0, names, start, error));
    }
    await host.between?.({ done: rows.length, total: groups.length, failed: rows.filter((r) => !r.success).length });
  }
  const fitMs = host.now() - t0;
  const free = job.parameters.filter((p) => !p.fixed).map((p) => p.name);
  const result = { names, free, rows, cancelled: rows.length < groups.length, failed: rows.filter((r) => !r.success).length, nfev, fitMs };
  return { mode: 'per-group', rows, batch: { result, workers: 0, accelerated: null, notes: [] }, starts: found, notes, workers: 0, fitMs };
}
