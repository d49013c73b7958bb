/**
 * A mixed-effects fit compared with a nested model of the same rows (issue 25), as R's
 * anova(fit1, fit2) lays it out (Pinheiro & Bates 2000, §2.4.1): each model's log-likelihood,
 * AIC, BIC and parameter count, and the likelihood-ratio test (likelihoodRatio.ts). Two kinds:
 *
 *   global   against the fit with every parameter shared (no random effects: the global fit;
 *            nls's ML log-likelihood with σ estimated, gls's REML criterion under REML);
 *   random   against another random-effects structure (Ψ diagonal against general, or one
 *            random effect fewer), fitted by the same method.
 *
 * Both test variances on the boundary (zero in the simpler model): the p value is conservative.
 */
import { FitInputError } from '../parameters';
import type { RandomCov } from './precisionFactor';
import { likelihoodRatio, nesting, type LikelihoodRatio, type RandomStructure } from './likelihoodRatio';
import type { ModelLikelihood } from './globalLikelihood';
import type { MixedResult } from './types';

/** One side of a comparison: a mixed model (its random structure) or the global fit (none). */
export interface ComparedModel extends ModelLikelihood {
  readonly kind: 'global' | 'mixed';
  readonly random: readonly string[];
  readonly cov: RandomCov | null;
}

export interface MixedComparison extends LikelihoodRatio {
  readonly against: 'global' | 'random';
  readonly simpler: ComparedModel;
  readonly richer: ComparedModel;
  /** AIC(richer) − AIC(simpler): below zero, AIC prefers the richer model. */
  readonly deltaAic: number;
}

const mixedSide = (m: MixedResult): ComparedModel => ({ kind: 'mixed', random: m.random, cov: m.cov, logLik: m.logLik, aic: m.aic, bic: m.bic, parameterCount: m.parameterCount });

function compared(against: MixedComparison['against'], simpler: ComparedModel, richer: ComparedModel): MixedComparison {
  return { against, simpler, richer, ...likelihoodRatio(simpler, richer), deltaAic: richer.aic - simpler.aic };
}

/** The mixed model against its fit without random effects. */
export function versusGlobal(m: MixedResult): MixedComparison {
  const g = m.global;
  return compared('global', { kind: 'global', random: [], cov: null, logLik: g.logLik, aic: g.aic, bic: g.bic, parameterCount: g.parameterCount }, mixedSide(m));
}

const structureText = (s: RandomStructure) => `${s.random.join(', ')} (${s.cov === 'full' ? 'general' : 'diagonal'} Ψ)`;

/** Why two random structures cannot be compared by a likelihood-ratio test, or null when they nest. */
export function nestingProblem(a: RandomStructure, b: RandomStructure): string | null {
  const n = nesting(a, b);
  if (n === 'same') return `The random effects ${structureText(a)} and ${structureText(b)} are one model: compare with another structure (fewer random effects, or a diagonal Ψ).`;
  if (n === null) return `The random effects ${structureText(a)} and ${structureText(b)} do not nest (neither is a special case of the other): a likelihood-ratio test needs one model within the other; compare them by AIC, or choose a structure within the other.`;
  return null;
}

/** Two fits of the same rows and method with nested random structures (nestingProblem null). */
export function versusStructure(a: MixedResult, b: MixedResult): MixedComparison {
  const problem = nestingProblem(a, b);
  if (problem) throw new FitInputError('random-not-nested', problem);
  if (a.method !== b.method) throw new FitInputError('random-not-nested', `The two fits use different likelihoods (${a.method}, ${b.method}): compare fits by one method.`);
  return nesting(a, b) === 'a' ? compared('random', mixedSide(a), mixedSide(b)) : compared('random', mixedSide(b), mixedSide(a));
}
