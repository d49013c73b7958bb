/**
 * An errors-in-variables fit in the worker (issue 24), as an adapter: the page's request (a σ
 * column for some x, or a model that is one equation) → a FitJob of data kind 'odr' (the CLI's
 * translation is src/cli/odrCommand.ts) → `runJob` (steps/odrRun.ts: the ordinary fit that
 * ignores the x errors, then β and every δ on the arrow system) → what the page draws: y = f(x)
 * with its bands, or an implicit model's zero contour (plot/implicitCurve.ts), and each point's
 * projection onto the curve (plot/projections.ts). The job's clash rules (validate.ts) word what
 * does not run with errors in x; the job's row checks name a bad σ's line.
 */
import { isEquationModel } from '../model/index';
import { odrRowsOf, type OdrJobData } from '../job/job';
import { clashMessage, jobClash } from '../job/validate';
import { implicitCurve } from '../plot/implicitCurve';
import type { FitData } from '../data/selectColumns';
import type { CompiledModel } from '../model/index';
import type { FitOutcome, FitRequest, Status, WorkerError } from './api';
import { odrFacts } from '../job/protocol/odrFacts';
import { evaluateCurve } from './curve';
import { toWorkerError } from '../job/protocol/status';
import { requestJob } from '../job/protocol/fitJob';
import { runCancellableJob } from './fitJob';
import { workLimit } from '../job/browser/limits';
import { compiled, compiledEquation } from '../job/browser/pageModels';
import { variableSigmas } from '../job/protocol/sigmaX';
import { ensureSelection } from './select';
import { session } from './session';

const refuse = (code: string, message: string, field: WorkerError['field']): Status<never> => ({ ok: false, error: { code, message, field } });

/** The equation's columns: the x columns and y (an implicit model observes all of them). */
export const equationColumns = (mapping: FitRequest['mapping']): string[] => [...mapping.x, mapping.y];

/** The model and the job's rows for the request (the selection in memory), or why not. */
export function odrProblem(request: Pick<FitRequest, 'model' | 'mapping' | 'parameters' | 'settings'>): Status<{ model: CompiledModel; data: FitData; odr: OdrJobData }> {
  if (session.stream) return refuse('odr-stream', 'Errors in x are fitted on rows in memory: this table is streamed from browser storage. Fit a filtered part of it (Rows), or drop the σ of x.', 'mapping');
  const { settings, mapping } = request;
  if ((settings.weights ?? 'sigma') !== 'sigma') return refuse('odr-weights', 'Weights from y do not run with errors in x: give y a σ column (or none) in the σ picker.', 'mapping');
  const picked = ensureSelection(mapping);
  if (!picked.ok) return picked;
  const data = picked.value;
  const implicit = isEquationModel(request.model);
  const model = implicit ? compiledEquation(request.model, equationColumns(mapping)) : compiled(request.model, mapping.x);
  if (!model.ok) return model;
  const m = model.value;
  const fixed = new Set(request.parameters.filter((p) => p.fixed).map((p) => p.name));
  const tooMuch = workLimit(data.rows, m.params.filter((name) => !fixed.has(name)).length);
  if (tooMuch) return { ok: false, error: tooMuch };
  const sigmas = variableSigmas(session.table!, data, mapping, m.variables);
  if (!sigmas.ok) return sigmas;
  const column = (name: string) => (name === data.names.y ? data.y : data.vars[data.names.x.indexOf(name)]);
  const odr: OdrJobData = { kind: 'odr', model: m, implicit, ...odrRowsOf(data, m.variables, implicit, column, (_, i) => sigmas.value[i]) };
  return { ok: true, value: { model: m, data, odr } };
}

/** Where a job's error belongs on the page: a σ beside the pickers, an equation in the model. */
const FIELD: Record<string, WorkerError['field']> = { 'sigma-x': 'mapping', 'implicit-columns': 'model', 'odr-loss': 'settings', 'odr-poisson': 'settings', 'odr-varpro': 'settings', 'odr-gpu': 'settings', 'odr-implicit-starts': 'parameter' };

export async function runOdrFit(request: FitRequest): Promise<Status<FitOutcome>> {
  const problem = odrProblem(request);
  if (!problem.ok) return problem;
  const { model, data, odr } = problem.value;
  const { settings } = request;
  // No checkpoints (the job's rule: notCheckpointed 'odr'); the page searched for missing starts first.
  const job = requestJob(request, odr);
  const clash = jobClash(job);
  if (clash) return { ok: false, error: { code: clash, message: clashMessage(clash), field: FIELD[clash] ?? 'settings' } };
  const ran = await runCancellableJob(job, settings.method);
  if (!ran.ok) {
    if (ran.cancelled) return { ok: false, error: { code: 'cancelled', message: 'The fit was cancelled.' } };
    const e = toWorkerError(ran.error, model.params);
    return { ok: false, error: { ...e, ...(FIELD[e.code] ? { field: FIELD[e.code] } : {}) } };
  }
  const { run } = ran;
  const { result } = run;
  const fitted = run.odr!;
  const params = Float64Array.from(model.params, (name) => result.parameters.find((p) => p.name === name)?.value ?? NaN);
  session.lastOdr = { selection: data, observed: fitted.observed, delta: fitted.delta, eps: fitted.eps };
  let curve;
  if (odr.implicit) {
    session.lastFit = null;
    curve = implicitCurve(model, data, (v) => odr.sigmaX[v], params, request);
  } else {
    // The bands read the last fit (its pcov is ODRPACK's); the profile and the report, which refit
    // the ordinary way, are not offered (no `input`).
    session.lastFit = { model: request.model, selection: data, result, absoluteSigma: settings.absoluteSigma, poisson: false, weights: 'sigma' };
    curve = evaluateCurve(model, data, params, request).curve;
  }
  const backend = { requested: settings.backend, used: 'cpu' as const, reason: 'Errors in x are fitted in float64 on the CPU (fit/odr: β and every δ through the arrow system).', cpuKernels: model.kernels().kind };
  return { ok: true, value: { result, backend, curve, varpro: null, poisson: null, resumed: null, checkpoint: null, odr: odrFacts(fitted, data, request.plotVar, settings.absoluteSigma) } };
}
