/**
 * Where the exported script and command start (issue 13): they say they repeat the fit, so they
 * start where the fit started, not at its answer. After Fit the parameter rows hold the fitted
 * values; while they still do (nothing edited since: the fit's signature matches the page), the
 * spec's values are the fit's start values (FitResult's `start`: the values on the page when Fit
 * was pressed, or the automatic start the fit found), and the page's fitted values come along for
 * the script to print beside its own. Otherwise the rows are the user's own start values, as is.
 *
 * Group fits ("Fit each group", global fits) never write their results into the rows, so a spec
 * with groups starts from the rows as they are: exactly where the page's group fits started.
 */
import type { FitSpec } from '../../share/types';
import type { AppState } from '../../state';
import { resultsFresh } from '../../state/signature';

export interface StartSpec {
  readonly spec: FitSpec;
  /** The page's fitted values (name, value) when the spec starts at the fit's start; else null. */
  readonly pageFit: readonly { readonly name: string; readonly value: number }[] | null;
}

export function startSpec(s: Pick<AppState, 'outcome' | 'fittedSignature' | 'modelText' | 'mapping' | 'params' | 'ties' | 'settings'>, spec: FitSpec): StartSpec {
  const result = s.outcome?.result;
  if (spec.groups || !result || !resultsFresh(s)) return { spec, pageFit: null };
  const fitted = new Map(result.parameters.map((p) => [p.name, p]));
  const parameters = spec.parameters.map((row) => {
    const start = fitted.get(row.name)?.start;
    return !row.fixed && start !== undefined && Number.isFinite(start) ? { ...row, value: start } : row;
  });
  const pageFit = result.parameters.filter((p) => !p.fixed && Number.isFinite(p.value)).map((p) => ({ name: p.name, value: p.value }));
  return { spec: { ...spec, parameters }, pageFit };
}
