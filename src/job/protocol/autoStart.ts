/**
 * The automatic start search of a fit job (issue 11; src/start) asked for on its own: the request,
 * its progress and what it found. The job's `start` step runs the same search before a fit.
 */
import type { ParameterRow, SolverSettings } from '../../share/types';
import type { DataMapping } from './request';

/** "Auto start" (issue 11): starting values searched for on the selected rows. */
export interface AutoStartRequest {
  readonly model: string;
  readonly mapping: DataMapping;
  /** Fixed values and bounds bind the search; free values are ignored unless `keepGiven`. */
  readonly parameters: readonly ParameterRow[];
  readonly settings: SolverSettings;
  /** Sobol seed (default 0): the same seed gives the same candidates. */
  readonly seed?: number;
  /** Free values that are given (not null) are refined as one extra candidate, as the CLI's --p0
   *  (Fit with some start values empty); without it the values on screen are placeholders. */
  readonly keepGiven?: boolean;
}

export interface AutoStartStep {
  readonly phase: 'search' | 'refine';
  readonly done: number;
  readonly total: number;
  readonly bestCost: number;
}

export interface AutoStartOutcome {
  /** The best refined parameters, every model parameter by name. */
  readonly values: readonly { readonly name: string; readonly value: number }[];
  readonly cost: number;
  /** Candidates with a finite cost, of `evaluated`. */
  readonly candidates: number;
  readonly evaluated: number;
  /** Candidates refined by TRF, and how many of them reached the best cost. */
  readonly refined: number;
  /** Rows the candidates were ranked on (above SCORE_MAX_ROWS means of k rows or every k-th, src/start/scoringRows.ts), of `rows` (the
   *  refinements fit them all). Optional: outcomes kept from before they existed lack them. */
  readonly scoredRows?: number;
  readonly rows?: number;
  readonly sameMinimum: number;
  /** Other distinct minima found, best first (at most 3). */
  readonly others: readonly { readonly cost: number; readonly values: Record<string, number> }[];
  /** Parameters solved exactly at each candidate, and those searched over. */
  readonly linear: readonly string[];
  readonly searched: readonly string[];
  /** Cancel stopped the refinements early (the best so far is returned). */
  readonly cancelled: boolean;
  /** The start the best refinement ran from, every model parameter by name: a fit from it
   *  repeats that refinement. */
  readonly start: readonly { readonly name: string; readonly value: number }[];
}
