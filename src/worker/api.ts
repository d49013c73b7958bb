/**
 * The worker's API as plain data: what the main thread may ask and what comes back. Everything
 * here is structured-clone friendly (numbers, strings, plain objects, typed arrays), so Comlink
 * copies or transfers it as is. Expected failures come back as `Status` values `{ ok: false,
 * error }`; the worker never throws a class across the boundary.
 */
import type { ReportData } from '../export/report/reportData';
import type { ProfileProgress } from '../fit/profileFit';
import type { GuessedParameter } from '../library/types';
import type { Fingerprint, LinkPlan, PlanOptions } from '../share/index';
import type { FitSpec } from '../share/types';
import type { CurveExportRequest } from './exports';
import type { Curve, PlotRequest, SelectionSummary, TableSummary } from '../plot/shapes';
import type { TableInput } from './session';
import type { CurveRequest, DataMapping, FitRequest, RowRequest } from '../job/protocol/request';
import type { Status } from '../job/protocol/status';
import type { GroupList, LoadOptions, LoadProgress, RestoredFit, WideGroups } from '../job/protocol/table';
import type { CheckpointOffer } from '../job/protocol/checkpoint';
import type { AutoStartOutcome, AutoStartRequest, AutoStartStep } from '../job/protocol/autoStart';
import type { FitOutcome, FitProgress } from '../job/protocol/fitOutcome';
import type { GlobalComparison, GlobalFitOutcome, GlobalFitProgress, GlobalFitRequest, GroupBatchOutcome, GroupBatchProgress, GroupBatchRequest } from '../job/protocol/groups';
import type { MixedFitOutcome, MixedFitRequest } from '../job/protocol/mixed';
import type { ModelCompareRequest, PageModelComparison, PageProfile } from '../job/protocol/afterFit';

// The fit job's requests and outcomes (src/job/protocol), re-exported: the page imports the whole
// boundary from here.
export type { CurveRequest, DataMapping, FitRequest, RowRequest } from '../job/protocol/request';
export type { Status, WorkerError } from '../job/protocol/status';
export type { GroupList, LoadOptions, LoadProgress, RestoredFit, WideGroups } from '../job/protocol/table';
export type { CheckpointFacts, CheckpointOffer } from '../job/protocol/checkpoint';
export type { AutoStartOutcome, AutoStartRequest, AutoStartStep } from '../job/protocol/autoStart';
export type { BackendReport, FitOutcome, FitProgress, PoissonFacts } from '../job/protocol/fitOutcome';
export type { OdrFacts } from '../job/protocol/odrFacts';
export type { PageAssay } from '../job/protocol/assay';
export type { GlobalComparison, GlobalFitOutcome, GlobalFitProgress, GlobalFitRequest, GroupBatchOutcome, GroupBatchProgress, GroupBatchRequest } from '../job/protocol/groups';
export type { MixedFitOutcome, MixedFitRequest } from '../job/protocol/mixed';
export type { ModelCompareRequest, PageModelComparison, PageProfile } from '../job/protocol/afterFit';
export type { CurveExportRequest } from './exports';
export type { ReportData } from '../export/report/reportData';
export type { NamedProfile, ProfileProgress } from '../fit/profileFit';
export type { TableInput } from './session';
export type { BandPair, ColumnInfo, Curve, ExcludedPoints, SelectionSummary, Series, StreamFacts, TableSummary, VariableRange, GroupOverlay, PlotRequest } from '../plot/shapes';
export type { Density } from '../plot/density';

export interface WorkerApi {
  /** Streams a File/Blob through the CSV parser (progress about 10 times a second), or reads a
   *  spreadsheet (.xlsx, .ods: one sheet) or Parquet file, its reader loaded on first use. */
  loadFile(file: Blob, name: string | null, onProgress?: (p: LoadProgress) => void, options?: LoadOptions): Promise<Status<TableSummary>>;
  /** Parses pasted or fetched text. */
  loadText(text: string, name: string | null, options?: LoadOptions): Promise<Status<TableSummary>>;
  /** Loads columns given as numbers (a link's inline data) as a table; `text` columns (a link's
   *  group keys) beside them. */
  loadColumns(columns: Readonly<Record<string, readonly number[]>>, name: string | null, text?: Readonly<Record<string, readonly string[]>> | null): Promise<Status<TableSummary>>;
  /** Stops a running load (it resolves with code 'aborted'). */
  cancelLoad(): void;
  /** Chooses the columns a fit uses; reports dropped rows and the data to draw. */
  select(mapping: DataMapping, plot: PlotRequest): Promise<Status<SelectionSummary>>;
  /** The groups of `column` with their row counts, counting rows that `rows` keep (filters only);
   *  or, given a wide mapping, its y columns with their usable rows (filters and exclusions). */
  groups(column: string | WideGroups, rows: RowRequest | null): Promise<Status<GroupList>>;
  /** Starting values from a library model's guesser on the selected data. */
  guess(libraryId: string, plotVar: number): Promise<Status<GuessedParameter[]>>;
  /** The model at the given parameters over the data, for interactive tuning. */
  curve(request: CurveRequest): Promise<Status<Curve>>;
  /** Runs curveFit; progress is throttled to about 10 messages a second. */
  fit(request: FitRequest, onProgress?: (p: FitProgress) => void): Promise<Status<FitOutcome>>;
  /** The checkpoint stored under `key` compared with the fit `request` would run (issue 12). */
  checkpointOffer(key: string, request: FitRequest): Promise<Status<CheckpointOffer>>;
  /** Stops a running fit; it resolves with the last accepted parameters (status −2). A group
   *  batch stops after the group in progress and keeps the groups done. */
  cancelFit(): void;
  /** Searches for starting values (issue 11); cancelFit stops it, keeping the best refined so far. */
  autoStart(request: AutoStartRequest, onProgress?: (p: AutoStartStep) => void): Promise<Status<AutoStartOutcome>>;
  /** Fits each picked group on its own (progress at most 10 times a second). */
  fitGroups(request: GroupBatchRequest, onProgress?: (p: GroupBatchProgress) => void): Promise<Status<GroupBatchOutcome>>;
  /** One global fit over the picked groups (cancel: cancelFit). */
  fitGlobal(request: GlobalFitRequest, onProgress?: (p: GlobalFitProgress) => void): Promise<Status<GlobalFitOutcome>>;
  /** The global fit and the separate per-group fits of the same groups, compared (F test, AICc). */
  compareGlobal(request: GlobalFitRequest, onProgress?: (p: GlobalFitProgress) => void): Promise<Status<GlobalComparison>>;
  /** A mixed-effects fit over the picked groups, with each group's own fit beside it (cancel: cancelFit). */
  fitMixed(request: MixedFitRequest, onProgress?: (p: GlobalFitProgress) => void): Promise<Status<MixedFitOutcome>>;
  /** Profile-likelihood intervals of the last fit; progress after refits (at most 10 a second); cancelFit stops it. */
  profile(onProgress?: (p: ProfileProgress) => void): Promise<Status<PageProfile>>;
  /** A second model fitted to the last fit's rows and compared with it; progress of its start search; cancelFit stops it. */
  compareModel(request: ModelCompareRequest, onProgress?: (p: AutoStartStep) => void): Promise<Status<PageModelComparison>>;
  /** The last fit's report data: column summaries, points and curve to draw, Q-Q and histogram of the residuals. */
  reportData(): Promise<Status<ReportData>>;
  /** The selected columns as numbers (for links, sessions and exports). */
  exportColumns(): Promise<Status<Record<string, number[]>>>;
  /** The fingerprint of the used columns (x…, y, sigma) over exactly the rows a fit with `mapping` uses;
   *  `ode`: an ODE model's data columns instead (src/share/odeSpec.ts specDataColumns). */
  fingerprint(mapping: DataMapping, ode?: readonly string[]): Promise<Status<Fingerprint>>;
  /** The fit link for `spec` (its data part ignored) with the selected data inline or fingerprinted. */
  planLink(spec: FitSpec, options: PlanOptions): Promise<Status<LinkPlan>>;
  /** The columns a fit with `mapping` uses (x…, y, sigma) over exactly its rows, as CSV. */
  exportData(mapping: DataMapping): Promise<Status<string>>;
  /** The last fit as CSV: at the data points, or on the plot grid with its bands. */
  exportCurve(request: CurveExportRequest): Promise<Status<string>>;
  /** Writes the loaded table to session storage (IndexedDB) under `key`. */
  saveTable(key: string): Promise<Status<{ rows: number; folder?: string }>>;
  /** Loads a table saved with saveTable as the current table. */
  loadSavedTable(key: string): Promise<Status<TableSummary & { readonly input: TableInput | null }>>;
  /** Makes a saved fit the last fit again (its bands follow redraws at its parameters). */
  restoreFit(fit: RestoredFit): Promise<Status<null>>;
  /** Takes the Web Lock `lock` for the worker's whole life and answers with its name once held
   *  (the page queues for it to learn when the worker is gone), or null where there are no Web Locks. */
  alive(lock: string): Promise<string | null>;
}
