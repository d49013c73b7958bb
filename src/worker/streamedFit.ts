/**
 * A fit of a streamed table in the page (issue 12): the chosen x, y and σ columns read chunk by
 * chunk from their files in the Origin Private File System (src/store/columnFiles.ts), through the
 * CLI's streamed path (curveFit with streamed rows, statistics in two passes: src/fit/stream),
 * whose passes sum in the in-memory order, so the parameters are the in-memory fit's. Progress
 * names the pass and the chunk. The curve and residuals drawn are the sample's.
 *
 * What needs all rows in memory is refused with what to do instead (`streamRefusal`); nothing the
 * user typed is touched. Rows with unusable cells are left out as in memory (streamedColumns.ts),
 * and a long fit saves checkpoints that a reload resumes, as in memory (checkpoint.ts).
 */
import { curveFit } from '../fit/curveFit';
import { DEFAULT_CHUNK_ROWS } from '../fit/cpuEvaluator';
import type { FitResult } from '../fit/types';
import type { StreamProgress } from '../fit/stream/streamProgress';
import { CHUNK_SHARE, chunkRowsFor } from '../store/chunkPlan';
import { columnChunks } from '../store/columnFiles';
import { formatBudget } from '../store/memoryBudget';
import type { FitOutcome, FitProgress, FitRequest, Status, WorkerError } from './api';
import { evaluateCurve } from './curve';
import { toWorkerError } from './errors';
import { fitInputs, fitOptions } from './fitInputs';
import { checkpointWriter, notCheckpointed, resumable, withSavedHistory, type CheckpointWriter } from './checkpoint';
import type { CheckpointRecord } from '../store/checkpointRecord';
import type { DataDigest } from '../store/checkpointSubject';
import type { UsableRows } from '../store/usableRows';
import { endRun, session, startRun } from './session';
import type { StreamedTable } from './streamIngest';
import { streamedSelection, type StreamedSelection } from './streamedColumns';
import { throttle } from './throttle';
import { FitCancelledError, yielding } from './yielding';

/** The sentence every refusal ends with: the budget that would hold the file in memory. */
function raise(stream: StreamedTable): string {
  const above = `raise the memory budget above ${formatBudget(stream.estimateBytes)} (Data panel)`;
  // A table restored with its session (issue 12) was not read from a file this page holds.
  return session.input ? `${above} to read the file in memory` : `${above} and drop the file again to read it in memory`;
}

/** Why a run cannot use a streamed table, in words that say what to do (null: not streamed). */
export function streamRefusal(what: string, fix: string | null = null): WorkerError | null {
  const stream = session.stream;
  if (!stream) return null;
  const rows = stream.rows.toLocaleString('en-US');
  return {
    code: 'streamed',
    message: `${what} needs all rows in memory, and these ${rows} rows are streamed from browser storage (memory budget ${formatBudget(stream.budget)}): ${fix ? `${fix}, or ` : ''}${raise(stream)}.`,
    field: 'settings',
  };
}

/** What this fit request asks that the streamed path cannot do. */
function requestRefusal(request: FitRequest): WorkerError | null {
  const rows = request.mapping.rows;
  if (rows && (rows.where.length > 0 || rows.exclude.length > 0)) return streamRefusal('Filtering rows or excluding points', 'clear the row filters and exclusions');
  if (request.parameters.some((p) => !p.fixed && (p.value === null || !Number.isFinite(p.value)))) {
    return streamRefusal('The automatic start search', 'give a start value for every free parameter (Guess, or the sliders over the drawn sample)');
  }
  const s = request.settings;
  if (s.varpro) return streamRefusal('VarPro', 'turn it off in Solver options');
  if (s.objective === 'poisson') return streamRefusal('The Poisson likelihood fit', 'choose least squares in Solver options');
  if (s.backend === 'gpu') return streamRefusal('The GPU backend', 'choose Auto or CPU in Solver options');
  if ((s.weights ?? 'sigma') !== 'sigma') return streamRefusal('Weights from y', 'use a σ column');
  return null;
}

/** A streamed fit's data fingerprint: the usable rows and the digest of their cells. */
export function streamDigest(usable: UsableRows): DataDigest {
  return { rows: usable.rows, hash: usable.hash };
}

/** The rows the fit reads (the in-memory selection's), or why there are none. */
function selectionFor(request: FitRequest, stream: StreamedTable): Status<StreamedSelection> {
  const picked = streamedSelection(stream, request.mapping);
  if (picked.ok) return picked;
  return { ok: false, error: { code: 'streamed', message: `${picked.problem}: fix the file, or ${raise(stream)}.`, field: 'mapping' } };
}

export async function runStreamedFit(request: FitRequest, stream: StreamedTable, onProgress?: (p: FitProgress) => void): Promise<Status<FitOutcome>> {
  // The sample's selection: the model compiles against the mapping, and the curve is drawn over it.
  const inputs = fitInputs(request);
  if (!inputs.ok) return inputs;
  const { data: sample, model: m } = inputs.value;
  const refused = requestRefusal(request);
  if (refused) return { ok: false, error: refused };
  const selected = selectionFor(request, stream);
  if (!selected.ok) return selected;
  const { y, sigma, usable } = selected.value;
  // The model's variables (it may use fewer x columns than are chosen; all chosen ones decide the rows).
  const x = m.variables.map((v) => stream.names.indexOf(v));
  // Sorted over the usable rows: the counting pass knows for the first chosen column; a column sorted
  // over all stored rows (no NaN, never decreasing) is sorted over any of them.
  const sortedX = x.length > 0 && (m.variables[0] === request.mapping.x[0] ? usable.sortedX : stream.facts[x[0]].sorted);

  const flag = startRun();
  const parameters = request.parameters.map((p) => ({ name: p.name, value: p.value, min: p.min, max: p.max, fixed: p.fixed }));
  // Checkpoints, as for a fit in memory (fit.ts): the data's fingerprint is the counting pass's
  // digest of the usable cells (src/store/usableRows.ts), so a reload that restores the session's
  // folder, or the same file dropped again, resumes; other data or columns do not.
  let writer: CheckpointWriter | null = null;
  let resumed: CheckpointRecord | null = null;
  if (request.checkpoint && notCheckpointed(request.settings) === null) {
    const subjectInput = { model: request.model, data: streamDigest(usable), parameters, options: fitOptions(request.settings) };
    if (request.checkpoint.resume) {
      const stored = await resumable(request.checkpoint.key, subjectInput);
      if (!stored.ok) {
        endRun(flag);
        return stored;
      }
      resumed = stored.value;
    }
    writer = checkpointWriter(request.checkpoint.key, subjectInput, resumed);
  }
  const free = parameters.filter((p) => !p.fixed).length;
  const columns = x.length + 1 + (sigma === null ? 0 : 1);
  // The load's plan, or fewer rows when this model holds more per row than it planned for.
  const chunkRows = Math.min(stream.chunkRows, chunkRowsFor({ budgetBytes: stream.budget, columns, parameters: free, sumRows: DEFAULT_CHUNK_ROWS }));
  const source = columnChunks({ files: stream.store.files, rows: stream.rows, chunkRows, x, y, sigma, sortedX, usable });

  const fixed = new Map(request.parameters.map((p) => [p.name, p.fixed]));
  const freeNames = m.params.filter((name) => fixed.get(name) !== true);
  let state: FitProgress = { iteration: 0, nfev: 0, cost: NaN, optimality: NaN, stepNorm: NaN, elapsedMs: 0, phase: 'start', backend: 'cpu', chunk: null, costs: [], accepted: null };
  let costs: number[] = [];
  const report = throttle<FitProgress>((p) => {
    onProgress?.({ ...p, costs });
    costs = [];
  }, 100);
  const passes = {
    count: 0,
    onChunk: (p: StreamProgress) => {
      if (flag.aborted) throw new FitCancelledError();
      state = { ...state, chunk: { pass: p.pass, chunk: p.chunk, chunks: p.chunks, passIndex: p.passIndex } };
      report.push(state);
    },
  };
  report.push(state);
  let result: FitResult;
  let checkpointStats: FitOutcome['checkpoint'] = null;
  try {
    result = await curveFit({
      model: m,
      data: { vars: m.variables.map(() => new Float64Array(0)), y: new Float64Array(0) },
      parameters,
      options: fitOptions(request.settings),
      signal: flag,
      // The replicate groups' means may take the budget's share of a chunk (8 bytes each), as in the CLI.
      streamed: { source, sumRows: DEFAULT_CHUNK_ROWS, maxGroups: Math.floor(stream.budget / CHUNK_SHARE / 8), passes, wrap: (e) => yielding(e) },
      ...(writer ? { checkpoint: writer.hooks } : {}),
      onIteration: (s, phase) => {
        writer?.onIteration(s, phase.role);
        costs.push(s.cost);
        state = { ...state, iteration: s.iteration, nfev: s.nfev, cost: s.cost, optimality: s.optimality, stepNorm: s.stepNorm, elapsedMs: s.elapsedMs, phase: phase.role, backend: 'cpu', accepted: s.x.length === freeNames.length ? { names: freeNames, values: Array.from(s.x) } : state.accepted };
        report.push(state);
      },
    });
  } catch (error) {
    if (error instanceof FitCancelledError && flag.aborted) return { ok: false, error: { code: 'cancelled', message: error.message } };
    return { ok: false, error: toWorkerError(error, m.params) };
  } finally {
    report.flush();
    endRun(flag);
    checkpointStats = (await writer?.close()) ?? null;
  }
  if (resumed) result = withSavedHistory(result, resumed);
  // The profile and the printable report read lastFit's rows: without `input` they are not offered.
  session.lastFit = { model: request.model, selection: sample, result, absoluteSigma: request.settings.absoluteSigma, poisson: false, weights: 'sigma' };
  const params = Float64Array.from(m.params, (name) => result.parameters.find((p) => p.name === name)?.value ?? NaN);
  const curve = evaluateCurve(m, sample, params, request).curve;
  const chunks = source.chunks;
  return {
    ok: true,
    value: {
      result,
      backend: { requested: request.settings.backend, used: 'cpu', reason: `streamed from browser storage: ${passes.count} passes over ${chunks} chunks of ${chunkRows.toLocaleString('en-US')} rows (memory budget ${formatBudget(stream.budget)})`, cpuKernels: m.kernels().kind },
      curve,
      stream: { rows: stream.rows, budget: stream.budget, chunkRows, chunks, passes: passes.count, sampleRows: sample.rows },
      resumed: resumed ? { nit: resumed.state.nit, nfev: resumed.state.nfev } : null,
      checkpoint: checkpointStats,
    },
  };
}
