/**
 * Likelihood-ratio tests between nested models of the same rows (Pinheiro & Bates 2000, §2.4.1;
 * R's anova.lme): 2(ℓ_richer − ℓ_simpler) against χ² on the difference of their parameter counts.
 * When the simpler model sets a variance of the richer one to zero (the fit without random
 * effects; one random effect fewer), the null value lies on the boundary of the parameter space
 * and the χ² reference is conservative: the p value is too large, roughly twice the right one for
 * one variance (Stram & Lee 1994; Pinheiro & Bates §2.4.1). nlme says so; so do we.
 */
import { chiSquareSf } from '../../stats/gammaInc';
import type { RandomCov } from './precisionFactor';
import type { ModelLikelihood } from './globalLikelihood';

export interface LikelihoodRatio {
  /** 2(ℓ_richer − ℓ_simpler). */
  readonly lr: number;
  readonly df: number;
  readonly pValue: number;
}

export const BOUNDARY_NOTE =
  'A likelihood-ratio test of a variance that is zero in the simpler model tests a value on the boundary of its range: its χ² p value is conservative (too large; about twice the right one for one variance), as nlme notes.';

export function likelihoodRatio(simpler: ModelLikelihood, richer: ModelLikelihood): LikelihoodRatio {
  const lr = 2 * (richer.logLik - simpler.logLik);
  const df = richer.parameterCount - simpler.parameterCount;
  // A slightly negative statistic (the richer fit stopped a hair below the simpler one) is no evidence.
  return { lr, df, pValue: df > 0 ? chiSquareSf(Math.max(lr, 0), df) : NaN };
}

/** A random-effects structure: the parameters with random effects and Ψ's form. */
export interface RandomStructure {
  readonly random: readonly string[];
  readonly cov: RandomCov;
}

/**
 * How two random-effects structures nest: 'a' when a is the simpler (a's random parameters among
 * b's, and Ψ_a a special case of Ψ_b: b full, or a diagonal, or a has one effect), 'b' the other
 * way round, 'same' when they are one model, null when neither holds.
 */
export function nesting(a: RandomStructure, b: RandomStructure): 'a' | 'b' | 'same' | null {
  const within = (x: RandomStructure, y: RandomStructure) =>
    x.random.every((n) => y.random.includes(n)) && (y.cov === 'full' || x.cov === 'diag' || x.random.length <= 1);
  const ab = within(a, b);
  const ba = within(b, a);
  if (ab && ba) return 'same';
  return ab ? 'a' : ba ? 'b' : null;
}
