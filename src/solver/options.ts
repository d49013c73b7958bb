/**
 * Options of the TRF solver, validated once into plain data (the Ceres convention), with the
 * checks and messages of scipy.optimize.least_squares.
 */
import type { AbortSignalLike } from './evaluator';
import type { IterationSummary } from './summary';
import type { TrfState } from './trfState';

const EPS = 2.220446049250313e-16;

export type XScale = number | ArrayLike<number> | 'jac';

export interface TrfOptions {
  lb?: ArrayLike<number>;
  ub?: ArrayLike<number>;
  ftol?: number | null;
  xtol?: number | null;
  gtol?: number | null;
  /** Maximum number of residual evaluations (scipy default for trf: 100·n). */
  maxNfev?: number | null;
  xScale?: XScale;
  signal?: AbortSignalLike;
  /** Called after every outer iteration; return false to stop (status −2, like scipy's callback). */
  onIteration?: (summary: IterationSummary) => void | boolean | Promise<void | boolean>;
  /** Start from a saved state instead of x0 (a checkpoint; x0 then only gives the size). */
  resume?: TrfState | null;
  /** Called with the state after every outer iteration (to save a checkpoint). */
  onState?: (state: TrfState) => void | Promise<void>;
  /**
   * Take a step whose predicted reduction is below both ftol·cost and the cost's rounding
   * (UNRESOLVED_ULPS·ε·cost) without evaluating it, and stop: an evaluation could not tell
   * whether it helps (trf.ts). Off by default (scipy evaluates every step).
   */
  stopUnresolvedSteps?: boolean;
}

export interface ResolvedTrfOptions {
  lb: Float64Array;
  ub: Float64Array;
  ftol: number;
  xtol: number;
  gtol: number;
  maxNfev: number;
  xScale: Float64Array | 'jac';
  signal: AbortSignalLike | null;
  onIteration: TrfOptions['onIteration'] | null;
  warnings: string[];
}

/** An input error with a code, raised before the solver starts (scipy raises ValueError). */
export class SolverInputError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The free parameter (index) the error is about, where there is one. */
    readonly parameter?: number,
  ) {
    super(message);
    this.name = 'SolverInputError';
  }
}

function vector(value: ArrayLike<number> | undefined, n: number, fill: number, name: string): Float64Array {
  if (value === undefined) return new Float64Array(n).fill(fill);
  if (value.length !== n) throw new SolverInputError('shape', `\`${name}\` has ${value.length} entries, expected ${n}.`);
  return Float64Array.from(value);
}

function tolerance(value: number | null | undefined, name: string, fallback: number, warnings: string[]): number {
  if (value === undefined) return fallback;
  if (value === null) return 0;
  if (!(value >= 0)) throw new SolverInputError('tolerance', `\`${name}\` must be a non-negative number, got ${value}.`);
  if (value < EPS) {
    warnings.push(
      `Setting \`${name}\` below the machine epsilon (${EPS.toExponential(2)}) effectively disables the corresponding termination condition.`,
    );
  }
  return value;
}

export const SCIPY_TOLERANCE = 1e-8;

export function resolveTrfOptions(options: TrfOptions, x0: Float64Array): ResolvedTrfOptions {
  const n = x0.length;
  const warnings: string[] = [];
  const lb = vector(options.lb, n, -Infinity, 'lb');
  const ub = vector(options.ub, n, Infinity, 'ub');
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(lb[i]) || Number.isNaN(ub[i])) throw new SolverInputError('bounds', `Bound ${i} is NaN.`);
    if (!(lb[i] < ub[i])) {
      throw new SolverInputError('bounds', `Each lower bound must be strictly less than each upper bound (parameter ${i}: ${lb[i]} ≥ ${ub[i]}).`);
    }
    if (!Number.isFinite(x0[i])) throw new SolverInputError('x0', `Initial guess ${i} is not finite (${x0[i]}).`);
    if (x0[i] < lb[i] || x0[i] > ub[i]) {
      throw new SolverInputError('x0', `Initial guess is outside of provided bounds (parameter ${i}: ${x0[i]} not in [${lb[i]}, ${ub[i]}]).`);
    }
  }
  const ftol = tolerance(options.ftol, 'ftol', SCIPY_TOLERANCE, warnings);
  const xtol = tolerance(options.xtol, 'xtol', SCIPY_TOLERANCE, warnings);
  const gtol = tolerance(options.gtol, 'gtol', SCIPY_TOLERANCE, warnings);
  if (ftol < EPS && xtol < EPS && gtol < EPS) {
    throw new SolverInputError('tolerance', `At least one of the tolerances must be higher than machine epsilon (${EPS.toExponential(2)}).`);
  }
  const maxNfev = options.maxNfev ?? 100 * n;
  if (!(Number.isInteger(maxNfev) && maxNfev > 0)) {
    throw new SolverInputError('max-nfev', `\`max_nfev\` must be a positive integer, got ${maxNfev}.`);
  }
  let xScale: Float64Array | 'jac';
  const xs = options.xScale ?? 1;
  if (xs === 'jac') xScale = 'jac';
  else {
    xScale = typeof xs === 'number' ? new Float64Array(n).fill(xs) : Float64Array.from(xs);
    if (xScale.length !== n) throw new SolverInputError('x-scale', 'Inconsistent shapes between `x_scale` and `x0`.');
    if (!xScale.every((v) => Number.isFinite(v) && v > 0)) {
      throw new SolverInputError('x-scale', "`x_scale` must be 'jac' or array_like with positive numbers.");
    }
  }
  return {
    lb,
    ub,
    ftol,
    xtol,
    gtol,
    maxNfev,
    xScale,
    signal: options.signal ?? null,
    onIteration: options.onIteration ?? null,
    warnings,
  };
}

/** The loop's failures at x0, as the errors trf and arrowTrf raise. */
export function startError(failure: 'nonfinite-x0' | 'nonfinite-jacobian', j: number): SolverInputError {
  if (failure === 'nonfinite-x0') {
    return new SolverInputError('nonfinite-x0', 'Residuals are not finite at the initial point; choose other starting values.');
  }
  return new SolverInputError(
    'nonfinite-jacobian',
    `The Jacobian or gradient is not finite at the initial point (parameter ${j}) although the cost is: the model is not differentiable there or a residual overflows. Choose another start for parameter ${j}, or exclude the rows where this happens.`,
    j,
  );
}
