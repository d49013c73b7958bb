/**
 * Opening one group of a per-group batch (issue 9: "choosing a group shows its full single-fit
 * results"): the group becomes the page's data (a row filter `column="key"`, or for a wide file
 * its y column), the parameter table takes the start values the batch began that group from, and
 * the ordinary single fit runs, so the page shows everything a single fit shows (parameters with
 * errors and intervals, statistics, residuals) and, from the same start and settings, lands where
 * the batch did. "Back" restores the columns, rows, parameters and last fit that were on screen.
 */
import type { BatchRow } from '../../fit/groupRow';
import type { Mapping } from '../slices/data';
import type { BeforeOpen } from '../slices/batch';
import { updateRow, NO_PARAM_ERRORS } from '../slices/params';
import type { AppState } from '../store';
import { getState, setState } from '../store';
import { getClient } from '../../client/worker';
import { tiedModel } from '../ties';
import { refreshCurve } from './curve';
import { setMapping } from './data';
import { runFit } from './fit';

/** The row filter that keeps one group of a group column (the key quoted as written). */
export function groupFilter(column: string, key: string): string {
  return `${column}="${key}"`;
}

/** The mapping whose data are the group `key`, from the mapping the batch was fitted on. */
function groupMapping(s: AppState, base: Mapping, key: string): Mapping | null {
  if (s.groupWide) {
    // Keys are header texts (names where two headers read alike).
    const column = s.table?.columns.find((c) => c.label === key) ?? s.table?.columns.find((c) => c.name === key);
    return column ? { ...base, y: column.name } : null;
  }
  if (s.groupBy === null) return null;
  const rows = base.rows ?? { where: [], exclude: [] };
  return { ...base, rows: { ...rows, where: [...rows.where, groupFilter(s.groupBy, key)] } };
}

function snapshot(s: AppState): BeforeOpen {
  const { fitStatus, fitCancelled, progress, liveCosts, outcome, fitError, fittedSignature } = s;
  return { mapping: s.mapping, params: s.params, fit: { fitStatus: fitStatus === 'running' ? 'idle' : fitStatus, fitCancelled, progress, liveCosts, outcome, fitError, fittedSignature } };
}

/** The parameter table with the group's start values (bounds and fixed as the batch had them). */
function startRows(s: AppState, names: readonly string[], row: BatchRow) {
  return s.params.map((p) => {
    const v = row.start[names.indexOf(p.name)];
    return p.fixed || v === undefined || !Number.isFinite(v) ? p : updateRow(p, { value: v });
  });
}

/** Opens the group `key` of the batch as a single fit (another group open is swapped for it). */
export async function openGroup(key: string): Promise<void> {
  const s = getState();
  const row = s.batch?.rows.find((r) => r.key === key);
  // While a fit runs its answer would land on the other data: open after it (the buttons wait too).
  if (!s.batch || !row || s.batchStatus === 'running' || s.fitStatus === 'running') return;
  const before = s.batchOpen?.before ?? snapshot(s);
  const mapping = groupMapping(s, before.mapping, key);
  if (!mapping) return;
  setState({
    batchOpen: { key, before },
    params: startRows({ ...s, params: before.params }, s.batch.names, row),
    paramErrors: NO_PARAM_ERRORS,
    outcome: null,
    fittedSignature: null,
    fitStatus: 'idle',
    fitCancelled: false,
    fitError: null,
    progress: null,
    liveCosts: [],
  });
  await setMapping({ ...mapping, rows: mapping.rows });
  if (getState().batchOpen?.key !== key) return;
  await runFit();
}

/**
 * Back to all groups: the page as it was before a group was opened. The fit that comes back is
 * made the worker's last fit again before the page shows it: the report's data, the residual
 * plots and the curve exports are computed there from its last fit, which was the group's
 * (issue 27: the pooled fit's report drew the opened group's rows, and "Fit and residuals" said
 * "Fit first" under a converged card).
 */
export async function closeGroup(): Promise<void> {
  const open = getState().batchOpen;
  if (!open || getState().fitStatus === 'running') return;
  const { mapping, params, fit } = open.before;
  setState({ batchOpen: null, params, paramErrors: NO_PARAM_ERRORS, ...fit, outcome: null, fittedSignature: null });
  // Every field named, so that rows the snapshot lacks (no filters) replace the group's filter.
  await setMapping({ x: mapping.x, y: mapping.y, sigma: mapping.sigma, rows: mapping.rows });
  const outcome = fit.outcome;
  if (!outcome) return;
  const s = getState();
  // Refused only when its rows changed meanwhile: the fit is shown, and its report and curve
  // exports say to fit again (reportExport.ts checks the rows).
  const back = await getClient().restoreFit({ model: tiedModel(s).text, mapping: s.mapping, result: outcome.result, absoluteSigma: s.settings.absoluteSigma, weights: s.settings.weights, poisson: outcome.poisson != null, settings: s.settings });
  if (getState().batchOpen !== null) return;
  // The curve again, with the fit's bands (drawn from the worker's last fit).
  setState({ outcome, fittedSignature: fit.fittedSignature, ...(back.ok ? { curveSignature: null } : {}) });
  if (back.ok) refreshCurve();
}

