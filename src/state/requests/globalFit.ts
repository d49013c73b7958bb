/** What the worker is asked for a global fit over the groups of `group` (issue 9), and for its
 *  comparison with separate fits. */
import type { GlobalFitRequest, GroupBatchRequest } from '../../worker/api';
import { effectiveShared } from '../selectors/groupFits';
import type { AppState } from '../store';
import { tiedModel } from '../ties';
import { requestParameters } from './parameters';

/** What a joint fit over the groups of `group` is asked for, global or mixed (mixedFit.ts): the page's model over the picked groups. */
export function jointFitRequest(s: AppState, group: string): GroupBatchRequest {
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
    ...(s.modelInfo.ode ? { ode: { ...s.ode } } : {}),
  };
}

export function globalFitRequest(s: AppState, group: string): GlobalFitRequest {
  return { ...jointFitRequest(s, group), shared: effectiveShared(s) };
}
