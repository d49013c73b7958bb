/**
 * Orthogonal distance regression, errors in both variables (issue 24): minimize
 *
 *     Σᵢ [ (yᵢ − f(xᵢ + δᵢ; β))²/σyᵢ² + Σᵥ δᵢᵥ²/σxᵢᵥ² ]
 *
 * over β and every δᵢ (Boggs, Byrd & Schnabel, SIAM J. Sci. Stat. Comput. 8(6), 1987; ODRPACK
 * User's Guide, Boggs, Byrd, Donaldson & Schnabel, 1992), as the arrow problem of odrEvaluator.ts
 * under the one trust-region loop. The start is the ordinary weighted fit that ignores the x
 * errors (curveFit) with δ = 0. Statistics as ODRPACK reports them: cov_beta (odrSolve.ts),
 * res_var = sum_square/(n − p), sd_beta = √diag(cov_beta·res_var), the sum of squares split
 * into its δ and ε parts, and δ and ε per row. An implicit model goes to implicit.ts.
 */
import { now } from '../../solver/clock';
import { curveFitSolution } from '../curveFit';
import { DEFAULTS } from '../defaults';
import { FitInputError, resolveParameters } from '../parameters';
import { implicitFit } from './implicit';
import { OdrEvaluator } from './odrEvaluator';
import { odrRows, reciprocal } from './odrRows';
import { solveOdr, solverOutcome } from './odrSolve';
import { betaStatistics, covarianceOfBeta } from './odrStatistics';
import type { OdrInput, OdrResult } from './types';

export async function odrFit(input: OdrInput): Promise<OdrResult> {
  const opts = { ...DEFAULTS, ...input.options };
  if (opts.loss !== 'linear') throw new FitInputError('odr-loss', `Errors in x are fitted by least squares only: the "${opts.loss}" loss is not supported with --sigma-x yet; drop --loss.`);
  if (input.implicit) return implicitFit(input);
  const started = now();
  const { model } = input;
  const { observed, u, n } = odrRows(input);
  const params = resolveParameters(model.params, input.parameters);
  const p = params.free.length;
  if (p === 0) throw new FitInputError('no-free-parameters', 'Every parameter is fixed: free at least one to fit.');
  if (n <= p) throw new FitInputError('too-few-rows', `${n} rows for ${p} free parameters: an errors-in-variables fit needs more rows than parameters.`);
  const warnings: string[] = [];

  // Start: the ordinary weighted fit that ignores the x errors.
  const beta0 = Float64Array.from(params.free, (i) => params.base[i]);
  let startFit: OdrResult['startFit'] = null;
  if (input.ordinary) {
    params.free.forEach((i, a) => Number.isFinite(input.ordinary!.beta[i]) && (beta0[a] = input.ordinary!.beta[i]));
    startFit = { cost: input.ordinary.cost, beta: Float64Array.from(input.ordinary.beta) };
  } else try {
    // Only its parameters and cost are needed: no statistics (curveFitSolution).
    const ordinary = await curveFitSolution({ model, data: { vars: [...input.vars], y: input.y!, sigma: input.sigmaY ?? null, lines: input.lines }, parameters: input.parameters, options: { ...input.options, loss: 'linear' }, signal: input.signal });
    const values = ordinary.values;
    if (values.every(Number.isFinite)) {
      params.free.forEach((i, a) => (beta0[a] = values[i]));
      startFit = { cost: ordinary.cost, beta: values };
    }
  } catch (error) {
    warnings.push(`The ordinary fit to start from failed (${(error as Error).message}); the errors-in-variables fit started from the start values.`);
  }

  const rows = { vars: input.vars, observed, u, y: input.y!, w: input.sigmaY ? reciprocal(input.sigmaY) : null };
  const evaluator = new OdrEvaluator(model.kernels(params.free, observed), params.free, params.base, rows);
  const x0 = new Float64Array(p + n * observed.length);
  x0.set(beta0);
  evaluator.projectDeltas(x0);
  const result = solveOdr(evaluator, x0, { lb: params.lb, ub: params.ub, options: opts, signal: input.signal, onIteration: input.onIteration });

  const split = evaluator.split(result.x);
  const sumSquares = split.delta + split.eps;
  const eps = evaluator.epsilon(result.x, new Float64Array(n));
  if (rows.w) for (let i = 0; i < n; i++) eps[i] /= rows.w[i];
  const covBeta = covarianceOfBeta(result.normal, evaluator.m);
  if (!covBeta) warnings.push('Covariance of the parameters could not be estimated: the data do not determine every parameter (JᵀJ is singular).');
  return {
    kind: 'explicit',
    ...betaStatistics(input, params, result.x, covBeta, sumSquares, n, opts.absoluteSigma),
    sumSquaresDelta: split.delta,
    sumSquaresEps: split.eps,
    cost: result.cost,
    observed: observed.map((v) => model.variables[v]),
    delta: result.x.slice(p),
    eps,
    rows: n,
    atBound: result.activeMask.slice(0, p),
    ...solverOutcome(result),
    startFit,
    warnings,
    fitMs: now() - started,
  };
}
