/**
 * Per-group fits of an ODE model (issue 23): each group's observations integrated and fitted on
 * their own, as `--group` fits a closed-form model, the groups' rows the job's `ode-groups` source.
 *
 *   start   where a free start is missing, one ODE start search (src/start/ode) over the rows of
 *           all groups together, whose best fit starts every group (the closed-form rule of
 *           groupStarts.ts: one search, not one per group; a search is hundreds of integrations)
 *   fit     each group by fit/ode's least-squares fit from those starts, in order, on the CPU;
 *           a group that cannot be fitted (too few rows, an integration that fails at the start)
 *           is a failed row with its reason, and the others go on
 *
 * The rows are the group-row type every grouped fit reports (fit/groupRow.ts), so the CLI's
 * report and JSON are the closed-form per-group fit's.
 */
import { fittedBatchRow, type BatchRow } from '../../fit/groupRow';
import { odeFit, type OdeFitData } from '../../fit/ode';
import type { ParameterSpec } from '../../fit/parameters';
import type { FitResult } from '../../fit/types';
import { odeAutoStart } from '../../start/ode/odeAutoStart';
import type { PerGroupRun } from '../groupRun';
import type { JobHost } from '../host';
import type { LoopHost } from '../groupHost';
import { searchedParameters, type FitJob, type OdeGroupsJobData } from '../job';
import type { PooledStarts } from './groupStarts';

/** Every group's observations stacked, response by response (the pooled start search's data). */
function pooled(groups: OdeGroupsJobData['groups']): OdeFitData {
  const first = groups[0]?.data.observed ?? [];
  const stack = (c: number, pick: (o: OdeFitData['observed'][number]) => Float64Array | null) => {
    const parts = groups.map((g) => pick(g.data.observed[c]));
    if (parts.some((p) => p === null)) return null;
    const out = new Float64Array(parts.reduce((n, p) => n + (p as Float64Array).length, 0));
    let at = 0;
    for (const p of parts as Float64Array[]) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };
  return {
    observed: first.map((o, c) => ({
      column: o.column,
      time: stack(c, (x) => x.time) as Float64Array,
      y: stack(c, (x) => x.y) as Float64Array,
      sigma: stack(c, (x) => x.sigma),
      lines: null,
    })),
  };
}

/** A fitted group's row: every parameter in model order, and the fit's χ², reduced χ² and R² over its stacked responses. */
function fittedRow(key: string, data: OdeFitData, names: readonly string[], start: Float64Array, fit: FitResult): BatchRow {
  return fittedBatchRow(key, data.observed.reduce((n, o) => n + o.y.length, 0), names, start, fit);
}

function failedRow(key: string, data: OdeFitData, names: readonly string[], start: Float64Array, error: unknown): BatchRow {
  const code = (error as { code?: unknown }).code;
  const nan = () => new Float64Array(names.length).fill(NaN);
  const rows = data.observed.reduce((n, o) => n + o.y.length, 0);
  return { key, rows, skippedRows: 0, success: false, status: -1, code: typeof code === 'string' ? code : 'error', message: (error as Error).message ?? String(error), params: nan(), stderr: nan(), start, cost: NaN, chi2: NaN, redchi2: NaN, r2: NaN, nfev: 0 };
}

/** The start step: missing free starts from one ODE start search over every group's rows (the module docblock). */
export async function odeGroupStarts(job: FitJob & { readonly data: OdeGroupsJobData }, signal: JobHost['signal']): Promise<{ parameters: readonly ParameterSpec[]; starts: PooledStarts | null }> {
  const { model, groups, integration } = job.data;
  const missing = searchedParameters(job);
  if (missing.length === 0 && !job.start.always) return { parameters: job.parameters, starts: null };
  const found = await odeAutoStart(model, pooled(groups), job.parameters, { starts: job.start.starts ?? undefined, seed: job.start.seed, fit: job.options, integration, signal });
  const values = new Map(found.fit.parameters.map((p) => [p.name, p.value]));
  const parameters = job.parameters.map((p) => (missing.includes(p.name) ? { ...p, value: values.get(p.name) ?? null } : p));
  return { parameters, starts: { searched: missing, candidates: found.candidates } };
}

/**
 * @param found the start step's result when the caller ran it (a global or mixed run's comparison
 *              with the per-group fits starts them where it started the joint fit)
 */
export async function runOdeGroups(job: FitJob & { readonly data: OdeGroupsJobData }, host: LoopHost, found?: Awaited<ReturnType<typeof odeGroupStarts>>): Promise<PerGroupRun> {
  const { model, groups, integration } = job.data;
  const names = model.spec.params;
  const t0 = host.now();
  // start
  const { parameters, starts } = found ?? (await odeGroupStarts(job, host.signal));
  const start = Float64Array.from(names, (n) => parameters.find((p) => p.name === n)?.value ?? NaN);
  // fit
  const rows: BatchRow[] = [];
  let nfev = 0;
  for (const g of groups) {
    if (host.signal?.aborted) break;
    try {
      const { result } = await odeFit({ model, data: g.data, parameters, options: job.options, integration, signal: host.signal });
      rows.push(fittedRow(g.key, g.data, names, start, result));
      nfev += result.nfev;
    } catch (error) {
      rows.push(failedRow(g.key, g.data, names, start, error));
    }
    await host.between?.({ done: rows.length, total: groups.length, failed: rows.filter((r) => !r.success).length });
  }
  const fitMs = host.now() - t0;
  const free = job.parameters.filter((p) => !p.fixed).map((p) => p.name);
  const result = { names, free, rows, cancelled: rows.length < groups.length, failed: rows.filter((r) => !r.success).length, nfev, fitMs };
  return { mode: 'per-group', rows, batch: { result, workers: 0, accelerated: null, notes: [] }, starts, notes: [], workers: 0, fitMs };
}
