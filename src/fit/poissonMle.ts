/**
 * Poisson maximum likelihood for counts (issue 10): the parameters that minimise the Cash statistic
 *   C = 2 Σ (μᵢ − yᵢ ln μᵢ)                      (Cash 1979, ApJ 228:939; Gpufit's MLE estimator)
 * instead of a χ². Found by iteratively reweighted least squares (Fisher scoring; McCullagh &
 * Nelder 1989, §2.5): each round fits Σ(yᵢ − μᵢ)²/μᵢ⁽ᵏ⁾ with the weights of the previous round's μ,
 * from the previous round's parameters. At its fixed point θ* the weighted least-squares gradient
 * Σ (yᵢ − μᵢ)/μᵢ ∂μᵢ/∂θ vanishes with μᵢ = μᵢ(θ*): the Poisson score equations, so θ* is the MLE.
 * The covariance is the inverse Fisher information (Jᵀ diag(1/μ) J)⁻¹ at θ*, unscaled (absolute
 * σ² = μ: Poisson counts carry their own variance). The deviance 2Σ[yᵢ ln(yᵢ/μᵢ) − (yᵢ − μᵢ)] is
 * the goodness of fit (≈ χ² with n − k degrees of freedom for large counts).
 */
import type { CompiledModel } from '../model/index';
import { curveFit, type CurveFitInput } from './curveFit';
import { FitInputError } from './parameters';
import type { FitData, FitResult } from './types';
import { rowName } from './rowName';
import { withNormalStatistic } from './zTable';
import { poissonGoodness, type PoissonGoodness } from '../stats/poissonGoodness';

/** The fit, and its likelihood statistics (cash, deviance, Pearson χ², log-likelihood, AIC, …). */
export interface PoissonFit extends PoissonGoodness {
  readonly result: FitResult;
  /** Reweighting rounds taken. */
  readonly rounds: number;
  readonly converged: boolean;
}

/**
 * What a Poisson fit reports beside its FitResult: the worker's outcome, the results JSON and the
 * CLI's "poisson". The likelihood's other statistics are absent in sessions saved before they were
 * reported, hence optional.
 */
export type PoissonFacts = Pick<PoissonFit, 'cash' | 'deviance' | 'rounds' | 'converged'> & Partial<Omit<PoissonGoodness, 'cash' | 'deviance'>>;

const MAX_ROUNDS = 50;
const TOLERANCE = 1e-10;

/** μ at the named parameter values, for every row. */
function means(model: CompiledModel, vars: Float64Array[], values: ReadonlyMap<string, number>, rows: number): Float64Array {
  const params = Float64Array.from(model.params, (p) => values.get(p) ?? NaN);
  const mu = new Float64Array(rows);
  model.kernels().evaluate(params, vars, mu, 0, rows);
  return mu;
}

function checkCounts(y: Float64Array, lines: FitData['lines']): void {
  for (let i = 0; i < y.length; i++) {
    if (!(y[i] >= 0) || !Number.isFinite(y[i])) throw new FitInputError('poisson', `A Poisson fit needs counts y ≥ 0; ${rowName(lines, i)} has y = ${y[i]}. Use least squares (a σ column or weights) for such data.`);
  }
}

function checkMeans(mu: Float64Array, where: string, lines: FitData['lines']): void {
  for (let i = 0; i < mu.length; i++) {
    if (!(mu[i] > 0) || !Number.isFinite(mu[i])) {
      throw new FitInputError('poisson', `A Poisson fit needs a positive model value at every row; ${where} it is ${mu[i]} at ${rowName(lines, i)}. Choose start values (or bounds) that keep the model above 0.`);
    }
  }
}

export async function poissonFit(input: CurveFitInput): Promise<PoissonFit> {
  const { model, data } = input;
  if (data.sigma) throw new FitInputError('poisson', 'A Poisson fit takes its variances from the model (σ² = μ): drop the σ column.');
  if (input.options?.loss && input.options.loss !== 'linear') throw new FitInputError('poisson', `A Poisson fit is its own objective; drop --loss ${input.options.loss}.`);
  checkCounts(data.y, data.lines);
  const rows = data.y.length;
  let values = new Map(input.parameters.map((p) => [p.name, p.value ?? NaN]));
  let mu = means(model, data.vars, values, rows);
  checkMeans(mu, 'at the start values', data.lines);
  let result: FitResult | null = null;
  let rounds = 0;
  let converged = false;
  while (rounds < MAX_ROUNDS) {
    rounds++;
    const sigma = mu.map(Math.sqrt);
    result = await curveFit({
      ...input,
      data: { ...data, sigma },
      parameters: input.parameters.map((p) => ({ ...p, value: values.get(p.name) ?? p.value })),
      options: { ...input.options, weights: 'sigma', absoluteSigma: true },
    });
    const next = new Map(result.parameters.map((p) => [p.name, p.value]));
    const change = Math.max(...result.parameters.map((p) => Math.abs(p.value - (values.get(p.name) ?? NaN)) / Math.max(Math.abs(p.value), 1e-300)));
    values = next;
    mu = means(model, data.vars, values, rows);
    checkMeans(mu, `after reweighting round ${rounds}`, data.lines);
    if (!(change > TOLERANCE)) {
      converged = true;
      break;
    }
  }
  // The last round weighed by 1/μ internally; the user gave no σ column. The variance is known
  // (σ² = μ), so the table's statistic is z, not t (zTable.ts).
  const fitted = withNormalStatistic({ ...result!, weighting: 'Poisson likelihood (σ² = μ from the model)' });
  return { result: fitted, ...poissonGoodness(data.y, mu, fitted.free.length), rounds, converged };
}

/** The Poisson deviance 2Σ[yᵢ ln(yᵢ/μᵢ) − (yᵢ − μᵢ)] (a term with yᵢ = 0 is 2μᵢ); NaN where μ ≤ 0. */
export function poissonDeviance(y: Float64Array, mu: Float64Array): number {
  let deviance = 0;
  for (let i = 0; i < y.length; i++) {
    if (!(mu[i] > 0)) return NaN;
    deviance += 2 * ((y[i] > 0 ? y[i] * Math.log(y[i] / mu[i]) : 0) - (y[i] - mu[i]));
  }
  return deviance;
}

/**
 * 1/σ per row of a Poisson fit, σ = √μ at its fitted values: the weights that make the report's
 * standardized residuals Pearson residuals (y − μ)/√μ, as the fit's own last round weighed them.
 */
export function poissonWeights(model: CompiledModel, vars: Float64Array[], rows: number, result: FitResult): Float64Array {
  const mu = means(model, vars, new Map(result.parameters.map((p) => [p.name, p.value])), rows);
  return mu.map((m) => 1 / Math.sqrt(m));
}
