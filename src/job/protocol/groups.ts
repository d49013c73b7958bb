/**
 * Grouped fit jobs as the page asks for them (the job's `groups` source and mode, src/job/groups.ts):
 * each picked group on its own, or one global fit with shared parameters, and a comparison of the
 * two; their progress and outcomes with the groups drawn (plot/shapes GroupOverlay).
 */
import type { DerivedSpec } from '../../fit/derived';
import type { OdeIntegration } from '../../fit/ode';
import type { FitComparison } from '../../fit/compare/compareFits';
import type { GlobalResult } from '../../fit/global/types';
import type { BatchRow } from '../../fit/groupRow';
import type { GroupOverlay } from '../../plot/shapes';
import type { AssaySettings, ParameterRow, SolverSettings } from '../../share/types';
import type { GroupBootstrap } from './groupBootstrap';
import type { DataMapping } from './request';

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
  /** The assay card's bootstrap (issue 26; "Fit each group" only): each group's own fit resampled
   *  with the same seed (src/job/steps/groupAssay.ts); absent or off: none. */
  readonly bootstrap?: Pick<AssaySettings, 'kind' | 'resamples' | 'seed' | 'interval'> | null;
  /** An ODE model's integration (issue 23; absent: the defaults, as the command line's). */
  readonly ode?: OdeIntegration;
}

export interface GroupBatchProgress {
  readonly done: number;
  readonly total: number;
  readonly failed: number;
  /** The bootstrap after the fits: resamples done of all groups' (absent: fitting). */
  readonly bootstrap?: { readonly done: number; readonly total: number };
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
  /** Each row's bootstrap intervals, in the rows' order (null: not fitted, or cancelled first);
   *  absent: not asked for. */
  readonly bootstrap?: readonly (GroupBootstrap | null)[];
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
