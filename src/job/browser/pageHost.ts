/**
 * The fit job's host in the page's fit worker (issue 22; Node's is src/job/node/host.ts): the
 * worker's clock, its row workers (rowWorkers.ts) and backend choice (backend.ts, with the cancel
 * flag and the chunk progress inside each pass), the cancel flag between iterations, progress per
 * iteration, and the checkpoint store over IndexedDB (checkpoint.ts) with its history.
 *
 * One host serves one fit: it remembers what the page reports after the fit (the backend that ran,
 * the row workers' transport, the checkpoint's saves and the resumed record's history).
 */
import type { ChunkProgress } from '../../fit/cpuEvaluator';
import type { FitResult } from '../../fit/types';
import type { BackendRequest } from '../job';
import type { CheckpointStore, JobHost } from '../host';
import type { CompiledModel } from '../../model/index';
import type { CheckpointRecord } from '../../store/checkpointRecord';
import type { BackendReport } from '../protocol/fitOutcome';
import type { FitRequest } from '../protocol/request';
import type { WorkerError } from '../protocol/status';
import { chooseFitBackend, type PageBackend } from './backend';
import { checkpointWriter, resumable, type CheckpointStats, type CheckpointWriter, type SubjectInput } from './checkpoint';
import { pageRowWorkers, type PageRowWorkers } from './rowWorkers';

/** A resume the page cannot make (no longer stored, damaged, another fit): the fit does not run. */
export class CheckpointUnavailable extends Error {
  constructor(readonly error: WorkerError) {
    super(error.message);
    this.name = 'CheckpointUnavailable';
  }
}

export interface PageHostOptions {
  readonly method: FitRequest['settings']['method'];
  readonly signal: { aborted: boolean };
  readonly onChunk: (progress: ChunkProgress) => void;
  readonly onIteration: NonNullable<JobHost['onIteration']>;
  /** Once the backend is chosen, before the first pass. */
  readonly onPlanned: () => void;
  /** The page's checkpoint key and what its saves belong to (the columns' whole-column digest, or a streamed table's usable-cells digest: what the page's offer compares). */
  readonly checkpoint: { readonly key: string; readonly subject: SubjectInput } | null;
}

export interface PageHost extends JobHost {
  /** What ran, once the fit is over. */
  backendReport(result: FitResult | null): BackendReport | null;
  readonly rowWorkerFacts: () => PageRowWorkers | null;
  /** The record a resumed fit continued from (its saved history comes first in the result). */
  readonly resumed: () => CheckpointRecord | null;
  /** After the fit, whatever its end: waits for a save in flight and deletes the checkpoint. */
  closeCheckpoint(): Promise<CheckpointStats | null>;
}

export function pageHost(options: PageHostOptions): PageHost {
  let rows: PageRowWorkers | null = null;
  let backend: PageBackend | null = null;
  let resumed: CheckpointRecord | null = null;
  let writer: CheckpointWriter | null = null;
  const saved = options.checkpoint;
  // IndexedDB under the page's key, for the page's own subject (its offer compares the same): a
  // missing or foreign record stops the resume in the page's words. The saves are counted when the
  // writer closes (closeCheckpoint), a storage failure among them, not as a note; the page saves
  // on its clock only, and what is unsaved at the end is deleted with the rest.
  const checkpoints: CheckpointStore | null = saved && {
    read: async () => {
      const stored = await resumable(saved.key, saved.subject);
      if (!stored.ok) throw new CheckpointUnavailable(stored.error);
      resumed = stored.value;
      return resumed.state;
    },
    writer: () => {
      const w = (writer = checkpointWriter(saved.key, saved.subject, resumed));
      return { onState: w.hooks.onState!, onIteration: w.onIteration, flush: () => undefined, report: () => ({ file: saved.key, saves: 0, saveMs: 0 }), failure: () => null };
    },
    missingNote: '',
    startSearchNote: '',
  };
  return {
    now: () => performance.now(),
    rowWorkers: (model: CompiledModel, n: number) => {
      // A large fit's float64 passes on row workers (all cores, issue 12), else in this thread.
      rows = pageRowWorkers(model, n);
      // Kept between fits (rowWorkers.ts): nothing to close at the end of one.
      return { workers: rows?.workers ?? 0, rowPasses: rows?.rowPasses, close: () => undefined };
    },
    backend: async (requested: BackendRequest, n: number, model: CompiledModel) => {
      backend = await chooseFitBackend(n, requested, { model, rowPasses: rows?.rowPasses, method: options.method, signal: options.signal, onChunk: options.onChunk });
      options.onPlanned();
      return backend;
    },
    candidatePool: () => null,
    signal: options.signal,
    onIteration: options.onIteration,
    ...(checkpoints ? { checkpoints } : {}),
    backendReport: (result) => backend?.report(result) ?? null,
    rowWorkerFacts: () => rows,
    resumed: () => resumed,
    closeCheckpoint: async () => (writer ? writer.close() : null),
  };
}
