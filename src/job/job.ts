/**
 * The fit job (issue 22): one plain-data description of a fit, the same for the page, the CLI and
 * the programmatic API. An adapter turns its request (argv, a worker message, API options) into a
 * job; `validateJob` checks it once (validate.ts); `runJob` runs it as a script of named steps
 * (run.ts) over a host (host.ts). Fields are resolved: defaults are filled in by the adapter that
 * knows them, not merged again downstream.
 */
import type { DataGroup, FitData } from '../data';
import type { DerivedSpec } from '../fit/derived';
import type { FitOptions } from '../fit/defaults';
import type { ParameterSpec } from '../fit/parameters';
import type { StreamedRows } from '../fit/stream/streamedRows';
import type { OdeFitData, OdeIntegration } from '../fit/ode';
import type { CompiledModel, CompiledOde } from '../model';
import type { DataDigest } from '../store/checkpointSubject';
import type { CompareModel } from './compare';
import type { JobGroups } from './groups';
import type { JobAssay } from './steps/assay';

/** Where the residual passes run: the host decides within this request (host.ts, `backend`). */
export type BackendRequest = 'auto' | 'cpu' | 'gpu';

/** What is minimised: least squares (with the options' loss and weights), or the Poisson deviance. */
export type Objective = 'least-squares' | 'poisson';

/**
 * The rows of the fit, with the model compiled against the source's column names (ties already
 * substituted). `memory`: the selected columns. `stream` (issue 12): chunks read by every pass
 * (src/fit/stream), `rows` of them, fingerprinted by the usable cells' digest as they were stored
 * (null: not checkpointable); streaming is a kind of source, not a second script (issue 22).
 * `groups`: the rows split into groups, each fitted as the job's `groups` mode says (groups.ts).
 * `ode` (issue 23): a model of differential equations (statements compiled by compileOde), each
 * observed column with its times, and the integration's method and tolerances.
 */
export type JobData =
  | { readonly kind: 'memory'; readonly model: CompiledModel; readonly data: FitData }
  | { readonly kind: 'stream'; readonly model: CompiledModel; readonly rows: number; readonly streamed: StreamedRows; readonly digest: DataDigest | null }
  | { readonly kind: 'groups'; readonly model: CompiledModel; readonly groups: readonly DataGroup[] }
  | OdeJobData
  | OdeGroupsJobData
  | OdrJobData
  | OdrGroupsJobData;

export interface OdeJobData {
  readonly kind: 'ode';
  readonly model: CompiledOde;
  readonly data: OdeFitData;
  readonly integration: OdeIntegration;
}

/**
 * An ODE model's rows split into groups (issue 23), each group's observations fitted on its own
 * (steps/odeGroups.ts; the job's `groups` mode is per-group).
 */
export interface OdeGroupsJobData {
  readonly kind: 'ode-groups';
  readonly model: CompiledOde;
  readonly groups: readonly { readonly key: string; readonly data: OdeFitData }[];
  readonly integration: OdeIntegration;
}

/**
 * Errors in both variables (issue 24, fit/odr): the model's columns, each with its σ where it is
 * measured with error, y with its σ (explicit), or an implicit model's equation g = 0 over columns
 * that are all observed (`implicit`, y null). Each row's line in the file names it in messages.
 */
export interface OdrJobData {
  readonly kind: 'odr';
  readonly model: CompiledModel;
  readonly implicit: boolean;
  /** One column per model variable (model order). */
  readonly vars: readonly Float64Array[];
  readonly y: Float64Array | null;
  readonly sigmaY: Float64Array | null;
  /** σ per model variable (model order); null: that column is exact (explicit) or has unit weights (implicit). */
  readonly sigmaX: readonly (Float64Array | null)[];
  readonly lines: ArrayLike<number> | null;
}

/** One group's columns of an errors-in-x fit: an OdrJobData without the model it shares. */
export type OdrRows = Omit<OdrJobData, 'kind' | 'model' | 'implicit'>;

/**
 * An errors-in-x job's columns from a selection of rows, as the CLI and the page both assemble
 * them: each model variable's column (`column`, by name) and its σ (`sigmaX`, null: exact), and
 * y with its σ unless the model is an implicit equation (all its columns are observed).
 */
export function odrRowsOf(selected: { readonly y: Float64Array; readonly sigma: Float64Array | null; readonly lines: ArrayLike<number> }, variables: readonly string[], implicit: boolean, column: (name: string) => Float64Array, sigmaX: (variable: string, i: number) => Float64Array | null): OdrRows {
  return { vars: variables.map(column), y: implicit ? null : selected.y, sigmaY: implicit ? null : selected.sigma, sigmaX: variables.map(sigmaX), lines: selected.lines };
}

/**
 * Errors in both variables over groups (issue 24), one model for all: with the job's `groups` mode
 * per-group each group's columns fitted by its own ODR fit (steps/odrGroups.ts), with 'global' one
 * ODR fit of all groups with the shared parameters common (steps/odrGlobal.ts; explicit models).
 */
export interface OdrGroupsJobData {
  readonly kind: 'odr-groups';
  readonly model: CompiledModel;
  readonly implicit: boolean;
  readonly groups: readonly { readonly key: string; readonly data: OdrRows }[];
}

/** The rows a job fits (an ODE job: its observations, every response's rows together). */
export const jobRows = (data: JobData): number =>
  data.kind === 'memory' ? data.data.rows
    : data.kind === 'stream' ? data.rows
      : data.kind === 'ode' ? data.data.observed.reduce((sum, o) => sum + o.y.length, 0)
        : data.kind === 'ode-groups' ? data.groups.reduce((n, g) => n + g.data.observed.reduce((sum, o) => sum + o.y.length, 0), 0)
        : data.kind === 'odr' ? (data.vars[0]?.length ?? 0)
        : data.kind === 'odr-groups' ? data.groups.reduce((n, g) => n + (g.data.vars[0]?.length ?? 0), 0)
        : data.groups.reduce((n, g) => n + g.data.rows, 0);

/** The automatic start search: runs when a free parameter has no start, or when `always` (--starts given). */
export interface StartSearch {
  readonly always: boolean;
  /** Candidates (null: src/start's default). */
  readonly starts: number | null;
  readonly seed: number;
}

/** Checkpointing of the main phase: whether to resume from the host's store (host.ts, `checkpoints`). */
export interface JobCheckpoint {
  readonly resume: boolean;
}

export interface FitJob {
  /** The model as written (before ties), which a checkpoint is saved for. */
  readonly model: string;
  /** Parameters defined by the others (substituted in `data.model`; reported with their errors). */
  readonly ties: readonly DerivedSpec[];
  readonly data: JobData;
  /** One row per model parameter: start value (null: searched), bounds, fixed. */
  readonly parameters: readonly ParameterSpec[];
  readonly options: FitOptions;
  readonly objective: Objective;
  /** Variable projection first (the linear parameters eliminated), then the full fit. */
  readonly varpro: boolean;
  readonly start: StartSearch;
  /** Reported intervals: Wald (± t·se) or profile likelihood. */
  readonly intervals: 'wald' | 'profile';
  /** Quantities of the fitted parameters with delta-method errors. */
  readonly derive: readonly DerivedSpec[];
  readonly checkpoint: JobCheckpoint | null;
  readonly backend: BackendRequest;
  /** Worker threads for the float64 passes and the start scoring (null: the host's rule). */
  readonly workers: number | null;
  /** Per-group or global fits of a `groups` source (groups.ts, run by groupRun.ts); absent: one fit. */
  readonly groups?: JobGroups;
  /** Issue 26: ROUT outliers, unknowns read off the curve, predictions (steps/assay.ts); absent: none. */
  readonly assay?: JobAssay | null;
  /** A second model fitted to the same rows after the fit, and compared with it (compare.ts); absent: none. */
  readonly compareModel?: CompareModel;
}

/** Free parameters without a start value: the start search finds them. */
export const searchedParameters = (job: Pick<FitJob, 'parameters'>): string[] => job.parameters.filter((p) => !p.fixed && (p.value === null || p.value === undefined)).map((p) => p.name);

/** Whether the start search runs: a start is missing, or it was asked for. */
export const runsStartSearch = (job: Pick<FitJob, 'parameters' | 'start'>): boolean => job.start.always || searchedParameters(job).length > 0;
