/**
 * The worker's API as plain data: what the main thread may ask and what comes back. Everything
 * here is structured-clone friendly (numbers, strings, plain objects, typed arrays), so Comlink
 * copies or transfers it as is. Expected failures come back as `Status` values `{ ok: false,
 * error }`; the worker never throws a class across the boundary.
 */
import type { FitResult } from '../fit/types';
import type { GuessedParameter } from '../library/types';
import type { Fingerprint, LinkPlan, PlanOptions } from '../share/index';
import type { ColumnMapping, FitSpec, ParameterRow, SolverSettings } from '../share/types';
import type { CurveExportRequest } from './exports';
import type { Curve, SelectionSummary, TableSummary } from './shapes';
import type { RestoredFit } from './tables';

export type { CurveExportRequest } from './exports';
export type { RestoredFit } from './tables';
export type { BandPair, ColumnInfo, Curve, SelectionSummary, Series, TableSummary, VariableRange } from './shapes';

export interface WorkerError {
  /** Stable code: a data code ('header-only', 'no-usable-rows'…), a model code, a fit input code
   *  ('start-outside-bounds', 'nonfinite-x0'…), or 'no-data' / 'no-model' / 'internal'. */
  readonly code: string;
  readonly message: string;
  /** 1-based line of the file the error points at. */
  readonly line?: number;
  /** The parameter the error concerns, when it names one. */
  readonly param?: string;
  /** The control the error concerns. */
  readonly field?: 'data' | 'mapping' | 'model' | 'parameter' | 'settings';
}

export type Status<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: WorkerError };

export interface LoadProgress {
  readonly fraction: number | null;
  readonly rows: number;
}

/** How the plot wants the data: which x column, linear or log x, how many pixel columns, the zoom. */
export interface PlotRequest {
  /** Index into mapping.x. */
  readonly plotVar: number;
  readonly logX: boolean;
  /** Buckets for min/max decimation (about the plot width in pixels). */
  readonly buckets: number;
  /** The x interval on screen when the plot is zoomed (data units), drawn at full resolution. */
  readonly xRange?: readonly [number, number] | null;
}

export interface CurveRequest extends PlotRequest {
  readonly model: string;
  /** The columns; mapping.x are the names the model may use as variables. */
  readonly mapping: ColumnMapping;
  /** Parameter values in the model's parameter order. */
  readonly params: Float64Array;
}

export interface FitRequest extends PlotRequest {
  readonly model: string;
  readonly mapping: ColumnMapping;
  readonly parameters: readonly ParameterRow[];
  readonly settings: SolverSettings;
}

export interface FitProgress {
  readonly iteration: number;
  readonly nfev: number;
  readonly cost: number;
  readonly optimality: number;
  readonly stepNorm: number;
  readonly elapsedMs: number;
  readonly phase: 'fit' | 'polish' | 'start';
  readonly backend: 'cpu' | 'gpu';
  readonly chunk: { readonly pass: 'cost' | 'linearize'; readonly chunk: number; readonly chunks: number } | null;
  /** Costs of the iterations since the previous message. */
  readonly costs: readonly number[];
}

export interface BackendReport {
  readonly requested: 'auto' | 'cpu' | 'gpu';
  readonly used: 'cpu' | 'gpu';
  readonly reason: string;
  /** How the float64 CPU kernels ran: generated code, or interpreted where the page's
   *  Content-Security-Policy forbids compiling code (absent in older saved results). */
  readonly cpuKernels?: 'generated' | 'interpreted';
}

export interface FitOutcome {
  readonly result: FitResult;
  readonly backend: BackendReport;
  readonly curve: Curve;
}

export interface WorkerApi {
  /** Streams a File/Blob through the CSV parser; progress about 10 times a second. */
  loadFile(file: Blob, name: string | null, onProgress?: (p: LoadProgress) => void): Promise<Status<TableSummary>>;
  /** Parses pasted or fetched text. */
  loadText(text: string, name: string | null): Promise<Status<TableSummary>>;
  /** Loads columns given as numbers (a link's inline data) as a table. */
  loadColumns(columns: Readonly<Record<string, readonly number[]>>, name: string | null): Promise<Status<TableSummary>>;
  /** Stops a running load (it resolves with code 'aborted'). */
  cancelLoad(): void;
  /** Chooses the columns a fit uses; reports dropped rows and the data to draw. */
  select(mapping: ColumnMapping, plot: PlotRequest): Promise<Status<SelectionSummary>>;
  /** Starting values from a library model's guesser on the selected data. */
  guess(libraryId: string, plotVar: number): Promise<Status<GuessedParameter[]>>;
  /** The model at the given parameters over the data, for interactive tuning. */
  curve(request: CurveRequest): Promise<Status<Curve>>;
  /** Runs curveFit; progress is throttled to about 10 messages a second. */
  fit(request: FitRequest, onProgress?: (p: FitProgress) => void): Promise<Status<FitOutcome>>;
  /** Stops a running fit; it resolves with the last accepted parameters (status −2). */
  cancelFit(): void;
  /** The selected columns as numbers (for links, sessions and exports). */
  exportColumns(): Promise<Status<Record<string, number[]>>>;
  /** The fingerprint of the used columns (x…, y, sigma) over exactly the rows a fit with `mapping` uses. */
  fingerprint(mapping: ColumnMapping): Promise<Status<Fingerprint>>;
  /** The fit link for `spec` (its data part ignored) with the selected data inline or fingerprinted. */
  planLink(spec: FitSpec, options: PlanOptions): Promise<Status<LinkPlan>>;
  /** The columns a fit with `mapping` uses (x…, y, sigma) over exactly its rows, as CSV. */
  exportData(mapping: ColumnMapping): Promise<Status<string>>;
  /** The last fit as CSV: at the data points, or on the plot grid with its bands. */
  exportCurve(request: CurveExportRequest): Promise<Status<string>>;
  /** Writes the loaded table to session storage (IndexedDB) under `key`. */
  saveTable(key: string): Promise<Status<{ rows: number }>>;
  /** Loads a table saved with saveTable as the current table. */
  loadSavedTable(key: string): Promise<Status<TableSummary>>;
  /** Makes a saved fit the last fit again (its bands follow redraws at its parameters). */
  restoreFit(fit: RestoredFit): Promise<Status<null>>;
}
