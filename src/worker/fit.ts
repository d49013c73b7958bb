/**
 * A fit in the worker, as an adapter (issue 22): the page's request → a FitJob (src/job/job.ts) →
 * `runJob` over the page's host (pageHost.ts: row workers, backend, the cancel flag, throttled
 * progress, IndexedDB checkpoints) → what the page draws (the curve on the grid with its bands,
 * residuals). The CLI runs the same job (src/cli/main.ts).
 */
import type { FitJob } from '../job/job';
import { runJob } from '../job/run';
import { jobClash } from '../job/validate';
import type { FitOutcome, FitProgress, FitRequest, Status } from './api';
import { evaluateCurve, withDeviance, withWeights, modelVars } from './curve';
import { toWorkerError } from './errors';
import { fitInputs, fitOptions } from './fitInputs';
import { session, endRun, startRun } from './session';
import { throttle } from './throttle';
import { FitCancelledError } from './yielding';
import { notCheckpointed, withSavedHistory } from './checkpoint';
import { CheckpointUnavailable, pageHost } from './pageHost';
import { runStreamedFit } from './streamedFit';

export async function runFit(request: FitRequest, onProgress?: (p: FitProgress) => void): Promise<Status<FitOutcome>> {
  // A table streamed past the memory budget (issue 12) is fitted from its files, chunk by chunk.
  if (session.stream) return runStreamedFit(request, session.stream, onProgress);
  const inputs = fitInputs(request);
  if (!inputs.ok) return inputs;
  const { data, model: m } = inputs.value;
  const { settings } = request;
  const parameters = request.parameters.map((p) => ({ name: p.name, value: p.value, min: p.min, max: p.max, fixed: p.fixed }));
  const options = fitOptions(settings);
  // The selection with the model's variable columns in the model's order, as the solver takes them.
  const fitData = { ...data, vars: modelVars(m, data), varsLo: m.variables.map((name) => data.varsLo[data.names.x.indexOf(name)] ?? null), names: { ...data.names, x: [...m.variables] } };
  // Checkpoints (issue 12) for the fits the job's rule allows: a resumed fit continues from the
  // stored state when it still belongs to this fit; a checkpointed fit deletes its state at its end.
  const checkpointed = request.checkpoint && notCheckpointed(settings) === null ? request.checkpoint : null;
  const job: FitJob = {
    model: request.model,
    ties: [],
    data: { kind: 'memory', model: m, data: fitData },
    parameters,
    options,
    objective: settings.objective === 'poisson' ? 'poisson' : 'least-squares',
    varpro: settings.varpro === true,
    start: { always: false, starts: null, seed: 0 },
    intervals: 'wald',
    derive: [],
    checkpoint: checkpointed ? { resume: checkpointed.resume } : null,
    backend: settings.backend,
    workers: null,
  };
  if (jobClash(job) === 'varpro-poisson') return { ok: false, error: { code: 'bad-settings', message: 'VarPro is a least-squares option: turn it off for a Poisson likelihood fit (Solver options).', field: 'settings' } };

  const flag = startRun();
  let state: FitProgress = { iteration: 0, nfev: 0, cost: NaN, optimality: NaN, stepNorm: NaN, elapsedMs: 0, phase: 'start', backend: 'cpu', chunk: null, costs: [], accepted: null };
  // The solver's x holds the free parameters in the model's order (fit/parameters.ts).
  const fixed = new Map(request.parameters.map((p) => [p.name, p.fixed]));
  const freeNames = m.params.filter((name) => fixed.get(name) !== true);
  let costs: number[] = [];
  const report = throttle<FitProgress>((p) => {
    onProgress?.({ ...p, costs });
    costs = [];
  }, 100);
  const host = pageHost({
    method: settings.method,
    signal: flag,
    onChunk: (c) => {
      state = { ...state, chunk: { pass: c.pass, chunk: c.chunk, chunks: c.chunks } };
      if (c.chunks > 1) report.push(state);
    },
    onPlanned: () => report.push(state),
    onIteration: (s, phase) => {
      costs.push(s.cost);
      state = { ...state, iteration: s.iteration, nfev: s.nfev, cost: s.cost, optimality: s.optimality, stepNorm: s.stepNorm, elapsedMs: s.elapsedMs, phase: phase.role, backend: phase.backend, accepted: s.x.length === freeNames.length ? { names: freeNames, values: Array.from(s.x) } : state.accepted };
      report.push(state);
    },
    checkpoint: checkpointed ? { key: checkpointed.key, subject: { model: request.model, data: fitData, parameters, options } } : null,
  });

  let run: Awaited<ReturnType<typeof runJob>>;
  let checkpointStats: FitOutcome['checkpoint'] = null;
  try {
    run = await runJob(job, host);
  } catch (error) {
    if (error instanceof CheckpointUnavailable) return { ok: false, error: error.error };
    // Stopped inside a pass: the page keeps the last accepted parameters from the progress.
    if (error instanceof FitCancelledError && flag.aborted) return { ok: false, error: { code: 'cancelled', message: error.message } };
    return { ok: false, error: toWorkerError(error, m.params) };
  } finally {
    report.flush();
    endRun(flag);
    checkpointStats = await host.closeCheckpoint();
  }
  const resumed = host.resumed();
  const result = resumed ? withSavedHistory(run.result, resumed) : run.result;
  const varpro = run.varpro ? { linear: run.varpro.linear, nonlinear: run.varpro.nonlinear, nfev: run.varpro.nfev, nit: run.varpro.nit } : null;

  session.lastFit = { model: request.model, selection: data, result, absoluteSigma: settings.absoluteSigma, input: { parameters, options }, poisson: run.poisson !== null, weights: settings.weights ?? 'sigma' };
  const params = Float64Array.from(m.params, (name) => result.parameters.find((p) => p.name === name)?.value ?? NaN);
  const drawn = evaluateCurve(m, withWeights(data, settings.weights), params, request);
  const rowWorkers = host.rowWorkerFacts();
  return { ok: true, value: { result, backend: { ...host.backendReport(result)!, cpuKernels: m.kernels().kind, ...(rowWorkers ? { rowWorkers: { workers: rowWorkers.workers, columns: rowWorkers.columns } } : {}) }, curve: withDeviance(drawn, data.y, settings.objective), varpro, poisson: run.poisson, resumed: resumed ? { nit: resumed.state.nit, nfev: resumed.state.nfev } : null, checkpoint: checkpointStats } };
}

export function cancelFit(): void {
  if (session.fit) session.fit.aborted = true;
}
