/**
 * A fit in the worker, as an adapter (issue 22): the page's request → a FitJob (fitJob.ts) on the
 * selection in memory or on a streamed table (streamedFit.ts) → `runJob` over the page's host
 * (pageHost.ts: row workers, backend, the cancel flag, IndexedDB checkpoints) with throttled
 * progress (fitProgress.ts) → what the page draws (the curve on the grid with its bands,
 * residuals). The CLI runs the same job (src/cli/main.ts, src/cli/streamedFit.ts).
 */
import type { FitData } from '../data';
import type { JobData } from '../job/job';
import type { CompiledModel } from '../model/index';
import { runJob, type JobRun } from '../job/run';
import { jobClash } from '../job/validate';
import type { FitOutcome, FitProgress, FitRequest, Status } from './api';
import { withSavedHistory } from '../job/browser/checkpoint';
import { modelVars, withDeviance, withWeights } from '../plot/curve';
import { evaluateCurve } from './curve';
import { toWorkerError } from '../job/protocol/status';
import { fitInputs } from './fitInputs';
import { requestJob } from '../job/protocol/fitJob';
import { fitProgress } from '../job/browser/fitProgress';
import { CheckpointUnavailable, pageHost } from '../job/browser/pageHost';
import { isEquationModel, isOdeModel } from '../model/modelKind';
import { hasSigmaX } from '../job/protocol/sigmaX';
import { runOdrFit } from './odrFit';
import { runOdeFit } from './odeFit';
import { endRun, session, startRun, type CancelFlag } from './session';
import { streamedSource } from './streamedFit';
import { FitCancelledError, macrotask } from '../job/browser/yielding';
import { pageAssayClash, pageAssayJob } from './assay';
import { pageAssayOutcome } from '../job/protocol/assay';
import { assayOn } from '../share/assay';

/**
 * The selection in memory as the job's source: the model's variable columns in the model's order,
 * as the solver takes them; the page's checkpoints of it are saved for its whole-column digest.
 */
function memorySource(m: CompiledModel, data: FitData): { readonly data: JobData; readonly fingerprint: FitData } {
  const selection = { ...data, vars: modelVars(m, data), varsLo: m.variables.map((name) => data.varsLo[data.names.x.indexOf(name)] ?? null), names: { ...data.names, x: [...m.variables] } };
  return { data: { kind: 'memory', model: m, data: selection }, fingerprint: selection };
}

export async function runFit(request: FitRequest, onProgress?: (p: FitProgress) => void): Promise<Status<FitOutcome>> {
  // An ODE model (issue 23) is fitted on the job's 'ode' kind (odeFit.ts).
  if (isOdeModel(request.model)) {
    if (request.assay && assayOn(request.assay)) return { ok: false, error: { code: 'assay-ode', message: 'The assay steps (unknowns, predictions, ROUT, bootstrap) do not run with an ODE model yet: turn them off.', field: 'assay' } };
    return runOdeFit(request);
  }
  // Errors in x (a σ column for some x) or an implicit model (issue 24): the job's 'odr' kind.
  if (isEquationModel(request.model) || hasSigmaX(request.mapping)) {
    if (request.assay && assayOn(request.assay)) return { ok: false, error: { code: 'assay-odr', message: 'The assay steps (unknowns, predictions, ROUT, bootstrap) do not run with errors in x or an implicit model yet: turn them off, or clear the σx columns.', field: 'assay' } };
    return runOdrFit(request);
  }
  const inputs = fitInputs(request);
  if (!inputs.ok) return inputs;
  const { data, model: m } = inputs.value;
  const { settings } = request;
  const fixed = new Map(request.parameters.map((p) => [p.name, p.fixed]));
  const progress = fitProgress(m.params.filter((name) => fixed.get(name) !== true), onProgress);
  const flag: CancelFlag = { aborted: false };
  // A table streamed past the memory budget (issue 12) is fitted from its files, chunk by chunk.
  const streamed = session.stream
    ? streamedSource(request, session.stream, m, data.rows, (p) => {
        // Between the chunks of a pass, where a streamed fit is cancelled.
        if (flag.aborted) throw new FitCancelledError();
        progress.chunk({ pass: p.pass, chunk: p.chunk, chunks: p.chunks, passIndex: p.passIndex }, true);
      })
    : null;
  if (streamed && !streamed.ok) return streamed;
  const stream = streamed?.value ?? null;
  const source = stream ?? memorySource(m, data);
  const assay = pageAssayJob(request.assay, m, request.mapping);
  if (!assay.ok) return assay;
  const job = { ...requestJob(request, source.data), ...(assay.value ? { assay: assay.value } : {}) };
  const assayClash = pageAssayClash(job);
  if (assayClash) return { ok: false, error: assayClash };
  if (jobClash(job) === 'varpro-poisson') return { ok: false, error: { code: 'bad-settings', message: 'VarPro is a least-squares option: turn it off for a Poisson likelihood fit (Solver options).', field: 'settings' } };

  startRun(flag);
  // The page's saves belong to its own fingerprint of the data (the offer compares it: checkpointOffer.ts).
  const saved = job.checkpoint && request.checkpoint ? { key: request.checkpoint.key, subject: { model: request.model, data: source.fingerprint, parameters: job.parameters, options: job.options } } : null;
  const host = {
    ...pageHost({
      method: settings.method,
      signal: flag,
      onChunk: (c) => progress.chunk({ pass: c.pass, chunk: c.chunk, chunks: c.chunks }, c.chunks > 1),
      onPlanned: progress.push,
      onIteration: progress.iteration,
      checkpoint: saved,
    }),
    // The bootstrap's refits (issue 26): a macrotask between them lets Cancel in; Cancel keeps the fit.
    bootstrapWatch: { pause: macrotask, stopped: () => flag.aborted, onProgress: progress.bootstrap },
  };
  // A streamed source plans no backend (src/job/run.ts): it is under way now.
  if (stream) progress.push();
  let run: JobRun;
  let checkpointStats: FitOutcome['checkpoint'] = null;
  try {
    run = await runJob(job, host);
  } catch (error) {
    if (error instanceof CheckpointUnavailable) return { ok: false, error: error.error };
    // Stopped inside a pass: the page keeps the last accepted parameters from the progress.
    if (error instanceof FitCancelledError && flag.aborted) return { ok: false, error: { code: 'cancelled', message: error.message } };
    return { ok: false, error: toWorkerError(error, m.params) };
  } finally {
    progress.flush();
    endRun(flag);
    checkpointStats = await host.closeCheckpoint();
  }
  const resumed = host.resumed();
  const result = resumed ? withSavedHistory(run.result, resumed) : run.result;

  // The profile and the printable report read lastFit's rows: a streamed fit has no `input`, and they are not offered.
  session.lastFit = { model: request.model, selection: data, result, absoluteSigma: settings.absoluteSigma, ...(stream ? {} : { input: { parameters: job.parameters, options: job.options } }), poisson: run.poisson !== null, weights: settings.weights ?? 'sigma' };
  const params = Float64Array.from(m.params, (name) => result.parameters.find((p) => p.name === name)?.value ?? NaN);
  // A streamed fit draws its sample (σ weights, least squares: the refusals in streamedFit.ts).
  const curve = withDeviance(evaluateCurve(m, withWeights(data, settings.weights), params, request), data.y, settings.objective);
  const cpuKernels = m.kernels().kind;
  const done = { resumed: resumed ? { nit: resumed.state.nit, nfev: resumed.state.nfev } : null, checkpoint: checkpointStats };
  if (stream) {
    const facts = stream.facts();
    return { ok: true, value: { result, backend: { ...facts.backend, cpuKernels }, curve, stream: facts.stream, ...done } };
  }
  const rowWorkers = host.rowWorkerFacts();
  const backend = { ...host.backendReport(result)!, cpuKernels, ...(rowWorkers ? { rowWorkers: { workers: rowWorkers.workers, columns: rowWorkers.columns } } : {}) };
  const varpro = run.varpro ? { linear: run.varpro.linear, nonlinear: run.varpro.nonlinear, nfev: run.varpro.nfev, nit: run.varpro.nit } : null;
  const assayOutcome = run.assay && !stream ? pageAssayOutcome(run.assay, data, request.plotVar) : null;
  return { ok: true, value: { result, backend, curve, varpro, poisson: run.poisson, ...done, ...(assayOutcome ? { assay: assayOutcome } : {}) } };
}

export function cancelFit(): void {
  if (session.fit) session.fit.aborted = true;
}
