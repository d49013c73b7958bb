/**
 * The Export menu's items, in groups, and when each is available: the results and curves need a
 * fit whose results still describe the page; the plot needs data; the script and the command need
 * data and a model that compiles. Pure (state in, reasons out), so it is tested without a page.
 */
import type { AppState } from '../../state';
import { shareBlocker } from '../../state/shareSpec';
import { resultsFresh } from '../../state/signature';
import { fitScope, fitScopeName } from '../../state/fitScope';
import { isOdeModel } from '../../model/index';

export type ExportId = 'data-csv' | 'results-json' | 'parameters-csv' | 'covariance-csv' | 'correlation-csv' | 'statistics-csv' | 'unknowns-csv' | 'points-csv' | 'grid-csv' | 'plot-png' | 'plot-svg' | 'python' | 'cli' | 'report-html';

export interface ExportItem {
  readonly id: ExportId;
  readonly label: string;
  /** What the item gives: a file extension, or "copy". */
  readonly tag: string;
}

export interface ExportGroup {
  readonly title: string;
  readonly items: readonly ExportItem[];
}

/** The Python item's words: what the script calls (an ODE model's integrates inside least_squares, src/export/python/odeScript.ts). */
export const pythonExportLabel = (s: Pick<AppState, 'modelText'> & Partial<Pick<AppState, 'groupBy' | 'groupMode' | 'groupWide'>>): string =>
  // A mixed-effects fit over groups is exported as R's nlme (issue 25).
  s.groupBy != null && !s.groupWide && s.groupMode === 'mixed' ? 'R script (nlme)' : isOdeModel(s.modelText) ? 'Python script (scipy solve_ivp in least_squares)' : 'Python script (scipy curve_fit)';

export const EXPORT_GROUPS: readonly ExportGroup[] = [
  {
    title: 'Results',
    items: [
      { id: 'results-json', label: 'Parameters, covariance and statistics', tag: 'JSON' },
      { id: 'parameters-csv', label: 'Parameters with errors and intervals', tag: 'CSV' },
      { id: 'covariance-csv', label: 'Covariance matrix', tag: 'CSV' },
      { id: 'correlation-csv', label: 'Correlation matrix', tag: 'CSV' },
      { id: 'statistics-csv', label: 'Statistics (χ², R², AIC, BIC…)', tag: 'CSV' },
      { id: 'unknowns-csv', label: 'Unknowns read off the curve (x̂ and intervals)', tag: 'CSV' },
    ],
  },
  {
    title: 'Report',
    items: [{ id: 'report-html', label: 'Printable fit report (model, data, parameters, statistics, diagnostics, plots)', tag: 'HTML' }],
  },
  {
    title: 'Curves',
    items: [
      { id: 'points-csv', label: 'Fit and residuals at the data points', tag: 'CSV' },
      { id: 'grid-csv', label: 'Fitted curve with bands on the plot grid', tag: 'CSV' },
    ],
  },
  {
    title: 'Data',
    items: [{ id: 'data-csv', label: 'The columns and rows the fit uses', tag: 'CSV' }],
  },
  {
    title: 'Plot',
    items: [
      { id: 'plot-png', label: 'Plot as PNG image', tag: 'PNG' },
      { id: 'plot-svg', label: 'Plot as SVG vector image', tag: 'SVG' },
    ],
  },
  {
    title: 'Code',
    items: [
      { id: 'python', label: 'Python script (scipy curve_fit)', tag: 'PY' },
      { id: 'cli', label: 'fitbench command line', tag: 'Copy' },
    ],
  },
];

/** Why a grouped ODE page has no script (the refusal the menu shows on the script item). */
export const GROUPED_ODE_SCRIPT = 'No script fits an ODE model by group yet (the Python script integrates one data set; the R nlme script takes a closed-form model): copy the command line, which runs this group fit, or open one group to export its script.';

/** Why the page has nothing to export at all, or null. */
export function exportBlocker(s: AppState): string | null {
  if (!s.table) return 'Load data and fit to export.';
  return null;
}

/** For each item, why it is unavailable now, or null when it is available. */
export function exportAvailability(s: AppState): Record<ExportId, string | null> {
  const none = exportBlocker(s);
  const spec = none ?? shareBlocker(s);
  let fit: string | null = none;
  if (fit === null) {
    if (s.fitStatus === 'running') fit = 'Wait for the fit to finish.';
    else if (!s.outcome) fit = 'Fit first: there are no results to export yet.';
    else if (!resultsFresh(s)) fit = 'The results are out of date (the model, data, parameters or fit settings changed): fit again to export them.';
  }
  const grid = fit ?? (s.curve?.kind === 'points' ? 'The model depends on more than the plotted variable, so there is no single curve to put on a grid: export the fit at the data points.' : null);
  const plot = none ?? (s.selection ? null : 'Choose the columns to plot first.');
  const everyFixed = s.params.length > 0 && s.params.every((p) => p.fixed);
  // Grouped ODE fits (issues 23, 25) have no script yet: the scipy script integrates one data set
  // (export/python/odeScript.ts) and the nlme script needs a closed-form model (deSolve inside
  // nlme is not written). The command line runs the same group fit, and an opened group's single
  // fit keeps its script.
  const odeGroups = s.modelInfo.ode && s.groupBy !== null && fitScope(s).kind !== 'group';
  const script = odeGroups ? GROUPED_ODE_SCRIPT : everyFixed ? 'Every parameter is fixed: the script needs at least one free parameter to fit.' : null;
  return {
    'results-json': fit,
    'report-html': fit,
    'parameters-csv': fit,
    'covariance-csv': fit,
    'correlation-csv': fit,
    'statistics-csv': fit,
    'unknowns-csv': fit ?? (s.outcome?.assay?.interpolated ? null : 'Switch on "Interpolate unknowns" (Assay) and fit: this fit read no unknowns off its curve.'),
    'points-csv': fit,
    'grid-csv': grid,
    'data-csv': plot,
    'plot-png': plot,
    'plot-svg': plot,
    python: spec ?? script,
    cli: spec,
  };
}

/**
 * Which fit the menu's items describe, when the data hold groups (issue 27), or null: an opened
 * group's fit for every item; otherwise the results, report and curves are the pooled fit on the
 * results card and the script and command are the group fit (each group, or the global fit).
 */
export function exportScopeNote(s: AppState): string | null {
  const scope = fitScope(s);
  if (scope.kind === 'rows') return null;
  if (scope.kind === 'group') return `Every item describes the fit of ${fitScopeName(scope)} alone.`;
  const groupFit = s.groupMode === 'global' ? `the global fit over every ${scope.groups}` : s.groupMode === 'mixed' ? `the mixed-effects fit over every ${scope.groups} (the script in R's nlme)` : `the fits of each ${scope.groups}`;
  return `Results, report and curves: the fit of all rows, ${fitScopeName(scope)}. Script and command: ${groupFit}.`;
}
