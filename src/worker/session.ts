/**
 * What the worker holds between calls: the parsed table, the current column selection and the
 * cancellation flags. The data live here; the main thread only ever holds what it draws.
 */
import type { RowChoice } from '../data/chooseRows';
import type { FitData } from '../data/selectColumns';
import type { Table } from '../data/types';
import type { FitOptions } from '../fit/defaults';
import type { ParameterSpec } from '../fit/parameters';
import type { FitResult } from '../fit/types';
import type { Weighting } from '../fit/weights';
import type { DataMapping, LoadOptions, RowRequest } from './api';
import type { ColumnMapping } from '../share/types';
import type { StreamedTable } from '../job/browser/streamIngest';

export interface CancelFlag {
  aborted: boolean;
}

/** The last completed fit, so that a redraw at its parameters (log x, another grid) keeps its bands. */
export interface LastFit {
  readonly model: string;
  readonly selection: FitData;
  readonly result: FitResult;
  readonly absoluteSigma: boolean;
  /** The parameter table and solver options the fit ran with, for profiling it again (absent for a restored fit). */
  readonly input?: { readonly parameters: readonly ParameterSpec[]; readonly options: FitOptions };
  /** Fitted by Poisson maximum likelihood: the least-squares tools (profiles, comparison) do not apply. */
  readonly poisson?: boolean;
  /** Weights from y the fit used (settings.weights; absent: 'sigma', the σ column or none): a redraw
   *  with the same weights keeps the bands. */
  readonly weights?: Weighting;
}

/** What the table was read from and how (a file or pasted text), so that a saved session can be
 *  read again with other options ("First row is header") after a reload. */
export type TableInput = { readonly kind: 'blob'; readonly blob: Blob; readonly options: LoadOptions } | { readonly kind: 'text'; readonly text: string; readonly options: LoadOptions };

export interface Session {
  table: Table | null;
  /** The input of the table (null: inline columns from a link, or a restored table saved without it). */
  input: TableInput | null;
  fileName: string | null;
  mapping: DataMapping | null;
  selection: FitData | null;
  /** The rows the selection's filters and exclusions chose. */
  choice: RowChoice | null;
  load: CancelFlag | null;
  fit: CancelFlag | null;
  lastFit: LastFit | null;
  /** A table streamed to the Origin Private File System (issue 12): `table` is then its sample. */
  stream: StreamedTable | null;
  /** The last errors-in-variables fit's corrections per row (issue 24), for the data export. */
  lastOdr?: LastOdr | null;
}

/** δ per row of each observed column (delta[i·l + j]) and ε per row (explicit), on `selection`'s rows. */
export interface LastOdr {
  readonly selection: FitData;
  readonly observed: readonly string[];
  readonly delta: Float64Array;
  readonly eps: Float64Array;
}

export const session: Session = { table: null, input: null, fileName: null, mapping: null, selection: null, choice: null, load: null, fit: null, lastFit: null, stream: null, lastOdr: null };

const NO_ROWS: RowRequest = { where: [], exclude: [] };

function sameRows(a: RowRequest = NO_ROWS, b: RowRequest = NO_ROWS): boolean {
  return a.where.length === b.where.length && a.where.every((w, i) => w === b.where[i]) && a.exclude.length === b.exclude.length && a.exclude.every((l, i) => l === b.exclude[i]);
}

/** The same σ column for each x (issue 24); absent and empty are the same. */
export function sameSigmaX(a: ColumnMapping['sigmaX'], b: ColumnMapping['sigmaX']): boolean {
  const ka = Object.keys(a ?? {});
  return ka.length === Object.keys(b ?? {}).length && ka.every((k) => Object.prototype.hasOwnProperty.call(b ?? {}, k) && b![k] === a![k]);
}

export function sameMapping(a: DataMapping | null, b: DataMapping): boolean {
  return a !== null && sameRows(a.rows, b.rows) && a.y === b.y && (a.sigma ?? null) === (b.sigma ?? null) && a.x.length === b.x.length && a.x.every((n, i) => n === b.x[i]) && sameSigmaX(a.sigmaX, b.sigmaX);
}

/** Makes a new run (fit, batch, search, profile) the one cancelFit stops: the run before it, if
 *  any, is asked to stop first (one run at a time shares the worker). */
export function startRun(flag: CancelFlag = { aborted: false }): CancelFlag {
  if (session.fit) session.fit.aborted = true;
  session.fit = flag;
  return flag;
}

/** The run is over: cancelFit no longer reaches it (a later run's flag is left alone). */
export function endRun(flag: CancelFlag): void {
  if (session.fit === flag) session.fit = null;
}
