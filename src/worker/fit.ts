/**
 * A fit in the worker: compile, select, choose the backend, run curveFit with throttled progress,
 * a cancel flag and checkpoints (issue 12: checkpoint.ts), then draw the result (curve on the grid
 * with its bands, residuals).
 */
import { curveFit, type CurveFitInput } from '../fit/curveFit';
import { varproFit } from '../start/varpro';
import type { FitResult } from '../fit/types';
import { poissonFit } from '../fit/poissonMle';
import { poissonFacts } from '../job/steps/fit';
import type { FitOutcome, FitProgress, FitRequest, PoissonFacts, Status } from './api';
import { chooseFitBackend } from './backend';
import { evaluateCurve, withDeviance, withWeights, modelFitData } from './curve';
import { toWorkerError } from './errors';
import { fitInputs, fitOptions } from './fitInputs';
import { session, endRun, startRun } from './session';
import { throttle } from './throttle';
import { FitCancelledError } from './yielding';
import { pageRowWorkers } from './rowWorkers';
import { checkpointWriter, notCheckpointed, resumable, withSavedHistory, type CheckpointWriter } from './checkpoint';
import type { CheckpointRecord } from '../store/checkpointRecord';
import { runStreamedFit } from './streamedFit';

export async function runFit(request: FitRequest, onProgress?: (p: FitProgress) => void): Promise<Status<FitOutcome>> {
  // A table streamed past the memory budget (issue 12) is fitted from its files, chunk by chunk.
  if (session.stream) return runStreamedFit(request, session.stream, onProgress);
  const inputs = fitInputs(request);
  if (!inputs.ok) return inputs;
  const { data, model: m } = inputs.value;

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
  // A large fit's float64 passes on row workers (all cores, issue 12), else in this thread.
  const rowWorkers = pageRowWorkers(m, data.rows);
  const backend = await chooseFitBackend(data.rows, request.settings.backend, {
    model: m,
    rowPasses: rowWorkers?.rowPasses,
    method: request.settings.method,
    signal: flag,
    onChunk: (c) => {
      state = { ...state, chunk: { pass: c.pass, chunk: c.chunk, chunks: c.chunks } };
      if (c.chunks > 1) report.push(state);
    },
  });
  report.push(state);

  const parameters = request.parameters.map((p) => ({ name: p.name, value: p.value, min: p.min, max: p.max, fixed: p.fixed }));
  let result: FitResult;
  let checkpointStats: FitOutcome['checkpoint'] = null;
  let varpro: FitOutcome['varpro'] = null;
  let poisson: PoissonFacts | null = null;
  const poissonObjective = request.settings.objective === 'poisson';
  if (poissonObjective && request.settings.varpro) {
    endRun(flag);
    backend.release();
    return { ok: false, error: { code: 'bad-settings', message: 'VarPro is a least-squares option: turn it off for a Poisson likelihood fit (Solver options).', field: 'settings' } };
  }
  // Checkpoints (issue 12): a resumed fit continues from the stored state when it still belongs
  // to this fit; every checkpointed fit saves its state as it runs and deletes it at its end.
  let writer: CheckpointWriter | null = null;
  let resumed: CheckpointRecord | null = null;
  if (request.checkpoint && notCheckpointed(request.settings) === null) {
    const subjectInput = { model: request.model, data: modelFitData(m, data), parameters, options: fitOptions(request.settings) };
    if (request.checkpoint.resume) {
      const stored = await resumable(request.checkpoint.key, subjectInput);
      if (!stored.ok) {
        endRun(flag);
        backend.release();
        return stored;
      }
      resumed = stored.value;
    }
    writer = checkpointWriter(request.checkpoint.key, subjectInput, resumed);
  }
  // VarPro (a solver option): the reduced fit first, then this same full fit from where it ended.
  // The Poisson objective (issue 10): iteratively reweighted fits to the maximum likelihood.
  const fit = poissonObjective
    ? async (input: CurveFitInput) => {
        const p = await poissonFit(input);
        poisson = poissonFacts(p);
        return p.result;
      }
    : request.settings.varpro
      ? async (input: CurveFitInput) => {
          const v = await varproFit(input);
          varpro = { linear: v.varpro.linear, nonlinear: v.varpro.nonlinear, nfev: v.varpro.nfev, nit: v.varpro.nit };
          return v.fit;
        }
      : curveFit;
  try {
    result = await fit({
      model: m,
      data: modelFitData(m, data),
      parameters,
      options: fitOptions(request.settings),
      signal: flag,
      primary: backend.primary,
      rowPasses: rowWorkers?.rowPasses,
      ...(writer ? { checkpoint: writer.hooks } : {}),
      onIteration: (s, phase) => {
        writer?.onIteration(s, phase.role);
        costs.push(s.cost);
        state = { ...state, iteration: s.iteration, nfev: s.nfev, cost: s.cost, optimality: s.optimality, stepNorm: s.stepNorm, elapsedMs: s.elapsedMs, phase: phase.role, backend: phase.backend, accepted: s.x.length === freeNames.length ? { names: freeNames, values: Array.from(s.x) } : state.accepted };
        report.push(state);
      },
    });
  } catch (error) {
    // Stopped inside a pass: the page keeps the last accepted parameters from the progress.
    if (error instanceof FitCancelledError && flag.aborted) return { ok: false, error: { code: 'cancelled', message: error.message } };
    return { ok: false, error: toWorkerError(error, m.params) };
  } finally {
    report.flush();
    backend.release();
    endRun(flag);
    checkpointStats = (await writer?.close()) ?? null;
  }
  if (resumed) result = withSavedHistory(result, resumed);

  session.lastFit = { model: request.model, selection: data, result, absoluteSigma: request.settings.absoluteSigma, input: { parameters, options: fitOptions(request.settings) }, poisson: poisson !== null, weights: request.settings.weights ?? 'sigma' };
  const params = Float64Array.from(m.params, (name) => result.parameters.find((p) => p.name === name)?.value ?? NaN);
  const drawn = evaluateCurve(m, withWeights(data, request.settings.weights), params, request);
  return { ok: true, value: { result, backend: { ...backend.report(result), cpuKernels: m.kernels().kind, ...(rowWorkers ? { rowWorkers: { workers: rowWorkers.workers, columns: rowWorkers.columns } } : {}) }, curve: withDeviance(drawn, data.y, request.settings.objective), varpro, poisson, resumed: resumed ? { nit: resumed.state.nit, nfev: resumed.state.nfev } : null, checkpoint: checkpointStats } };
}

export function cancelFit(): void {
  if (session.fit) session.fit.aborted = true;
}
