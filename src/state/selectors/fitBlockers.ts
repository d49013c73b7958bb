/**
 * What stops a fit before it starts, read off the page (pure selectors): the single fit's
 * preflight, the group fits' objective, and a link's fit nobody asked for. The actions that
 * start fits (actions/fit, batch, global, startSearch, link) ask these; none of them decides.
 */
import type { WorkerError } from '../../worker/api';
import { linkMayAutoFit } from '../../job/browser/limits';
import { clashMessage } from '../../job/validate';
import type { AppState } from '../store';
import { tieBlocker, tiedModel } from '../ties';

/** What stops a fit before it starts, said next to the control it concerns. */
export function preflight(s: AppState): WorkerError | null {
  const reading = loadingBlocker(s);
  if (reading) return { code: 'loading', message: reading, field: 'data' };
  if (!s.table) return { code: 'no-data', message: 'Load data first: drop a CSV, paste from a spreadsheet, or try a sample.', field: 'data' };
  if (s.selectionError) return s.selectionError;
  if (!s.selection) return { code: 'no-data', message: 'Choose the x and y columns.', field: 'mapping' };
  if (s.modelText.trim() === '') return { code: 'no-model', message: 'Write a model or pick one from the library.', field: 'model' };
  if (s.modelInfo.error) return { code: s.modelInfo.error.code, message: s.modelInfo.error.message, field: 'model' };
  // A model in none of the x columns was written for other data (t after loading a file whose x
  // is time): fitted, every name would be a constant and the "fit" would converge to nonsense.
  if (s.modelInfo.variables.length === 0 && s.mapping.x.length > 0) {
    const x = s.mapping.x.join(', ');
    return { code: 'no-variable', message: `The model uses none of the x columns (${x}): it was written for other data. Write it in terms of ${s.mapping.x[0]}, or choose the x column it uses.`, field: 'model' };
  }
  return tieBlocker(s);
}

/**
 * Why Fit waits while other data are being read (issue 27, item 12): the rows in the worker are
 * still the earlier data's, so a fit then refitted them and its result was dropped without a word
 * when the new table arrived. Fit (and the group fits) are off until the table is in; null: none.
 */
export function loadingBlocker(s: Pick<AppState, 'loading'>): string | null {
  return s.loading ? `Reading ${s.loading.name}: Fit once it is loaded (the worker still holds the earlier data).` : null;
}

/**
 * Group fits (each group, global, mixed) are least-squares fits: the Poisson objective stops them.
 * With σx columns each group and the global fit run with errors in x (src/job/steps/odrGroups.ts,
 * odrGlobal.ts, as the command line's --sigma-x --group); mixed effects do not (the job's clash
 * 'odr-groups-mixed'), said before the fit rather than fitting the groups as if x were exact.
 */
export function groupObjectiveBlocker(s: AppState): WorkerError | null {
  if (s.settings.objective === 'poisson') return { code: 'poisson-groups', message: 'Group fits are least-squares fits: choose least squares under Solver options › Objective to fit each group or globally (the Poisson likelihood fits one dataset).', field: 'settings' };
  return null;
}

/** A mixed-effects fit's blocker with a σx column (the job's clash 'odr-groups-mixed'), or null. */
export function mixedOdrError(s: Pick<AppState, 'mapping'>): WorkerError | null {
  const reason = odrMixedBlocker(s);
  return reason ? { code: 'odr-groups-mixed', message: reason, field: 'mapping' } : null;
}

/** Why "Mixed effects" is off with a σx column (the job's clash 'odr-groups-mixed'), or null. */
export function odrMixedBlocker(s: Pick<AppState, 'mapping'>): string | null {
  const sigmaX = s.mapping.sigmaX ?? {};
  return s.mapping.x.some((x) => sigmaX[x]) ? clashMessage('odr-groups-mixed') : null;
}

/** Why a fit that nobody asked for (a link's) waits for a click on Fit, or null when it may run. */
export function autoFitBlocker(s: AppState): string | null {
  const rows = s.selection?.rows ?? 0;
  const free = tiedModel(s).params.filter((p) => !p.fixed).length;
  if (linkMayAutoFit(rows, free)) return null;
  return `The fit is large (${rows.toLocaleString('en-US')} rows × ${free.toLocaleString('en-US')} free parameters), so it was not started: press Fit to run it.`;
}
