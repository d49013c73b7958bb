/**
 * Batch slice (issue 9): "Fit each group": the run's progress ("412 / 1000 groups, 3 failed"),
 * its status, and the outcome (one row per group, the overlay drawn on the plot). A cancelled
 * batch keeps the groups it finished.
 */
import type { GroupBatchOutcome, GroupBatchProgress, WorkerError } from '../../worker/api';
import type { Mapping } from './data';
import type { FitSlice } from './fit';
import type { ParamRow } from './params';

export { OVERLAY_MAX } from '../../worker/groupLimits';

export interface BatchSlice {
  readonly batchStatus: 'idle' | 'running' | 'done' | 'cancelled' | 'error';
  readonly batchProgress: GroupBatchProgress | null;
  readonly batch: GroupBatchOutcome | null;
  readonly batchError: WorkerError | null;
  /** The results table's sort: a column ('group', 'rows', 'status', a parameter name, 'redchi2', 'r2') and direction. */
  readonly batchSort: { readonly column: string; readonly descending: boolean } | null;
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

export const initialBatch: BatchSlice = { batchStatus: 'idle', batchProgress: null, batch: null, batchError: null, batchSort: null, batchOpen: null };

/** No per-group results (other data or another grouping): a batch still running is dropped when it ends. */
export const NO_BATCH: Pick<BatchSlice, 'batchStatus' | 'batchProgress' | 'batch' | 'batchError' | 'batchOpen'> = { batchStatus: 'idle', batchProgress: null, batch: null, batchError: null, batchOpen: null };

/** "412 / 1000 groups, 3 failed". */
export function batchProgressText(p: GroupBatchProgress): string {
  return `${p.done.toLocaleString('en-US')} / ${p.total.toLocaleString('en-US')} groups${p.failed ? `, ${p.failed.toLocaleString('en-US')} failed` : ''}`;
}
