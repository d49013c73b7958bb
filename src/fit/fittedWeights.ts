/**
 * The weight of each row as a finished fit used it, w = 1/σ: from the weighting's σ (weights.ts:
 * a σ column, 1/y, Poisson counts…), or, for a Poisson maximum-likelihood fit, 1/√μ at the fitted
 * parameters (its residuals (y − μ)/√μ are Pearson's; poissonMle.ts). What the report's residual
 * plots and tables weigh by, on the page and in the CLI.
 */
import type { CompiledModel } from '../model/index';
import { poissonWeights } from './poissonMle';
import type { FitData, FitResult } from './types';
import { weightSigma, type Weighting } from './weights';

export interface FittedWeighting {
  /** The fit maximised the Poisson likelihood. */
  readonly poisson: boolean;
  /** The least-squares fit's weighting (default: the σ column, if any). */
  readonly weights?: Weighting;
}

/** 1/σ per row (null: unweighted). `data`: the model's columns in its variables' order. */
export function fittedWeights(model: CompiledModel, data: Pick<FitData, 'vars' | 'y' | 'sigma' | 'lines'>, result: FitResult, how: FittedWeighting): Float64Array | null {
  if (how.poisson) return poissonWeights(model, data.vars, data.y.length, result);
  const sigma = weightSigma(how.weights ?? 'sigma', data);
  return sigma ? sigma.map((v) => 1 / v) : null;
}
