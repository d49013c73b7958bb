/** What the worker is asked for a global fit over the groups of `group` (issue 9), and for its
 *  comparison with separate fits. */
import type { GlobalFitRequest } from '../../worker/api';
import { effectiveShared } from '../selectors/groupFits';
import type { AppState } from '../store';
import { tiedModel } from '../ties';
import { requestParameters } from './parameters';

export function globalFitRequest(s: AppState, group: string): GlobalFitRequest {
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
    shared: effectiveShared(s),
  };
}
