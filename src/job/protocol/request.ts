/**
 * What the page asks of a fit (the job's request before it is a FitJob): the columns with the rows
 * they apply to, the parameter table and the solver settings. The worker resolves it into a FitJob
 * (worker/fitJob.ts); src/state builds it (state/requests). It is plain data, structured-clone
 * friendly, so it crosses the worker boundary as is.
 */
import type { AssaySettings, ColumnMapping, OdeSettings, ParameterRow, RowSpec, SolverSettings } from '../../share/types';
import type { PlotRequest } from '../../plot/shapes';
import type { Weighting } from '../../fit/weights';

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

/** The model drawn at given parameter values over the selection (interactive tuning). */
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
