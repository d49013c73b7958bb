/** Selectors of the group fits (issue 9): whether the worker's one fit slot is taken, and the
 *  shared parameters a global fit takes. */
import type { AppState } from '../store';
import { tiedModel } from '../ties';

/** A fit of any kind is running (they share the worker's one fit slot and its cancel). */
export function anyFitRunning(s: AppState): boolean {
  return s.fitStatus === 'running' || s.batchStatus === 'running' || s.globalStatus === 'running' || s.comparisonStatus === 'running' || s.mixedStatus === 'running';
}

/** The random parameters a mixed-effects fit takes: marked, in the model, and free. */
export function effectiveRandom(s: AppState): string[] {
  return tiedModel(s).params.filter((p) => !p.fixed && s.randomParams.includes(p.name)).map((p) => p.name);
}

/** The shared parameters a global fit takes: marked, in the model, and free (a fixed one is
 *  already the same in every group). */
export function effectiveShared(s: AppState): string[] {
  return tiedModel(s).params.filter((p) => !p.fixed && s.sharedParams.includes(p.name)).map((p) => p.name);
}

/**
 * Why group results on screen no longer describe the page's model, or null: the model does not
 * parse, or it is not the text they were fitted with (issue 27: an invalid model left the old group
 * table unmarked). Results saved before the model was recorded with them are taken as current.
 */
export function groupResultsStale(s: Pick<AppState, 'modelText' | 'modelInfo'>, fittedModel: string | undefined): string | null {
  if (s.modelInfo.error) return `The model does not parse (${s.modelInfo.error.message}); these results are of the last fits${fittedModel ? ` of ${fittedModel}` : ''}.`;
  if (fittedModel !== undefined && fittedModel.trim() !== s.modelText.trim()) return `The model changed since these fits; they describe ${fittedModel}. Fit again to update them.`;
  return null;
}

/**
 * The group table's word on the assay card's ROUT (issue 26), or null with ROUT off: "Fit each
 * group" fits every group on all its rows, so the page says where ROUT runs (a group opened on its
 * own, the single fit; per group, the CLI's --group --outliers rout, which refuses a wide file).
 */
export function groupRoutNote(s: Pick<AppState, 'assay' | 'groupWide' | 'groupBy'>): string | null {
  if (!s.assay.rout) return null;
  const column = s.groupBy ?? 'group';
  const cli = s.groupWide ? '' : `, or flag each group's outliers on the command line with --group ${column} --outliers rout`;
  return `ROUT does not run here: each group above is fitted on all its rows. Open a ${column} to run ROUT on its rows${cli}.`;
}
