import { describe, expect, it } from 'vitest';
import { nesting } from './likelihoodRatio';
import { smallerStructureLabel, smallerStructures } from './smallerStructures';

describe('smallerStructures', () => {
  it('drops each random effect in turn, then makes a general Ψ diagonal; each one nests in the fit', () => {
    const fit = { random: ['Asym', 'xmid'], cov: 'full' } as const;
    const smaller = smallerStructures(fit);
    expect(smaller).toEqual([
      { random: ['xmid'], cov: 'full' },
      { random: ['Asym'], cov: 'full' },
      { random: ['Asym', 'xmid'], cov: 'diag' },
    ]);
    for (const s of smaller) expect(nesting(s, fit)).toBe('a');
    expect(smaller.map((s) => smallerStructureLabel(fit, s))).toEqual(['without random Asym (random xmid)', 'without random xmid (random Asym)', 'diagonal Ψ (Asym, xmid uncorrelated)']);
  });

  it('offers no diagonal Ψ of a diagonal one, and nothing below a single random effect', () => {
    expect(smallerStructures({ random: ['a', 'b', 'c'], cov: 'diag' }).map((s) => s.random)).toEqual([['b', 'c'], ['a', 'c'], ['a', 'b']]);
    expect(smallerStructures({ random: ['Asym'], cov: 'full' })).toEqual([]);
  });
});
