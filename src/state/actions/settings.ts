/** Solver settings (loss, tolerances, budget, backend, absolute σ) and the weighting. */
import type { Weighting } from '../../fit/weights';
import type { SolverSettings } from '../../share/types';
import type { AppState } from '../store';
import { getState, setState } from '../store';
import { refreshCurve } from './curve';
import { setMapping } from './data';

export function setSettings(patch: Partial<SolverSettings>): void {
  const s = getState();
  const fitError = s.fitError?.field === 'settings' ? null : s.fitError;
  setState({ settings: { ...s.settings, ...patch }, fitError });
}

/** An ODE model's integration (issue 23): method and tolerances as the CLI takes them (0 < rtol < 1,
 *  atol > 0); a value outside is not taken. A link and a session carry it. */
export function setOde(patch: Partial<AppState['ode']>): void {
  const next = { ...getState().ode, ...patch };
  if (!(next.rtol > 0 && next.rtol < 1) || !(next.atol > 0)) return;
  setState({ ode: next });
}

export function setDragging(dragging: boolean): void {
  if (getState().dragging !== dragging) setState({ dragging });
}

/**
 * Weights from y (or 'sigma': the σ column, else none). A σ column and weights are never both in
 * use (the fit refuses that), so weights drop the σ column; the live χ² is drawn again either way.
 */
export async function setWeights(weights: Weighting): Promise<void> {
  setSettings({ weights });
  if (weights !== 'sigma' && getState().mapping.sigma !== null) await setMapping({ sigma: null });
  else refreshCurve();
}

/** A σ column (or none): weights from y are dropped. */
export async function setSigmaColumn(sigma: string | null): Promise<void> {
  if ((getState().settings.weights ?? 'sigma') !== 'sigma') setSettings({ weights: 'sigma' });
  await setMapping({ sigma });
}

/** The objective (least squares or the Poisson likelihood); the live statistic is drawn again. */
export function setObjective(objective: NonNullable<SolverSettings['objective']>): void {
  setSettings({ objective });
  refreshCurve();
}

/**
 * The σ column of the x column `x` (issue 24; null: x exact). With one, the fit is an
 * errors-in-variables fit (the worker routes it to the job's 'odr' kind); weights from y, which
 * do not run with it, go back to the σ column. The mapping error of a bad σ clears with the pick.
 */
export async function setSigmaXColumn(x: string, column: string | null): Promise<void> {
  const s = getState();
  const sigmaX = { ...(s.mapping.sigmaX ?? {}) };
  if (column === null) delete sigmaX[x];
  else sigmaX[x] = column;
  if (column !== null && (s.settings.weights ?? 'sigma') !== 'sigma') setSettings({ weights: 'sigma' });
  const fitError = s.fitError?.field === 'mapping' ? null : s.fitError;
  if (fitError !== s.fitError) setState({ fitError });
  await setMapping({ sigmaX });
}
