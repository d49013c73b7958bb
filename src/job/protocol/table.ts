/**
 * The page's table between the page and the worker: how a file is read (header row, sheet, the
 * memory budget above which it is streamed, issue 12), the load's progress, and the groups a column
 * (or a wide file's y columns) splits the rows into for the group picker (issue 9), and a saved
 * session's fit handed back with its table (worker/tables.ts restoreFit).
 */
import type { FitResult } from '../../fit/types';
import type { Weighting } from '../../fit/weights';
import type { ColumnMapping, SolverSettings } from '../../share/types';
import type { DataMapping } from './request';

/** How to read a file: the header row (detected, or as the user said) and the sheet of a workbook
 *  (by name; absent: the first). */
export interface LoadOptions {
  readonly header?: 'auto' | boolean;
  readonly sheet?: string | null;
  /** The page's memory budget in bytes (issue 12): a text file whose in-memory fit would hold more
   *  is streamed to the Origin Private File System (absent: half of navigator.deviceMemory). */
  readonly memoryBudget?: number;
}

export interface LoadProgress {
  readonly fraction: number | null;
  readonly rows: number;
  /** The file is being streamed to browser storage (issue 12), not read into memory. */
  readonly streaming?: boolean;
}

/** The groups of a column: key as written and row count (among rows the filters keep). */
export interface GroupList {
  /** The group column's name ('' for a wide file's y columns). */
  readonly column: string;
  readonly groups: readonly { readonly key: string; readonly rows: number }[];
  /** Rows with an empty group cell (in no group). */
  readonly ungrouped: number;
}

/** Each y column is a dataset: the groups of this mapping's x and sigma (GroupBatchRequest.wide). */
export interface WideGroups {
  readonly wide: Pick<ColumnMapping, 'x' | 'sigma'>;
}

/** A saved fit made the worker's last fit again (its bands follow redraws at its parameters). */
export interface RestoredFit {
  readonly model: string;
  readonly mapping: DataMapping;
  readonly result: FitResult;
  readonly absoluteSigma: boolean;
  /** The fit's weights from y (settings.weights), so that its bands follow a redraw; absent: none. */
  readonly weights?: Weighting;
  /** Fitted by Poisson maximum likelihood (settings.objective 'poisson'). */
  readonly poisson?: boolean;
  /** The settings the fit ran with, when the page knows them (a fit it showed before a group was
   *  opened): the fit is then whole again, for profiles and comparisons; absent: a saved session's. */
  readonly settings?: SolverSettings;
}
