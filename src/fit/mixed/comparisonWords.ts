/**
 * A mixed-effects comparison (compareMixed.ts) in words, one sentence for the page and the command
 * line alike: which models, the likelihood-ratio test with its boundary caveat, and what AIC says.
 */
import type { ComparedModel, MixedComparison } from './compareMixed';

const pText = (p: number) => (!Number.isFinite(p) ? '—' : p < 1e-4 ? '< 0.0001' : `= ${p.toPrecision(2)}`);

/** "random Asym (general Ψ)" or "the global fit (no random effects)". */
export function modelName(m: ComparedModel): string {
  if (m.kind === 'global') return 'the global fit (no random effects)';
  return `random ${m.random.join(', ')}${m.random.length > 1 ? ` (${m.cov === 'full' ? 'general' : 'diagonal'} Ψ)` : ''}`;
}

export function comparisonVerdict(c: MixedComparison): string {
  const test = `likelihood ratio ${c.lr.toFixed(2)} on ${c.df} df, p ${pText(c.pValue)}`;
  const aicSays = c.deltaAic < 0 ? `AIC prefers ${modelName(c.richer)} by ${(-c.deltaAic).toFixed(2)}` : `AIC prefers ${modelName(c.simpler)} by ${c.deltaAic.toFixed(2)}`;
  const simpler = c.simpler.kind === 'global' ? 'the global fit' : modelName(c.simpler);
  const lrSays = c.pValue < 0.05 ? `at 5% the data reject ${simpler}` : `at 5% the data do not reject ${simpler}`;
  return `${modelName(c.richer)} against ${simpler}: ${test} (conservative: a variance on the boundary); ${lrSays}; ${aicSays}.`;
}
