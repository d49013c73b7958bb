/** Selectors of the group fits (issue 9): whether the worker's one fit slot is taken, and the
 *  shared parameters a global fit takes. */
import type { AppState } from '../store';
import { tiedModel } from '../ties';

/** A fit of any kind is running (they share the worker's one fit slot and its cancel). */
export function anyFitRunning(s: AppState): boolean {
  return s.fitStatus === 'running' || s.batchStatus === 'running' || s.globalStatus === 'running' || s.comparisonStatus === 'running';
}

/** The shared parameters a global fit takes: marked, in the model, and free (a fixed one is
 *  already the same in every group). */
export function effectiveShared(s: AppState): string[] {
  return tiedModel(s).params.filter((p) => !p.fixed && s.sharedParams.includes(p.name)).map((p) => p.name);
}
