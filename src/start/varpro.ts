/**
 * VarPro as a fit option (issue 11): the nonlinear parameters θ are fitted first with the linear
 * ones c eliminated (reduced.ts: Golub & Pereyra 1973, Kaufman 1975's Jacobian), by the same TRF
 * solver; then the ordinary full fit (curveFit) runs from (θ*, ĉ(θ*)), so the reported values,
 * covariance and statistics are those of the full problem, as without the option.
 *
 * Eliminating c removes the directions along which a poor start goes astray: from a start where
 * the full fit ends at another stationary point (an amplitude driven to zero, say), the reduced
 * problem often still reaches the global minimum, and the linear parameters need no start at all.
 *
 * Which parameters are linear: linearity.ts, among the free parameters without finite bounds
 * (a bounded one is kept nonlinear: the reduced problem's ĉ is unconstrained). Least squares only
 * (the elimination solves a least-squares problem; a robust loss would change what ĉ means).
 */
import { curveFit, type CurveFitInput } from '../fit/curveFit';
import { DEFAULTS, defaultMaxNfev } from '../fit/defaults';
import { FitInputError } from '../fit/parameters';
import type { FitResult } from '../fit/types';
import { weightSigma } from '../fit/weights';
import { functionEvaluator } from '../solver/functionEvaluator';
import { trf } from '../solver/trf';
import type { Status } from '../solver/termination';
import { linearParameters } from './linearity';
import { reducedProblem } from './reduced';

export interface VarproPhase {
  /** Parameters eliminated (solved exactly at each θ) and fitted by the reduced problem. */
  readonly linear: string[];
  readonly nonlinear: string[];
  /** The reduced problem's evaluations, iterations and final cost ½‖r(θ*)‖². */
  readonly nfev: number;
  readonly njev: number;
  readonly nit: number;
  readonly cost: number;
  readonly status: Status;
  readonly message: string;
  /** Where the full fit started: θ* and ĉ(θ*), every model parameter by name. */
  readonly start: Record<string, number>;
}

export interface VarproFit {
  readonly fit: FitResult;
  readonly varpro: VarproPhase;
}

export async function varproFit(input: CurveFitInput): Promise<VarproFit> {
  const { model, data } = input;
  const names = model.params;
  const opts = { ...DEFAULTS, ...input.options };
  if (opts.loss !== 'linear') {
    throw new FitInputError('varpro-loss', `VarPro solves the linear parameters by least squares, so it needs the linear loss (got "${opts.loss}"); drop the VarPro option or the robust loss.`);
  }
  const bySpec = new Map(input.parameters.map((s) => [s.name, s]));
  for (const s of input.parameters) if (!names.includes(s.name)) throw new FitInputError('unknown-parameter', `Unknown parameter "${s.name}": the model's parameters are ${names.join(', ')}.`);
  const base = new Float64Array(names.length);
  const held = new Set<number>();
  names.forEach((name, i) => {
    const s = bySpec.get(name);
    if (s?.fixed) {
      if (s.value === null || s.value === undefined || !Number.isFinite(s.value)) throw new FitInputError('start', `Fixed parameter "${name}" needs a value.`);
      base[i] = s.value;
      held.add(i);
    } else if (Number.isFinite(s?.min ?? -Infinity) || Number.isFinite(s?.max ?? Infinity)) held.add(i);
  });
  const linear = linearParameters(model.ast, names, held);
  const nonlinear = names.map((_, i) => i).filter((i) => !bySpec.get(names[i])?.fixed && !linear.includes(i));
  const missing = nonlinear.filter((i) => {
    const v = bySpec.get(names[i])?.value;
    return v === null || v === undefined;
  });
  if (missing.length > 0) {
    const solved = linear.length > 0 ? ` (the linear ones, ${linear.map((i) => names[i]).join(', ')}, are solved and need none)` : '';
    throw new FitInputError('varpro-start', `VarPro starts the nonlinear parameters from their start values: give ${missing.map((i) => names[i]).join(', ')}${solved}.`);
  }
  const theta0 = Float64Array.from(nonlinear, (i) => bySpec.get(names[i])!.value!);
  const lb = Float64Array.from(nonlinear, (i) => bySpec.get(names[i])?.min ?? -Infinity);
  const ub = Float64Array.from(nonlinear, (i) => bySpec.get(names[i])?.max ?? Infinity);

  const sigma = weightSigma(opts.weights ?? 'sigma', data);
  const problem = reducedProblem(model, { vars: data.vars, y: data.y, w: sigma ? sigma.map((s) => 1 / s) : null }, base, nonlinear, linear);
  const budget = opts.maxNfev ?? defaultMaxNfev(nonlinear.length + linear.length);
  let phase: Omit<VarproPhase, 'linear' | 'nonlinear' | 'start'>;
  let theta: Float64Array = theta0;
  if (nonlinear.length === 0) {
    // A model linear in every free parameter: one solve is the whole reduced problem.
    const cost = 0.5 * problem.residuals(theta0).reduce((s, r) => s + r * r, 0);
    phase = { nfev: 1, njev: 0, nit: 0, cost, status: 1, message: 'No nonlinear parameters: the linear ones were solved exactly.' };
  } else {
    const xScale = typeof opts.xScale === 'number' ? opts.xScale : 'jac';
    const r = await trf(functionEvaluator(problem), theta0, { lb, ub, ftol: opts.ftol, xtol: opts.xtol, gtol: opts.gtol, maxNfev: budget, xScale, signal: input.signal });
    theta = r.x;
    phase = { nfev: r.nfev, njev: r.njev, nit: r.nit, cost: r.cost, status: r.status, message: r.message };
  }
  const start = problem.full(theta);
  if (!start.every(Number.isFinite)) {
    throw new FitInputError('varpro-nonfinite', 'VarPro could not solve the linear parameters at the nonlinear ones it reached (the model is not finite there, or their columns are dependent); fit without VarPro.');
  }
  const parameters = names.map((name, i) => {
    const s = bySpec.get(name);
    return { name, value: start[i], min: s?.min, max: s?.max, fixed: s?.fixed };
  });
  // max_nfev caps the whole fit: the full fit gets what the reduced one left.
  const options = opts.maxNfev ? { ...input.options, maxNfev: Math.max(1, opts.maxNfev - phase.nfev) } : input.options;
  const at = () => nonlinear.map((i) => `${names[i]} = ${start[i].toPrecision(6)}`).join(', ');
  const fit = await curveFit({ ...input, parameters, options }).catch((error: unknown) => {
    if (!(error instanceof FitInputError)) throw error;
    throw new FitInputError(error.code, `VarPro ended at ${at()}, where the full fit cannot start: ${error.message} Fit without VarPro, or give other start values.`);
  });
  return {
    fit,
    varpro: { ...phase, linear: linear.map((i) => names[i]), nonlinear: nonlinear.map((i) => names[i]), start: Object.fromEntries(names.map((n, i) => [n, start[i]])) },
  };
}
