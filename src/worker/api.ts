/**
 * The worker's API as plain data: what the main thread may ask and what comes back. Everything
 * here is structured-clone friendly (numbers, strings, plain objects, typed arrays), so Comlink
 * copies or transfers it as is. Expected failures come back as `Status` values `{ ok: false,
 * error }`; the worker never throws a class across the boundary.
 */
import type { PoissonFacts } from '../fit/poissonMle';
import type { DerivedSpec } from '../fit/derived';
import type { Weighting } from '../fit/weights';
import type { BatchRow } from '../fit/groupRow';
import type { FitComparison } from '../fit/compare/compareFits';
import type { ModelComparison } from '../fit/compare/compareModels';
import type { GlobalResult } from '../fit/global/types';
import type { MixedComparison } from '../fit/mixed/compareMixed';
import type { RandomStructure } from '../fit/mixed/likelihoodRatio';
import type { RandomCov } from '../fit/mixed/precisionFactor';
import type { MixedMethod } from '../fit/mixed/profiledLogLik';
import type { MixedResult } from '../fit/mixed/types';
import type { ReportData } from '../export/report/reportData';
import type { NamedProfile, ProfileProgress } from '../fit/profileFit';
import type { FitResult } from '../fit/types';
import type { SubjectDifference } from '../store/checkpointSubject';
import type { GuessedParameter } from '../library/types';
import type { Fingerprint, LinkPlan, PlanOptions } from '../share/index';
import type { AssaySettings, ColumnMapping, FitSpec, ParameterRow, OdeSettings, RowSpec, SolverSettings } from '../share/types';
import type { PageAssay } from './assay';
export type { PageAssay } from './assay';
import type { CurveExportRequest } from './exports';
import type { Curve, GroupOverlay, PlotRequest, SelectionSummary, TableSummary } from '../plot/shapes';
import type { RestoredFit } from './tables';
import type { TableInput } from './session';

export type { CurveExportRequest } from './exports';
export type { ReportData } from '../export/report/reportData';
export type { NamedProfile, ProfileProgress } from '../fit/profileFit';
export type { RestoredFit } from './tables';
export type { TableInput } from './session';
export type { BandPair, ColumnInfo, Curve, ExcludedPoints, SelectionSummary, Series, StreamFacts, TableSummary, VariableRange, GroupOverlay, PlotRequest } from '../plot/shapes';
export type { Density } from '../plot/density';

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
  readonly field?: 'data' | 'mapping' | 'model' | 'parameter' | 'settings' | 'assay';
}

export type Status<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: WorkerError };

/**
 * Which rows take part: row filters in the where-language (`state=treated`, `conc>0.02`; all must
 * hold) and excluded points by their file line (1-based, header included, as the CLI's
 * --exclude-rows). Rows left out this way are counted apart from rows dropped as unusable.
 */
export type RowRequest = RowSpec;

/** A column mapping with the rows it applies to (none: every row). Every call that reads the
 *  selection takes one, so each call says fully which data it means (a replaced worker too). */
export interface DataMapping extends ColumnMapping {
  readonly rows?: RowRequest;
}

/** The groups of a column: key as written and row count (among rows the filters keep). */
export interface GroupList {
  /** The group column's name ('' for a wide file's y columns). */
  readonly column: string;
  readonly groups: readonly { readonly key: string; readonly rows: number }[];
  /** Rows with an empty group cell (in no group). */
  readonly ungrouped: number;
}

/** How to read a file: the header row (detected, or as the user said) and the sheet of a workbook
 *  (by name; absent: the first). */
export interface LoadOptions {
  readonly header?: 'auto' | boolean;
  readonly sheet?: string | null;
  /** The page's memory budget in bytes (issue 12): a text file whose in-memory fit would hold more
   *  is streamed to the Origin Private File System (absent: half of navigator.deviceMemory). */
  readonly memoryBudget?: number;
}

/** Each y column is a dataset: the groups of this mapping's x and sigma (GroupBatchRequest.wide). */
export interface WideGroups {
  readonly wide: Pick<ColumnMapping, 'x' | 'sigma'>;
}

export interface LoadProgress {
  readonly fraction: number | null;
  readonly rows: number;
  /** The file is being streamed to browser storage (issue 12), not read into memory. */
  readonly streaming?: boolean;
}

export interface CurveRequest extends PlotRequest {
  readonly model: string;
  /** The columns; mapping.x are the names the model may use as variables. */
  readonly mapping: DataMapping;
  /** Parameter values in the model's parameter order. */
  readonly params: Float64Array;
  /** Weights from y (settings.weights): the live χ² weighs the points as the fit will. */
  readonly weights?: Weighting;
  /** settings.objective: with 'poisson' the curve carries the deviance at these values. */
  readonly objective?: 'least-squares' | 'poisson';
}

export interface FitRequest extends PlotRequest {
  readonly model: string;
  readonly mapping: DataMapping;
  readonly parameters: readonly ParameterRow[];
  readonly settings: SolverSettings;
  /** Checkpoints (issue 12, src/job/browser/checkpoint.ts): the storage key the fit saves its state
   *  under as it runs (the page's session), and whether to continue from the state saved there. */
  readonly checkpoint?: { readonly key: string; readonly resume: boolean } | null;
  /** An ODE model's integration (issue 23); absent: src/fit/ode's defaults. */
  readonly ode?: OdeSettings;
  /** The assay steps (issue 26: unknowns, predictions, ROUT, bootstrap; worker/assay.ts); absent: none. */
  readonly assay?: AssaySettings | null;
}

/** A stored checkpoint as the page offers it (issue 12). */
export type CheckpointOffer =
  | { readonly kind: 'none' }
  /** Stored, but not a checkpoint this page can read: it was deleted. */
  | { readonly kind: 'damaged'; readonly problem: string }
  | (CheckpointFacts & { readonly kind: 'resumable' })
  /** Saved for another fit: what differs from the fit on the page now. */
  | (CheckpointFacts & { readonly kind: 'differs'; readonly difference: SubjectDifference });

export interface CheckpointFacts {
  readonly model: string;
  /** Iterations done and evaluations spent before the interruption. */
  readonly iteration: number;
  readonly nfev: number;
  /** The cost after that iteration (null for a record without iterations). */
  readonly cost: number | null;
  /** ISO time of the save. */
  readonly savedAt: string;
  /** The saved parameters by name (the free ones; null when the fit on the page has other free
   *  parameters): Resume shows them in the table before the fit continues from them. */
  readonly accepted: { readonly names: readonly string[]; readonly values: readonly number[] } | null;
}

/** "Auto start" (issue 11): starting values searched for on the selected rows. */
export interface AutoStartRequest {
  readonly model: string;
  readonly mapping: DataMapping;
  /** Fixed values and bounds bind the search; free values are ignored unless `keepGiven`. */
  readonly parameters: readonly ParameterRow[];
  readonly settings: SolverSettings;
  /** Sobol seed (default 0): the same seed gives the same candidates. */
  readonly seed?: number;
  /** Free values that are given (not null) are refined as one extra candidate, as the CLI's --p0
   *  (Fit with some start values empty); without it the values on screen are placeholders. */
  readonly keepGiven?: boolean;
}

export interface AutoStartStep {
  readonly phase: 'search' | 'refine';
  readonly done: number;
  readonly total: number;
  readonly bestCost: number;
}

export interface AutoStartOutcome {
  /** The best refined parameters, every model parameter by name. */
  readonly values: readonly { readonly name: string; readonly value: number }[];
  readonly cost: number;
  /** Candidates with a finite cost, of `evaluated`. */
  readonly candidates: number;
  readonly evaluated: number;
  /** Candidates refined by TRF, and how many of them reached the best cost. */
  readonly refined: number;
  /** Rows the candidates were ranked on (above SCORE_MAX_ROWS means of k rows or every k-th, src/start/scoringRows.ts), of `rows` (the
   *  refinements fit them all). Optional: outcomes kept from before they existed lack them. */
  readonly scoredRows?: number;
  readonly rows?: number;
  readonly sameMinimum: number;
  /** Other distinct minima found, best first (at most 3). */
  readonly others: readonly { readonly cost: number; readonly values: Record<string, number> }[];
  /** Parameters solved exactly at each candidate, and those searched over. */
  readonly linear: readonly string[];
  readonly searched: readonly string[];
  /** Cancel stopped the refinements early (the best so far is returned). */
  readonly cancelled: boolean;
  /** The start the best refinement ran from, every model parameter by name: a fit from it
   *  repeats that refinement. */
  readonly start: readonly { readonly name: string; readonly value: number }[];
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
  /** The chunk a pass just finished; a streamed fit (issue 12) also counts its passes over the
   *  chunks (`passIndex`, 1-based) and has a 'statistics' pass after the solver's. */
  readonly chunk: { readonly pass: 'cost' | 'linearize' | 'statistics'; readonly chunk: number; readonly chunks: number; readonly passIndex?: number } | null;
  /** Costs of the iterations since the previous message. */
  readonly costs: readonly number[];
  /** The bootstrap's refits after the fit (issue 26): resamples done of B (absent or null: not running). */
  readonly bootstrap?: { readonly done: number; readonly total: number } | null;
  /** The last accepted iterate: the free parameters by name (null before the first iteration),
   *  so that a fit stopped from outside still leaves its best parameters. */
  readonly accepted?: { readonly names: readonly string[]; readonly values: readonly number[] } | null;
}

export interface BackendReport {
  readonly requested: 'auto' | 'cpu' | 'gpu';
  readonly used: 'cpu' | 'gpu';
  readonly reason: string;
  /** How the float64 CPU kernels ran: generated code, or interpreted where the page's
   *  Content-Security-Policy forbids compiling code (absent in older saved results). */
  readonly cpuKernels?: 'generated' | 'interpreted';
  /** The float64 passes ran on this many row workers (job/browser/rowWorkers.ts), their columns shared
   *  (a cross-origin-isolated page) or each worker's rows held in a copy; absent: in the fit worker. */
  readonly rowWorkers?: { readonly workers: number; readonly columns: 'shared' | 'held' };
}

export interface FitOutcome {
  readonly result: FitResult;
  readonly backend: BackendReport;
  readonly curve: Curve;
  /** The VarPro solver option's reduced fit before the full one (absent or null: not used). */
  readonly varpro?: { readonly linear: readonly string[]; readonly nonlinear: readonly string[]; readonly nfev: number; readonly nit: number } | null;
  /** The Poisson objective's facts (settings.objective 'poisson'; absent or null: least squares):
   *  the Cash statistic, the deviance and the reweighting rounds (src/fit/poissonMle.ts). */
  readonly poisson?: PoissonFacts | null;
  /** Continued from a checkpoint (issue 12): the iterations and evaluations saved before the
   *  interruption (absent or null: a fit from its start). The result counts both sides. */
  readonly resumed?: { readonly nit: number; readonly nfev: number } | null;
  /** The fit's checkpoint saves (absent: none were due). */
  readonly checkpoint?: { readonly saves: number; readonly saveMs: number; readonly writeMs: number; readonly failed: string | null } | null;
  /** Streamed from browser storage (issue 12; absent or null: in memory): the rows fitted, the
   *  chunks every pass read, the passes, and the sample the curve and residuals are drawn over. */
  readonly stream?: { readonly rows: number; readonly budget: number; readonly chunkRows: number; readonly chunks: number; readonly passes: number; readonly sampleRows: number } | null;
  /** Errors in both variables (issue 24; absent or null: an ordinary fit): ODRPACK's facts. */
  readonly odr?: OdrFacts | null;
  /** The assay steps' results (issue 26, request.assay; absent or null: not asked). */
  readonly assay?: PageAssay | null;
}

/**
 * What an errors-in-variables fit (fit/odr) reports beside its FitResult, under ODRPACK's names
 * (the CLI's JSON `odr`, job/report/odrJson.ts): the weighted sum of squares split into its δ
 * (x) and ε (y) parts, res_var, whether sd_beta was scaled by it, and each point's projection
 * onto the curve on the plotted axes (null past MAX_PROJECTIONS rows).
 */
export interface OdrFacts {
  readonly kind: 'explicit' | 'implicit';
  /** The columns measured with error (each with a δ per row). */
  readonly observed: readonly string[];
  readonly sumSquares: number;
  readonly sumSquaresDelta: number;
  readonly sumSquaresEps: number;
  readonly resVar: number;
  readonly absoluteSigma: boolean;
  /** ½χ² of the ordinary fit it started from, ignoring the x errors (explicit). */
  readonly startCost: number | null;
  /** Implicit: augmented-Lagrangian rounds, and the largest distance from the curve left in σ units. */
  readonly rounds: number | null;
  readonly constraintViolation: number | null;
  readonly projections: { readonly x: Float64Array; readonly y: Float64Array; readonly count: number } | null;
  /** The x variable the projections are drawn against (index into mapping.x). */
  readonly plotVar: number;
}

/** A Poisson fit's facts beside its result (src/fit/poissonMle.ts). */
export type { PoissonFacts };

/** "Fit each group": the page's model and parameter table fitted to each picked group on its own. */
export interface GroupBatchRequest {
  readonly model: string;
  /** The library model the text came from: its guesser gives each group its own start values. */
  readonly libraryId: string | null;
  readonly mapping: DataMapping;
  /** The group column (ignored when `wide`). */
  readonly group: string;
  /** Each y column is a dataset (a wide file, a plate's wells as columns): the groups are the
   *  numeric columns besides mapping.x and sigma, keyed by their header text. */
  readonly wide?: boolean;
  /** The picked groups' keys (null: every group). */
  readonly keys: readonly string[] | null;
  readonly parameters: readonly ParameterRow[];
  readonly settings: SolverSettings;
  /** Index into mapping.x of the plotted variable (the overlay's x). */
  readonly plotVar: number;
}

export interface GroupBatchProgress {
  readonly done: number;
  readonly total: number;
  readonly failed: number;
}

export interface GroupBatchOutcome {
  /** The model text the page fitted (set by state/actions/batch.ts): the table says when the
   *  page's model is another or does not parse (selectors/groupFits.ts groupResultsStale). */
  readonly model?: string;
  /** The ties the page fitted with (state/actions/batch.ts sets them; the worker fits the model
   *  with them written in, so the rows lack the tied parameters: state/groupTies.ts computes them). */
  readonly ties?: readonly DerivedSpec[];
  /** Parameter names: the order of every row's params and stderr. */
  readonly names: readonly string[];
  readonly free: readonly string[];
  /** One row per finished group, in group order (fewer than `total` when cancelled). */
  readonly rows: readonly BatchRow[];
  readonly cancelled: boolean;
  readonly failed: number;
  /** Groups the batch was asked to fit. */
  readonly total: number;
  /** The first groups' data and curves (at most OVERLAY_MAX). */
  readonly overlay: readonly GroupOverlay[];
  /** More groups were fitted than are drawn. */
  readonly overlayCapped: boolean;
  readonly fitMs: number;
}

/** "Global": one joint fit over the picked groups, the `shared` parameters one value for all. */
export interface GlobalFitRequest extends GroupBatchRequest {
  readonly shared: readonly string[];
}

/** The joint fit's iterations (at most 10 messages a second). */
export interface GlobalFitProgress {
  readonly iteration: number;
  readonly cost: number;
  readonly nfev: number;
  /** 'global': the joint fit; 'separate': the per-group fits a comparison needs. */
  readonly phase: 'global' | 'separate';
  /** Groups done in the 'separate' phase (0 in the global one). */
  readonly done: number;
  readonly total: number;
}

/** The global fit as the page shows it: src/fit/global's result and the groups drawn. */
export interface GlobalFitOutcome extends GlobalResult {
  /** The model text the page fitted (as GroupBatchOutcome's; set by state/actions/global.ts). */
  readonly model?: string;
  /** The ties the page fitted with (as GroupBatchOutcome's; set by state/actions/global.ts). */
  readonly ties?: readonly DerivedSpec[];
  /** Groups the fit was asked to take (some may have been left out: see their rows). */
  readonly total: number;
  /** The first groups' data and curves through their global parameters (at most OVERLAY_MAX). */
  readonly overlay: readonly GroupOverlay[];
  readonly overlayCapped: boolean;
}

/** Global versus separate fits (src/fit/compare) with both fits' costs. */
export interface GlobalComparison {
  readonly comparison: FitComparison;
  /** The global fit the comparison is about (the same request gives the same fit). */
  readonly global: GlobalFitOutcome;
  /** Groups whose separate fit failed. */
  readonly separateFailed: number;
}

/** "Mixed effects" (issue 25): the picked groups as a nonlinear mixed-effects model, the `random`
 *  parameters one random effect per group, the other free ones fixed effects. */
export interface MixedFitRequest extends GroupBatchRequest {
  readonly random: readonly string[];
  readonly cov: RandomCov;
  readonly method: MixedMethod;
  /** Also fit this nested random structure and compare the two (the command line's
   *  --compare-random / --compare-random-cov); absent or null: only the global comparison. */
  readonly versus?: RandomStructure | null;
}

/** The mixed-effects fit as the page shows it (src/fit/mixed), its comparison with the global fit,
 *  each group's own fit (the shrinkage plot) and the groups drawn through their mixed-model curves. */
export interface MixedFitOutcome {
  /** The model text the page fitted (set by state/actions/mixed.ts). */
  readonly model?: string;
  readonly mixed: MixedResult;
  /** Against the global fit (likelihood-ratio test, AIC, BIC), then the request's `versus` structure. */
  readonly comparisons: readonly MixedComparison[];
  /** The model's parameter names: the order of every row's params (mixed and separate). */
  readonly names: readonly string[];
  /** Each group fitted on its own, in the groups' order (null: not run). */
  readonly separate: readonly BatchRow[] | null;
  readonly total: number;
  readonly overlay: readonly GroupOverlay[];
  readonly overlayCapped: boolean;
}

/** Profile-likelihood intervals of the last fit (issue 10): one profile per free parameter. */
export interface PageProfile {
  readonly profiles: readonly NamedProfile[];
  readonly warnings: readonly string[];
  /** The profiled fit's fitMs (which fit the profile belongs to, besides the page's own bookkeeping). */
  readonly fitMs: number;
}

/** A second model to compare with the last fit (issue 10), fitted to the same rows. */
export interface ModelCompareRequest {
  readonly model: string;
  /** Parameters of the second model held at a value (the rest start from the start search). */
  readonly fixed: readonly { readonly name: string; readonly value: number }[];
  /** The user states that one model is the other with parameters fixed, where the check on the
   *  formulas cannot tell (the CLI's --nested): the F test then applies. */
  readonly nested?: boolean;
}

export interface PageModelComparison {
  /** The two models' numbers (the last fit first) and the verdict. */
  readonly comparison: ModelComparison;
  /** The second model's fit. */
  readonly second: FitResult;
  readonly model: string;
  /** The compared fit's fitMs (which fit the comparison belongs to). */
  readonly firstFitMs: number;
}

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
