/**
 * A saved session's solver settings as a fit will take them (issue 27): a setting the fit would
 * refuse (f_scale = −3, ftol = −1: saved by another version, edited, or damaged) would otherwise
 * come back silently and fail every later fit, and f_scale's field is disabled under the linear
 * loss, where it could not even be mended. Each such setting falls back to its default, judged by
 * the rule the fit itself applies (fit/defaults.ts settingsProblem), and the restore notice says so.
 */
import { CHECKED_SETTINGS, settingsProblem, type CheckedSetting } from '../../fit/defaults';
import type { SolverSettings } from '../../share/types';
import { DEFAULT_SETTINGS } from '../slices/settings';

const TOLERANCES = ['ftol', 'xtol', 'gtol'] as const;

/** `settings` with every setting a fit would refuse at its default, and the notice saying which (null when none was). */
export function restorableSettings(settings: SolverSettings): { readonly settings: SolverSettings; readonly note: string | null } {
  const reset: CheckedSetting[] = [];
  const out: Record<string, unknown> = { ...settings };
  for (const key of Object.keys(CHECKED_SETTINGS) as CheckedSetting[]) {
    if (settingsProblem({ [key]: settings[key] }) === null) continue;
    out[key] = DEFAULT_SETTINGS[key];
    reset.push(key);
  }
  // Each tolerance in range, but all three below machine epsilon: no test could stop the fit.
  const checked = out as unknown as SolverSettings;
  if (settingsProblem({ ftol: checked.ftol, xtol: checked.xtol, gtol: checked.gtol }) !== null) {
    for (const key of TOLERANCES) {
      out[key] = DEFAULT_SETTINGS[key];
      if (!reset.includes(key)) reset.push(key);
    }
  }
  if (reset.length === 0) return { settings, note: null };
  const said = reset.map((key) => `${CHECKED_SETTINGS[key]} ${String(settings[key])} → ${String(DEFAULT_SETTINGS[key] ?? 'default')}`).join(', ');
  return {
    settings: out as unknown as SolverSettings,
    note: `The saved solver options had ${reset.length === 1 ? 'a setting' : 'settings'} no fit accepts, reset to the default${reset.length === 1 ? '' : 's'}: ${said} (Solver options).`,
  };
}
