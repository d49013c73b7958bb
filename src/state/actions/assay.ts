/**
 * The assay switches (issue 26): unknowns, "Predict at x", ROUT, bootstrap. They are part of what a
 * fit depends on (signature.ts), so changing one marks the results stale; an assay error shown
 * under the controls goes once the user changes them. "Put back" keeps a ROUT outlier in the fit
 * (AssaySettings.keep, by file line) and fits again.
 */
import type { AssaySettings } from '../../share/types';
import { getState, setState } from '../store';
import { runFit } from './fit';

export function setAssay(patch: Partial<AssaySettings>): void {
  const s = getState();
  const fitError = s.fitError?.field === 'assay' ? null : s.fitError;
  setState({ assay: { ...s.assay, ...patch }, fitError });
}

/** Keep the outlier on file line `line` in the fit (ROUT never flags it again) and fit again. */
export async function putBackOutlier(line: number): Promise<void> {
  const keep = getState().assay.keep;
  if (!keep.includes(line)) setAssay({ keep: [...keep, line].sort((a, b) => a - b) });
  await runFit();
}

/** Let ROUT judge every point again (the lines put back are forgotten) and fit again. */
export async function forgetPutBack(): Promise<void> {
  setAssay({ keep: [] });
  await runFit();
}
