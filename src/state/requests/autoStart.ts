/** What the worker is asked for a start search (issue 11) on the page as it is. */
import type { AutoStartRequest } from '../../worker/api';
import type { AppState } from '../store';
import type { TiedModel } from '../ties';
import { requestParameters } from './parameters';

/** `tied`: the model with the ties written in, and the rows without the tied parameters
 *  (state/ties.ts); `keepGiven`: the values on screen are refined as one more candidate. */
export function autoStartRequest(s: AppState, tied: TiedModel, keepGiven: boolean): AutoStartRequest {
  return {
    model: tied.text,
    mapping: s.mapping,
    parameters: requestParameters(tied.params),
    settings: { ...s.settings },
    keepGiven,
  };
}
