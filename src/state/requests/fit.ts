/** What the worker is asked to fit: the page as it is (the request of a fit, and of a checkpoint's comparison). */
import type { FitRequest } from '../../worker/api';
import { checkpointKey } from '../sessions/record';
import type { AppState } from '../store';
import { tiedModel } from '../ties';
import { requestParameters } from './parameters';
import { plotRequest } from './plot';
import { assayOn } from '../../share/assay';

export function fitRequest(s: AppState, resume = false): FitRequest {
  // The model with the ties written in, and the rows without the tied parameters (state/ties.ts).
  const tied = tiedModel(s);
  return {
    model: tied.text,
    mapping: s.mapping,
    parameters: requestParameters(tied.params),
    settings: { ...s.settings },
    ...plotRequest(s),
    // The fit saves its state under its session as it runs (issue 12), so a reload can resume it.
    checkpoint: s.sessionId !== null ? { key: checkpointKey(s.sessionId), resume } : null,
    ...(s.modelInfo.ode ? { ode: { ...s.ode } } : {}),
    // The assay steps (issue 26) run in the same job when a switch is on.
    ...(assayOn(s.assay) ? { assay: { ...s.assay, keep: [...s.assay.keep] } } : {}),
  };
}
