/**
 * A streamed table as the fit job's source in the page (issue 12): the chosen x, y and σ columns
 * read chunk by chunk from their files in the Origin Private File System (src/store/columnFiles.ts)
 * by every pass of the job's fit (fit.ts: the same runJob as a fit in memory, and as the CLI's
 * streamed fit), whose passes sum in the in-memory order, so the parameters are the in-memory
 * fit's. Progress names the pass and the chunk. The curve and residuals drawn are the sample's.
 *
 * What needs all rows in memory is refused with what to do instead (`streamRefusal`); nothing the
 * user typed is touched. Rows with unusable cells are left out as in memory (streamedColumns.ts),
 * and a long fit saves checkpoints that a reload resumes, as in memory: the data's fingerprint is
 * the counting pass's digest of the usable cells (src/store/usableRows.ts), so a reload that
 * restores the session's folder, or the same file dropped again, resumes; other data or columns do not.
 */
import { DEFAULT_CHUNK_ROWS } from '../fit/cpuEvaluator';
import { budgetedRows } from '../fit/stream/streamedRows';
import type { StreamProgress } from '../fit/stream/streamProgress';
import type { JobData } from '../job/job';
import type { CompiledModel } from '../model/index';
import { chunkRowsFor } from '../store/chunkPlan';
import type { DataDigest } from '../store/checkpointSubject';
import { columnChunks } from '../store/columnFiles';
import { formatBudget } from '../store/memoryBudget';
import type { UsableRows } from '../store/usableRows';
import type { BackendReport, FitOutcome, FitRequest, Status, WorkerError } from './api';
import { session } from './session';
import { streamClash, type StreamClash } from '../job/validate';
import type { StreamedTable } from '../job/browser/streamIngest';
import { streamedSelection, type StreamedSelection } from '../job/browser/streamedColumns';
import { yielding } from '../job/browser/yielding';

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

/** What this fit request asks that the streamed path cannot do (validate.ts streamClash), in the page's words. */
function requestRefusal(request: FitRequest): WorkerError | null {
  const rows = request.mapping.rows;
  const s = request.settings;
  const clash = streamClash({
    filters: Boolean(rows && (rows.where.length > 0 || rows.exclude.length > 0)),
    'start-search': request.parameters.some((p) => !p.fixed && (p.value === null || !Number.isFinite(p.value))),
    varpro: s.varpro,
    poisson: s.objective === 'poisson',
    gpu: s.backend === 'gpu',
    weights: (s.weights ?? 'sigma') !== 'sigma',
  });
  const words = clash ? PAGE_WORDS[clash] : undefined;
  return words ? streamRefusal(words[0], words[1]) : null;
}

/** What the page calls each refused setting, and what to do instead. */
const PAGE_WORDS: Partial<Record<StreamClash, [string, string]>> = {
  filters: ['Filtering rows or excluding points', 'clear the row filters and exclusions'],
  'start-search': ['The automatic start search', 'give a start value for every free parameter (Guess, or the sliders over the drawn sample)'],
  varpro: ['VarPro', 'turn it off in Solver options'],
  poisson: ['The Poisson likelihood fit', 'choose least squares in Solver options'],
  gpu: ['The GPU backend', 'choose Auto or CPU in Solver options'],
  weights: ['Weights from y', 'use a σ column'],
};

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

export interface StreamedSource {
  readonly data: JobData & { readonly kind: 'stream' };
  /** What the page's checkpoints of this fit are saved for: the usable cells' digest. */
  readonly fingerprint: DataDigest;
  /** What the outcome says of the run, once it is over: the passes it took over the chunks. */
  facts(): { readonly backend: Omit<BackendReport, 'cpuKernels'>; readonly stream: NonNullable<FitOutcome['stream']> };
}

/**
 * The job's source for `request` on a streamed table, or why it cannot run streamed. `sampleRows`:
 * the rows the curve is drawn over; `onChunk`: every chunk a pass has read (it may throw to cancel).
 */
export function streamedSource(request: FitRequest, stream: StreamedTable, model: CompiledModel, sampleRows: number, onChunk: (p: StreamProgress) => void): Status<StreamedSource> {
  const refused = requestRefusal(request);
  if (refused) return { ok: false, error: refused };
  const selected = selectionFor(request, stream);
  if (!selected.ok) return selected;
  const { y, sigma, usable } = selected.value;
  // The model's variables (it may use fewer x columns than are chosen; all chosen ones decide the rows).
  const x = model.variables.map((v) => stream.names.indexOf(v));
  // Sorted over the usable rows: the counting pass knows for the first chosen column; a column sorted
  // over all stored rows (no NaN, never decreasing) is sorted over any of them.
  const sortedX = x.length > 0 && (model.variables[0] === request.mapping.x[0] ? usable.sortedX : stream.facts[x[0]].sorted);
  const free = request.parameters.filter((p) => !p.fixed).length;
  const columns = x.length + 1 + (sigma === null ? 0 : 1);
  // The load's plan, or fewer rows when this model holds more per row than it planned for.
  const chunkRows = Math.min(stream.chunkRows, chunkRowsFor({ budgetBytes: stream.budget, columns, parameters: free, sumRows: DEFAULT_CHUNK_ROWS }));
  const source = columnChunks({ files: stream.store.files, rows: stream.rows, chunkRows, x, y, sigma, sortedX, usable });
  const passes = { count: 0, onChunk };
  const digest = streamDigest(usable);
  const streamed = budgetedRows(source, stream.budget, passes, (e) => yielding(e));
  return {
    ok: true,
    value: {
      data: { kind: 'stream', model, rows: source.rows, streamed, digest },
      fingerprint: digest,
      facts: () => ({
        backend: { requested: request.settings.backend, used: 'cpu', reason: `streamed from browser storage: ${passes.count} passes over ${source.chunks} chunks of ${chunkRows.toLocaleString('en-US')} rows (memory budget ${formatBudget(stream.budget)})` },
        stream: { rows: stream.rows, budget: stream.budget, chunkRows, chunks: source.chunks, passes: passes.count, sampleRows },
      }),
    },
  };
}
