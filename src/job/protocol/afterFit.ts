/**
 * Jobs on a finished fit (issue 10): its profile-likelihood intervals, and a second model fitted to
 * its rows and compared with it (a ComparisonJob, src/job/compare.ts).
 */
import type { ModelComparison } from '../../fit/compare/compareModels';
import type { NamedProfile } from '../../fit/profileFit';
import type { FitResult } from '../../fit/types';

/** Profile-likelihood intervals of the last fit (issue 10): one profile per free parameter. */
export interface PageProfile {
  readonly profiles: readonly NamedProfile[];
  readonly warnings: readonly string[];
  /** The profiled fit's fitMs (which fit the profile belongs to, besides the page's own bookkeeping). */
  readonly fitMs: number;
}

/** A second model to compare with the last fit (issue 10), fitted to the same rows. */
export interface ModelCompareRequest {
  readonly model: string;
  /** Parameters of the second model held at a value (the rest start from the start search). */
  readonly fixed: readonly { readonly name: string; readonly value: number }[];
  /** The user states that one model is the other with parameters fixed, where the check on the
   *  formulas cannot tell (the CLI's --nested): the F test then applies. */
  readonly nested?: boolean;
}

export interface PageModelComparison {
  /** The two models' numbers (the last fit first) and the verdict. */
  readonly comparison: ModelComparison;
  /** The second model's fit. */
  readonly second: FitResult;
  readonly model: string;
  /** The compared fit's fitMs (which fit the comparison belongs to). */
  readonly firstFitMs: number;
}
