/**
 * The reference side of the Lotka–Volterra fit benchmark (issue 23), for bench/ode.ts to run beside
 * Fitbench's own fit: scipy (bench/ode_fit_scipy.py: solve_ivp + least_squares, with
 * finite-difference and with sensitivity Jacobians) and R (bench/ode_fit.R: deSolve lsoda +
 * minpack.lm nls.lm), each timing the fit of fixtures/ode/lotka_volterra.csv from the fixture's
 * good and far start at the loosest tolerances that still reach the fixture's minimum (RSS to
 * 1e-6, parameters to 1e-4). Each script prints one JSON line; these are its shapes.
 */
import { execFileSync } from 'node:child_process';

/** One start's timing and how far its fit ended from the fixture's minimum. */
export interface StartTiming {
  /** Wall time per fit, best of `rounds`. */
  readonly seconds: number;
  readonly median_seconds: number;
  readonly rss: number;
  /** |RSS − RSS_ref| / RSS_ref. */
  readonly rss_rel: number;
  /** max |p − p_ref| / |p_ref|. */
  readonly params_rel: number;
  /** Converged and within the criteria (rss_rel ≤ 1e-6, params_rel ≤ 1e-4). */
  readonly ok: boolean;
}

export interface ScipyStartTiming extends StartTiming {
  /** Residual evaluations, Jacobian evaluations (of least_squares), integrations, f calls. */
  readonly nfev: number;
  readonly njev: number;
  readonly integrations: number;
  readonly rhs_calls: number;
}

export interface RStartTiming extends StartTiming {
  readonly iterations: number;
  /** Residual evaluations (each one lsoda integration), the Jacobian's included. */
  readonly fn_calls: number;
}

export interface Variant<S extends StartTiming> {
  readonly rtol: number;
  readonly atol: number;
  /** The optimizer's tolerances (least_squares ftol = xtol = gtol; nls.lm ftol = ptol). */
  readonly tol: number;
  readonly good: S;
  readonly far: S;
}

export interface ScipyOdeFit {
  readonly tool: string;
  readonly reference_rss: number;
  readonly rounds: number;
  /** solve_ivp(RK45) on the states, least_squares(jac='2-point'). */
  readonly fd: Variant<ScipyStartTiming>;
  /** solve_ivp(RK45) on states + 12 sensitivities, least_squares(jac=S). */
  readonly sens: Variant<ScipyStartTiming>;
}

export interface ROdeFit {
  readonly tool: string;
  readonly reference_rss: number;
  readonly rounds: number;
  /** deSolve::ode(lsoda) in nls.lm with its forward-difference Jacobian. */
  readonly lsoda_fd: Variant<RStartTiming>;
}

export interface ReferenceOptions {
  /** Fits per start; the best is reported (default 5). */
  readonly rounds?: number;
  /** Tolerances other than the scripts' defaults, e.g. { fd: { rtol: 1e-9, tol: 1e-8 } }. */
  readonly scipy?: { readonly fd?: { rtol: number; tol: number }; readonly sens?: { rtol: number; tol: number } };
  readonly r?: { readonly rtol: number; readonly tol: number };
}

const run = (cmd: string, args: string[]): string => execFileSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 26 });

/** scipy's timings; throws with python's message when python3 or scipy is missing. */
export function scipyOdeFit(opts: ReferenceOptions = {}): ScipyOdeFit {
  return JSON.parse(run('python3', ['bench/ode_fit_scipy.py', JSON.stringify({ rounds: opts.rounds ?? 5, ...opts.scipy })])) as ScipyOdeFit;
}

/** R's timings, or { missing } with the reason when Rscript, deSolve or minpack.lm is not installed. */
export function rOdeFit(opts: ReferenceOptions = {}): ROdeFit | { readonly missing: string } {
  try {
    return JSON.parse(run('Rscript', ['bench/ode_fit.R', JSON.stringify({ rounds: opts.rounds ?? 5, ...opts.r })])) as ROdeFit;
  } catch (e) {
    return { missing: `bench/ode_fit.R did not run (${e instanceof Error ? e.message.split('\n')[0] : String(e)}); install r-base-core, r-cran-desolve, r-cran-minpack.lm` };
  }
}
