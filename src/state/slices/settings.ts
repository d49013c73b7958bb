/** Settings slice: the solver options (the FitSpec's SolverSettings) and how the plot draws. */
import { DEFAULTS } from '../../fit/defaults';
import { ODE_DEFAULTS } from '../../fit/ode/odeDefaults';
import type { AssaySettings, OdeSettings, SolverSettings } from '../../share/types';
import { DEFAULT_ASSAY } from '../../share/assay';

export interface PlotSettings {
  /** Index into mapping.x of the variable on the x axis. */
  readonly plotVar: number;
  readonly logX: boolean;
  readonly logY: boolean;
  readonly showConfidence: boolean;
  readonly showPrediction: boolean;
  /** After an errors-in-variables fit (issue 24): each point's segment to where the fit moved it
   *  on the curve. Absent in sessions saved before it: off. */
  readonly showProjections?: boolean;
}

export interface SettingsSlice {
  readonly settings: SolverSettings;
  readonly plot: PlotSettings;
  /** How an ODE model is integrated (issue 23; a link carries it): the CLI's defaults unless a
   *  link or session brought others. */
  readonly ode: OdeSettings;
  /** The assay workflow's switches (issue 26): unknowns, predictions, ROUT, bootstrap; a link carries them. */
  readonly assay: AssaySettings;
}

export const DEFAULT_SETTINGS: SolverSettings = {
  loss: DEFAULTS.loss,
  fScale: DEFAULTS.fScale,
  ftol: DEFAULTS.ftol,
  xtol: DEFAULTS.xtol,
  gtol: DEFAULTS.gtol,
  maxNfev: null,
  xScale: DEFAULTS.xScale,
  method: DEFAULTS.method,
  backend: 'auto',
  absoluteSigma: DEFAULTS.absoluteSigma,
};

export const DEFAULT_PLOT: PlotSettings = { plotVar: 0, logX: false, logY: false, showConfidence: true, showPrediction: false };

export const initialSettings: SettingsSlice = { settings: DEFAULT_SETTINGS, plot: DEFAULT_PLOT, ode: ODE_DEFAULTS, assay: DEFAULT_ASSAY };

/** Log x by default when x is positive and spans more than three decades (dose-response data). */
export function prefersLogX(min: number, max: number): boolean {
  return min > 0 && max / min > 1e3;
}

/** Whether the points are weighted: a σ column, or weights from y (1/y, 1/y², Poisson). The
 *  results then say χ² rather than RSS, and "absolute σ" applies. */
export function isWeighted(s: { readonly mapping: { readonly sigma: string | null }; readonly settings: SolverSettings }): boolean {
  return s.mapping.sigma !== null || (s.settings.weights ?? 'sigma') !== 'sigma';
}
