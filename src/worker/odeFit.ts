/**
 * An ODE model's fit in the worker (issue 23), as an adapter: the page's request → a FitJob of
 * data kind 'ode' (time: the x column the user picked; observed columns: the `~` lines; the
 * integration's defaults, as the CLI's) → `runJob` → what the page draws (odeCurve.ts). The job
 * refuses what does not run with an ODE model yet (src/job/validate.ts: the start search, VarPro,
 * the Poisson likelihood, profile intervals, the GPU), and its words reach the page as a status.
 */
import { ODE_DEFAULTS, type OdeFitInput, type OdeIntegration } from '../fit/ode';
import type { FitResult } from '../fit/types';
import type { FitJob } from '../job/job';
import { clashMessage, jobClash } from '../job/validate';
import type { FitOutcome, FitRequest, Status, WorkerError } from './api';
import { toWorkerError } from '../job/protocol/status';
import { requestJob } from '../job/protocol/fitJob';
import { runCancellableJob } from './fitJob';
import { odeCurve, type OdeCurveFit } from '../plot/odeCurve';
import { odeProblem } from './odeProblem';
import { session } from './session';

const FIELD: Record<string, WorkerError['field']> = { 'ode-gpu': 'settings', 'ode-poisson': 'settings', 'ode-varpro': 'settings', 'ode-profile': 'settings', 'ode-ties': 'parameter' };

/** What stops an ODE job of this request before it runs, in the job's words (null: none). */
export function odeRefusal(job: FitJob): WorkerError | null {
  const clash = jobClash(job);
  if (!clash) return null;
  const field = FIELD[clash];
  return { code: clash, message: clashMessage(clash), ...(field ? { field } : {}) };
}

/** The last ODE fit: the preview draws its bands while the parameters are its own; `input`, on
 *  the table it was fitted on, is what profiling it refits (worker/profile.ts). */
let lastOdeFit: { readonly model: string; readonly integration: OdeIntegration; readonly params: Float64Array; readonly fit: OdeCurveFit; readonly input: OdeFitInput; readonly table: unknown } | null = null;

/** The last fit, when it is an ODE model's on the current table (no closed-form fit since). */
export function lastOdeFitInput(): { input: OdeFitInput; result: FitResult } | null {
  const last = lastOdeFit;
  return last && session.lastFit === null && last.table === session.table ? { input: last.input, result: last.fit.result as FitResult } : null;
}

/** The integration and, at the last fit's parameters of the same model, the fit whose bands to draw. */
export function odeDrawing(model: string, params: Float64Array): { integration: OdeIntegration; fit: OdeCurveFit | null } {
  const last = lastOdeFit;
  if (!last || last.model !== model) return { integration: ODE_DEFAULTS, fit: null };
  const same = last.params.length === params.length && last.params.every((v, i) => v === params[i]);
  return { integration: last.integration, fit: same ? last.fit : null };
}

export async function runOdeFit(request: FitRequest): Promise<Status<FitOutcome>> {
  const problem = odeProblem(request.model, request.mapping);
  if (!problem.ok) return problem;
  const { model, data } = problem.value;
  const { settings } = request;
  // No checkpoints: the job's rule (notCheckpointed 'ode') leaves them out.
  const job = requestJob(request, { kind: 'ode', model, data, integration: request.ode ?? ODE_DEFAULTS });
  const refused = odeRefusal(job);
  if (refused) return { ok: false, error: refused };
  const ran = await runCancellableJob(job, settings.method);
  if (!ran.ok) return { ok: false, error: toWorkerError(ran.error, model.spec.params) };
  const { run } = ran;
  const { result } = run;
  // The profile and the report read a closed-form fit's rows: an ODE fit leaves none there; its
  // bands are redrawn from lastOdeFit (a zoom, log axes, the sliders back at the fitted values).
  session.lastFit = null;
  const params = Float64Array.from(model.spec.params, (name) => result.parameters.find((p) => p.name === name)?.value ?? NaN);
  const integration = request.ode ?? ODE_DEFAULTS;
  const input: OdeFitInput = { model, data, parameters: job.parameters, options: job.options, integration };
  lastOdeFit = { model: request.model, integration, params, fit: { result, absoluteSigma: settings.absoluteSigma ?? false }, input, table: session.table };
  const curve = odeCurve(problem.value, params, request, integration, lastOdeFit.fit);
  const backend = { requested: settings.backend, used: 'cpu' as const, reason: 'An ODE model is integrated in float64 on the CPU (src/ode).', cpuKernels: 'generated' as const };
  return { ok: true, value: { result, backend, curve, varpro: null, poisson: null, resumed: null, checkpoint: null } };
}
