/**
 * The random-effects structures nested inside a fitted one (issue 25), the candidates the page
 * offers for a likelihood-ratio test (compareMixed.ts `versusStructure`), as one reads a model
 * down in Pinheiro & Bates (2000, §4.2, §8.2): each random effect dropped in turn (its variance,
 * and its correlations, set to zero), and a general Ψ made diagonal (the correlations set to
 * zero). With a single random effect there is none: the smaller model is the global fit, which
 * every mixed fit is compared with already.
 */
import type { RandomStructure } from './likelihoodRatio';

export function smallerStructures(s: RandomStructure): RandomStructure[] {
  if (s.random.length < 2) return [];
  const dropped = s.random.map((name) => ({ random: s.random.filter((n) => n !== name), cov: s.cov }));
  return s.cov === 'full' ? [...dropped, { random: [...s.random], cov: 'diag' }] : dropped;
}

/** "without xmid" or "diagonal Ψ": a smaller structure named by what it leaves out of `s`. */
export function smallerStructureLabel(s: RandomStructure, smaller: RandomStructure): string {
  const gone = s.random.filter((n) => !smaller.random.includes(n));
  if (gone.length > 0) return `without random ${gone.join(', ')} (random ${smaller.random.join(', ')})`;
  return `diagonal Ψ (${smaller.random.join(', ')} uncorrelated)`;
}
