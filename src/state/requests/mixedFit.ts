/** What the worker is asked for a mixed-effects fit over the groups of `group` (issue 25). */
import type { RandomStructure } from '../../fit/mixed/likelihoodRatio';
import type { MixedFitRequest } from '../../worker/api';
import { effectiveRandom } from '../selectors/groupFits';
import type { AppState } from '../store';
import { jointFitRequest } from './globalFit';

/** `versus`: also fit that nested random structure and compare (the card's "Compare"). */
export function mixedFitRequest(s: AppState, group: string, versus: RandomStructure | null = null): MixedFitRequest {
  return { ...jointFitRequest(s, group), random: effectiveRandom(s), cov: s.randomCov, method: s.mixedMethod, versus };
}
