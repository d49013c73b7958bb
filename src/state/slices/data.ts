/** Data slice: where the data came from, the parsed table's summary, the column mapping and the
 *  selection (rows kept, rows dropped with reasons, the points to draw). */
import { defaultColumns } from '../../data/defaultColumns';
import { initialMemoryBudget } from '../budgetStorage';
import type { InlineData, RowSpec } from '../../share/types';
import type { ColumnInfo, GroupList, SelectionSummary, TableSummary, WorkerError } from '../../worker/api';

export interface Source {
  readonly kind: 'file' | 'paste' | 'sample' | 'link';
  readonly name: string;
  readonly sampleId: string | null;
}

export interface Loading {
  readonly name: string;
  readonly fraction: number | null;
  readonly rows: number;
  /** Streamed to browser storage past the memory budget (issue 12). */
  readonly streaming?: boolean;
}

export interface Mapping {
  readonly x: readonly string[];
  readonly y: string;
  readonly sigma: string | null;
  /** Errors in x (issue 24): σ column by x column (share/types.ts ColumnMapping.sigmaX). */
  readonly sigmaX?: Readonly<Record<string, string>>;
  /** Row filters and excluded lines (issue 9); absent: every row. It rides with the mapping so
   *  that every worker call that names the data (select, curve, fit, exports) names its rows. */
  readonly rows?: RowSpec;
}

export interface DataSlice {
  readonly source: Source | null;
  readonly loading: Loading | null;
  readonly table: TableSummary | null;
  readonly loadError: WorkerError | null;
  readonly mapping: Mapping;
  readonly selection: SelectionSummary | null;
  readonly selectionError: WorkerError | null;
  /** The data as a link carried it (kept so that the spec can carry it on). */
  readonly inline: InlineData | null;
  /** The error of the last row filter typed (it was not added); null when it was. */
  readonly filterError: WorkerError | null;
  /** The column whose values name the groups (any column, text or numeric); null: no groups. */
  readonly groupBy: string | null;
  /** Its groups with their row counts (among the rows the filters keep). */
  readonly groupList: GroupList | null;
  readonly groupError: WorkerError | null;
  /** The groups chosen for a fit, by key; null: all of them. */
  readonly groupPick: readonly string[] | null;
  /** The table can be read again with other options (header row, sheet): the page still holds
   *  the file or text it came from (not so for a link's data or a restored session). */
  readonly reloadable: boolean;
  /** Each y column is a dataset (a wide file: a plate's wells as columns); the groups are the
   *  numeric columns besides x and σ, keyed by header, picked like a group column's groups. */
  readonly groupWide: boolean;
  /** The x columns the model's names brought in (state/modelColumns.ts): a column the model names
   *  is a variable, and one of these leaves x again when the model stops naming it. */
  readonly modelNamedX: readonly string[];
  /** Bytes a fit may hold in memory before a file is streamed from browser storage (issue 12). */
  readonly memoryBudget: number;
  /** A restored session's streamed data that could not be opened again (issue 12): the page asks
   *  for the file; the model, parameters and settings are the session's. */
  readonly streamGone: StreamGone | null;
}

export interface StreamGone {
  readonly fileName: string;
  readonly rows: number;
  /** 'gone': storage no longer holds them (cleared, or evicted for space); 'in-use': another tab has them open. */
  readonly kind: 'gone' | 'in-use';
  readonly detail: string;
}

export const initialData: DataSlice = {
  source: null,
  loading: null,
  table: null,
  loadError: null,
  mapping: { x: [], y: '', sigma: null },
  selection: null,
  selectionError: null,
  inline: null,
  filterError: null,
  groupBy: null,
  groupList: null,
  groupError: null,
  groupPick: null,
  reloadable: false,
  groupWide: false,
  modelNamedX: [],
  streamGone: null,
  memoryBudget: initialMemoryBudget(),
};

/** What one group is called in the page ("Fit each state", "Each y column"); null: no groups. */
export function groupName(s: Pick<DataSlice, 'groupBy' | 'groupWide'>): string | null {
  return s.groupWide ? 'y column' : s.groupBy;
}

/**
 * The mapping for a freshly loaded table: the previous one when its columns all exist, else the
 * shared default (src/data/defaultColumns.ts): identifiers and text skipped, a monotone or
 * repeated-grid x, the last numeric y, and a column named like an error (sigma, dy, yerr…) as σ.
 */
export function defaultMapping(columns: readonly ColumnInfo[], previous: Mapping): Mapping {
  const has = (n: string) => columns.some((c) => c.name === n && c.categories === null);
  // Another table's filters and excluded lines mean nothing here: they go.
  if (previous.x.length > 0 && previous.x.every(has) && has(previous.y) && (previous.sigma === null || has(previous.sigma))) return { x: previous.x, y: previous.y, sigma: previous.sigma };
  const chosen = defaultColumns(columns.map((c) => ({ name: c.name, shape: c.categories !== null ? 'text' : (c.shape ?? null), integer: c.integer ?? false })));
  return { x: chosen.x ? [chosen.x] : [], y: chosen.y ?? '', sigma: chosen.sigma };
}
