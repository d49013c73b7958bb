/**
 * One group's row of a grouped fit (issue 22: one group-row type), whichever fit made it: the
 * per-group batch (src/fit/batch, every group fitted on its own) or the global fit (src/fit/global,
 * shared parameters common to all groups). The page's tables and the CLI's report render this
 * type; the fields a mode does not have are absent (a global fit has no per-group evaluation
 * count or reduced χ², a batch row no "left out of the joint fit").
 * Plain data: rows cross worker boundaries and are saved in sessions as they are.
 */
import type { Status } from '../solver/termination';
import type { FitResult } from './types';

export interface GroupRow {
  readonly key: string;
  /** Rows fitted (after skipping rows with missing values). */
  readonly rows: number;
  /** Rows skipped because a value was missing or not finite. */
  readonly skippedRows: number;
  readonly success: boolean;
  /** The solver's status (scipy's codes), or −1 when the group could not be fitted at all. */
  readonly status: Status;
  /** Why a group was not fitted ('too-few-rows', 'nonfinite-start', …); null when it was. */
  readonly code: string | null;
  readonly message: string;
  /** Every model parameter, in model order (fixed ones at their value, shared ones at the common value); NaN where not fitted. */
  readonly params: Float64Array;
  /** Standard errors (NaN for fixed parameters, Infinity where the data do not determine them). */
  readonly stderr: Float64Array;
  /** ½Σρ(fᵢ²) over this group's residuals (scipy's cost). */
  readonly cost: number;
  /** Σ(wᵢrᵢ)² over this group's rows (the RSS R's deviance() reports; 2·cost only for the linear
   *  loss). NaN for a group not fitted. */
  readonly chi2: number;

  // Per-group fits (the batch) only.
  /** The start values this group's fit began from (model order). */
  readonly start?: Float64Array;
  readonly redchi2?: number;
  readonly r2?: number;
  readonly nfev?: number;

  // The global fit only.
  /** Whether the group took part (false: it could not, see code and message). */
  readonly included?: boolean;
  /** t intervals of every parameter (fixed ones at their value). */
  readonly ciLower?: Float64Array;
  readonly ciUpper?: Float64Array;
}

/** A per-group fit's row (src/fit/batch): the group row with its own start, reduced χ², R² and evaluations. */
export type BatchRow = GroupRow & Required<Pick<GroupRow, 'start' | 'redchi2' | 'r2' | 'nfev'>>;

/** A global fit's row (src/fit/global): the group row with whether it took part and its t intervals. */
export type GlobalRow = GroupRow & Required<Pick<GroupRow, 'included' | 'ciLower' | 'ciUpper'>>;

/** A group's row from its own fit: every parameter in model order (`names`), over `rows` rows. */
export function fittedBatchRow(key: string, rows: number, names: readonly string[], start: Float64Array, fit: FitResult): BatchRow {
  const byName = new Map(fit.parameters.map((p) => [p.name, p]));
  return {
    key,
    rows,
    skippedRows: 0,
    success: fit.success,
    status: fit.status,
    code: null,
    message: fit.message,
    params: Float64Array.from(names, (n) => byName.get(n)?.value ?? NaN),
    stderr: Float64Array.from(names, (n) => byName.get(n)?.stderr ?? NaN),
    start,
    cost: fit.cost,
    chi2: fit.stats.chi2,
    redchi2: fit.stats.redchi2,
    r2: fit.stats.r2,
    nfev: fit.nfev,
  };
}
