/** What the worker is asked for "Fit each group" (issue 9): the page's model over the picked groups. */
import type { GroupBatchRequest } from '../../worker/api';
import type { AppState } from '../store';
import type { TiedModel } from '../ties';
import { requestParameters } from './parameters';

/** `tied`: the model with the ties written in, and the rows without the tied parameters (state/ties.ts). */
export function groupFitsRequest(s: AppState, tied: TiedModel): GroupBatchRequest {
  return {
    model: tied.text,
    libraryId: s.libraryId,
    mapping: s.mapping,
    group: s.groupBy ?? '',
    wide: s.groupWide,
    keys: s.groupPick,
    parameters: requestParameters(tied.params),
    settings: { ...s.settings },
    plotVar: s.plot.plotVar,
    ...(s.modelInfo.ode ? { ode: { ...s.ode } } : {}),
    // The assay card's bootstrap (issue 26): each group's own fit resampled, the same seed for each.
    bootstrap: s.assay.bootstrap ? { kind: s.assay.kind, resamples: s.assay.resamples, seed: s.assay.seed, interval: s.assay.interval } : null,
  };
}
