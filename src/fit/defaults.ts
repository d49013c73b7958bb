/**
 * Fitbench's default solver settings. scipy's defaults (tolerances 1e-8, x_scale=1, max_nfev =
 * 100·n) stop early on hard problems: with analytic derivatives scipy 1.17 reaches LRE ≥ 6 on
 * 17/27 NIST StRD problems. Tolerances near machine precision let the iteration run until no
 * further digit can be gained; termination then comes from xtol or ftol when steps stop helping,
 * which costs a few extra iterations on easy problems and makes the hard ones right.
 * max_nfev is generous because the far-away NIST starts need many (MGH17 start 1: ~950, Bennett5
 * start 1: ~1400 with x_scale="jac"). x_scale="jac" makes the steps invariant to the units of the
 * parameters (a decay time in s or in ms), which matters more in a GUI than the extra evaluations.
 */
import type { LossName } from '../solver/loss';
import { resolveTrfOptions, SolverInputError } from '../solver/options';
import { FitInputError } from './parameters';
import type { Weighting } from './weights';
import type { LinearConstraint } from './constraints/parseConstraints';

export type Method = 'auto' | 'dense' | 'normal';

export interface FitOptions {
  loss?: LossName;
  fScale?: number;
  ftol?: number;
  xtol?: number;
  gtol?: number;
  maxNfev?: number | null;
  xScale?: 'jac' | number | number[];
  method?: Method;
  absoluteSigma?: boolean;
  /** How points are weighted (src/fit/weights.ts); 'sigma' (the default) uses the σ column if any. */
  weights?: Weighting;
  /** Confidence level of the parameter intervals and bands (0.95). */
  confidenceLevel?: number;
  /** Linear inequality constraints between the parameters (issue 26: constraints/parseConstraints.ts); absent: none. */
  constraints?: readonly LinearConstraint[];
}

export const DEFAULT_TOLERANCE = 1e-15;

export const DEFAULTS = {
  loss: 'linear' as LossName,
  fScale: 1,
  ftol: DEFAULT_TOLERANCE,
  xtol: DEFAULT_TOLERANCE,
  gtol: DEFAULT_TOLERANCE,
  xScale: 'jac' as const,
  method: 'auto' as Method,
  absoluteSigma: false,
  confidenceLevel: 0.95,
};

/** Default evaluation budget for n free parameters. */
export function defaultMaxNfev(n: number): number {
  return Math.max(2000, 500 * n);
}

/**
 * The linearization `auto` picks: the QR path (precise) while its cost is modest, the fused
 * normal-equation pass for large m, where the QR's extra work per row starts to dominate.
 */
export const DENSE_MAX_ROWS = 4096;

/** Polish a CPU normal-equation solution with the QR path when κ(J·D)² exceeds this (8 digits). */
export const NORMAL_CONDITION_LIMIT = 1e8;

/** After a normal-equation solve, polish with the QR path when it is affordable (rows). */
export const POLISH_MAX_ROWS = 20_000_000;

export function chooseLinearization(method: Method, rows: number): 'dense' | 'normal' {
  if (method !== 'auto') return method;
  return rows <= DENSE_MAX_ROWS ? 'dense' : 'normal';
}

/** The settings a fit checks before it runs, by their scipy names (the others are words or flags). */
export const CHECKED_SETTINGS = { fScale: 'f_scale', ftol: 'ftol', xtol: 'xtol', gtol: 'gtol', maxNfev: 'max_nfev', xScale: 'x_scale' } as const;
export type CheckedSetting = keyof typeof CHECKED_SETTINGS;

/** f_scale, the soft margin of a robust loss, must be positive: the fit refuses another (curveFit,
 *  fitGroups) whatever the loss, so a page must never keep one it cannot edit. */
export function fScaleProblem(fScale: number | undefined): FitInputError | null {
  return fScale !== undefined && !(fScale > 0) ? new FitInputError('f-scale', `f_scale must be positive, got ${fScale}.`) : null;
}

/** One free parameter: the solver's option checks need an x0 only for the vectors' lengths. */
const ONE_PARAMETER = new Float64Array(1);

/**
 * Why a fit would refuse these settings (the first at fault, in words), or null: f_scale by
 * fScaleProblem, the tolerances, max_nfev and x_scale by the solver's own checks (scipy's:
 * solver/options.ts resolveTrfOptions). One rule wherever settings come from: the fit applies
 * it, and a saved session's settings are judged by it when restored (state/sessions/restore.ts).
 * A setting left out takes the solver's default.
 */
export function settingsProblem(options: Partial<Pick<FitOptions, CheckedSetting>>): string | null {
  const fScale = fScaleProblem(options.fScale);
  if (fScale) return fScale.message;
  try {
    resolveTrfOptions({ ftol: options.ftol, xtol: options.xtol, gtol: options.gtol, maxNfev: options.maxNfev, xScale: options.xScale }, ONE_PARAMETER);
    return null;
  } catch (error) {
    if (error instanceof SolverInputError) return error.message;
    throw error;
  }
}
