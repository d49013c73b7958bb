/**
 * Batch slice (issue 9): "Fit each group": the run's progress ("412 / 1000 groups, 3 failed"),
 * its status, and the outcome (one row per group, the overlay drawn on the plot). A cancelled
 * batch keeps the groups it finished.
 */
import type { GlobalComparison, GlobalFitOutcome, GlobalFitProgress, GroupBatchOutcome, GroupBatchProgress, MixedFitOutcome, WorkerError } from '../../worker/api';
import type { Mapping } from './data';
import type { FitSlice } from './fit';
import type { ParamRow } from './params';

export { OVERLAY_MAX } from '../../plot/groupLimits';

export interface BatchSlice {
  readonly batchStatus: 'idle' | 'running' | 'done' | 'cancelled' | 'error';
  readonly batchProgress: GroupBatchProgress | null;
  readonly batch: GroupBatchOutcome | null;
  readonly batchError: WorkerError | null;
  /** The results table's sort: a column ('group', 'rows', 'status', a parameter name, 'redchi2', 'r2') and direction. */
  readonly batchSort: { readonly column: string; readonly descending: boolean } | null;
  /** How the groups are fitted: each on its own, one global fit with shared parameters, or a
   *  mixed-effects model with random parameters (issue 25). */
  readonly groupMode: 'each' | 'global' | 'mixed';
  /** Names of the parameters shared by all groups in a global fit (the others are local). */
  readonly sharedParams: readonly string[];
  /** Mixed mode: the parameters with one random effect per group (the other free ones are fixed
   *  effects), Ψ's form and the likelihood. */
  readonly randomParams: readonly string[];
  readonly randomCov: 'full' | 'diag';
  readonly mixedMethod: 'ml' | 'reml';
  readonly mixedStatus: 'idle' | 'running' | 'done' | 'cancelled' | 'error';
  readonly mixedProgress: GlobalFitProgress | null;
  readonly mixed: MixedFitOutcome | null;
  readonly mixedError: WorkerError | null;
  readonly globalStatus: 'idle' | 'running' | 'done' | 'cancelled' | 'error';
  readonly globalProgress: GlobalFitProgress | null;
  readonly global: GlobalFitOutcome | null;
  readonly globalError: WorkerError | null;
  /** "Compare with separate fits": running, its answer, or why not. */
  readonly comparisonStatus: 'idle' | 'running' | 'done' | 'error';
  readonly comparison: GlobalComparison | null;
  readonly comparisonError: WorkerError | null;
  /** One group of the batch opened as a single fit (its rows as the data, its full results), and
   *  what the page showed before, which "Back to all groups" brings back; null: none open. */
  readonly batchOpen: OpenedGroup | null;
}

/** What opening a group replaced: the columns and rows, the parameter table and the last fit. */
export interface BeforeOpen {
  readonly mapping: Mapping;
  readonly params: readonly ParamRow[];
  readonly fit: Pick<FitSlice, 'fitStatus' | 'fitCancelled' | 'progress' | 'liveCosts' | 'outcome' | 'fitError' | 'fittedSignature'>;
}

export interface OpenedGroup {
  readonly key: string;
  readonly before: BeforeOpen;
}

const NO_GLOBAL = { globalStatus: 'idle', globalProgress: null, global: null, globalError: null, comparisonStatus: 'idle', comparison: null, comparisonError: null } as const;

const NO_MIXED = { mixedStatus: 'idle', mixedProgress: null, mixed: null, mixedError: null } as const;

export const initialBatch: BatchSlice = { batchStatus: 'idle', batchProgress: null, batch: null, batchError: null, batchSort: null, groupMode: 'each', sharedParams: [], randomParams: [], randomCov: 'full', mixedMethod: 'ml', ...NO_GLOBAL, ...NO_MIXED, batchOpen: null };

/** No per-group, global or mixed results (other data or another grouping): a run still going is dropped when it ends. */
export const NO_BATCH: Pick<BatchSlice, 'batchStatus' | 'batchProgress' | 'batch' | 'batchError' | 'batchOpen' | keyof typeof NO_GLOBAL | keyof typeof NO_MIXED> = { batchStatus: 'idle', batchProgress: null, batch: null, batchError: null, batchOpen: null, ...NO_GLOBAL, ...NO_MIXED };

/** No mixed-effects results (the random marks, Ψ or the method changed). */
export const NO_MIXED_RESULTS: Pick<BatchSlice, keyof typeof NO_MIXED> = NO_MIXED;

/** No global results (the shared marks changed): the per-group results stay. */
export const NO_GLOBAL_RESULTS: Pick<BatchSlice, keyof typeof NO_GLOBAL> = NO_GLOBAL;

/** "412 / 1000 groups, 3 failed". */
export function batchProgressText(p: GroupBatchProgress): string {
  const boot = p.bootstrap ? `, bootstrap ${p.bootstrap.done.toLocaleString('en-US')} / ${p.bootstrap.total.toLocaleString('en-US')} resamples` : '';
  return `${p.done.toLocaleString('en-US')} / ${p.total.toLocaleString('en-US')} groups${p.failed ? `, ${p.failed.toLocaleString('en-US')} failed` : ''}${boot}`;
}

/** "Global fit: iteration 12, cost 1120.4" or "Separate fits: 3 / 12 groups". */
export function globalProgressText(p: GlobalFitProgress): string {
  if (p.phase === 'separate') return `Separate fits: ${p.done.toLocaleString('en-US')} / ${p.total.toLocaleString('en-US')} groups`;
  return `Global fit of ${p.total.toLocaleString('en-US')} groups: iteration ${p.iteration}${Number.isFinite(p.cost) ? `, cost ${p.cost.toPrecision(6)}` : ''}`;
}
