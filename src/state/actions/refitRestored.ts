/**
 * A fit restored from a saved session is the worker's last fit by its result alone: the tools
 * that refit it (profile intervals, the comparison with another model) also need the parameter
 * table and solver options it ran with. They get them by fitting again, silently, from the
 * fitted values with the page's settings and model (ties written in): the solver starts at the
 * optimum and stops at once, and the worker then holds the whole fit. The page's results stay
 * as they are. Only while they describe the page (nothing edited since): otherwise the refit
 * would be another fit, and the user is asked to press Fit.
 */
import { getClient } from '../../client/worker';
import type { FitOutcome, WorkerError } from '../../worker/api';
import { resultsFresh } from '../signature';
import { getState } from '../store';
import { tiedModel } from '../ties';
import { plotRequest } from '../requests/plot';
import { requestParameters } from '../requests/parameters';

/** The worker's codes for "this fit was restored without its table and options". */
export const RESTORED_CODES: ReadonlySet<string> = new Set(['profile-restored', 'compare-restored']);

/** Fits `outcome` again in the worker from its own values; null when done, else why not. */
export async function refitRestored(outcome: FitOutcome): Promise<WorkerError | null> {
  const s = getState();
  if (s.outcome !== outcome || !resultsFresh(s)) {
    return { code: 'stale', message: 'The results no longer describe the parameters on screen: press Fit, then try again.' };
  }
  const status = await getClient().fit({
    model: tiedModel(s).text,
    mapping: s.mapping,
    parameters: requestParameters(outcome.result.parameters),
    settings: { ...s.settings },
    ...plotRequest(s),
  });
  return status.ok ? null : status.error;
}
