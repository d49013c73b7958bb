/**
 * What a fit job needs from where it runs (issue 22): the page and Node differ in their worker
 * pools, the GPU, the checkpoint store and the clock; the runner (run.ts) asks for them here and
 * decides nothing about them. Node's host is node/host.ts; the page's is the fit worker's.
 */
import type { CurveFitInput, PrimaryPhase } from '../fit/curveFit';
import type { BoundModel } from '../fit/cpuEvaluator';
import type { RowPasses } from '../fit/parallel/rowParallelEvaluator';
import type { CompiledModel } from '../model';
import type { AbortSignalLike } from '../solver/evaluator';
import type { IterationSummary } from '../solver/summary';
import type { TrfState } from '../solver/trfState';
import type { AutoStartProgress } from '../start/index';
import type { BootstrapOptions } from '../fit/bootstrap';
import type { CandidatePool } from '../start/poolScoring';
import type { CheckpointSubject, DataDigest } from '../store/checkpointSubject';
import type { BackendRequest } from './job';

/** Worker threads for one fit's float64 passes (none: `rowPasses` undefined). */
export interface RowWorkers {
  readonly workers: number;
  readonly rowPasses: RowPasses | undefined;
  close(): void;
}

/** Where the main phase runs: a GPU evaluator, or null for the CPU; notes when the request was not met. */
export interface BackendChoice {
  readonly primary: ((bound: BoundModel) => PrimaryPhase | null) | null;
  readonly notes: string[];
  /** Frees the GPU (so that a process can exit). */
  release(): void;
}

/** A pool that scores start candidates (closed by the runner when the search is done). */
export type ClosablePool = CandidatePool & { close(): void };

/** What a checkpoint store says about its saves at the end of a fit. */
export interface CheckpointReport {
  readonly file: string;
  readonly saves: number;
  readonly saveMs: number;
}

export interface CheckpointWriter {
  readonly onState: (state: TrfState) => void;
  /** Saves the last state heard, if it was not saved yet. */
  flush(): void;
  report(): CheckpointReport;
  /** Why saving stopped during the fit, or null. */
  failure(): string | null;
  /** Every iteration of the fit (the page's store keeps the main phase's history beside the state). */
  readonly onIteration?: (summary: IterationSummary, role: 'fit' | 'polish') => void;
}

/** Where a fit's state is saved and read back (a file in Node, IndexedDB in the page). */
export interface CheckpointStore {
  /**
   * The saved state to continue from, or null when none is saved yet; throws when it belongs to
   * another fit. A file is read at once; IndexedDB answers later.
   */
  read(subject: CheckpointSubject, free: number, older: DataDigest | null): TrfState | null | Promise<TrfState | null>;
  /** The writer of new saves; `subject` hashes the data when called (a short fit never saves, and never pays for it). */
  writer(subject: () => CheckpointSubject): CheckpointWriter;
  /** The note when a resume found nothing saved, and when the start search runs unsaved, in the adapter's words. */
  readonly missingNote: string;
  readonly startSearchNote: string;
}

export interface JobHost {
  now(): number;
  rowWorkers(model: CompiledModel, rows: number, requested: number | null): RowWorkers;
  backend(requested: BackendRequest, rows: number, model: CompiledModel): Promise<BackendChoice>;
  /** A pool for scoring `candidates` start candidates, or null to score them in this thread. */
  candidatePool(candidates: number, requested: number | null): ClosablePool | null;
  /** Progress of a long start search, or undefined for none. */
  startProgress?(rows: number, searched: readonly string[], candidates: number): ((p: AutoStartProgress) => void) | undefined;
  /** Present when the job asks for checkpoints. */
  readonly checkpoints?: CheckpointStore;
  /** The cancel flag, checked by the solver between iterations (the page's Cancel). */
  readonly signal?: AbortSignalLike;
  /** Every iteration of the fit's phases, after the checkpoint writer heard it (the page's progress). */
  readonly onIteration?: CurveFitInput['onIteration'];
  /** The bootstrap's refits (job.assay.bootstrap): a pause between them, the stop flag, progress. */
  readonly bootstrapWatch?: Pick<BootstrapOptions, 'pause' | 'stopped' | 'onProgress'>;
}
