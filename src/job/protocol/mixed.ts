/**
 * A grouped job in the 'mixed' mode (issue 25; src/fit/mixed) as the page asks for it and shows it.
 */
import type { RandomStructure } from '../../fit/mixed/likelihoodRatio';
import type { BatchRow } from '../../fit/groupRow';
import type { MixedComparison } from '../../fit/mixed/compareMixed';
import type { RandomCov } from '../../fit/mixed/precisionFactor';
import type { MixedMethod } from '../../fit/mixed/profiledLogLik';
import type { MixedResult } from '../../fit/mixed/types';
import type { GroupOverlay } from '../../plot/shapes';
import type { GroupBatchRequest } from './groups';

/** "Mixed effects" (issue 25): the picked groups as a nonlinear mixed-effects model, the `random`
 *  parameters one random effect per group, the other free ones fixed effects. */
export interface MixedFitRequest extends GroupBatchRequest {
  readonly random: readonly string[];
  readonly cov: RandomCov;
  readonly method: MixedMethod;
  /** Also fit this nested random structure and compare the two (the command line's
   *  --compare-random / --compare-random-cov); absent or null: only the global comparison. */
  readonly versus?: RandomStructure | null;
}

/** The mixed-effects fit as the page shows it (src/fit/mixed), its comparison with the global fit,
 *  each group's own fit (the shrinkage plot) and the groups drawn through their mixed-model curves. */
export interface MixedFitOutcome {
  /** The model text the page fitted (set by state/actions/mixed.ts). */
  readonly model?: string;
  readonly mixed: MixedResult;
  /** Against the global fit (likelihood-ratio test, AIC, BIC), then the request's `versus` structure. */
  readonly comparisons: readonly MixedComparison[];
  /** The model's parameter names: the order of every row's params (mixed and separate). */
  readonly names: readonly string[];
  /** Each group fitted on its own, in the groups' order (null: not run). */
  readonly separate: readonly BatchRow[] | null;
  readonly total: number;
  readonly overlay: readonly GroupOverlay[];
  readonly overlayCapped: boolean;
}
