/** What the worker is asked for a mixed-effects fit over the groups of `group` (issue 25). */
import type { MixedFitRequest } from '../../worker/api';
import { effectiveRandom } from '../selectors/groupFits';
import type { AppState } from '../store';
import { tiedModel } from '../ties';
import { requestParameters } from './parameters';

export function mixedFitRequest(s: AppState, group: string): MixedFitRequest {
  // The model with the ties written in, and the rows without the tied parameters (state/ties.ts).
  const tied = tiedModel(s);
  return {
    model: tied.text,
    libraryId: s.libraryId,
    mapping: s.mapping,
    group,
    keys: s.groupPick,
    parameters: requestParameters(tied.params),
    settings: { ...s.settings },
    plotVar: s.plot.plotVar,
    random: effectiveRandom(s),
    cov: s.randomCov,
    method: s.mixedMethod,
  };
}
