/**
 * The shrinkage in words on R's Orange trees (issue 25): nlme's coef() for each tree's Asym
 * (fixtures/mixed/fits.json, "orange-ml") beside each tree fitted alone by R's nls
 * (fixtures/mixed/orange_trees.json). By R's numbers two trees move toward the population
 * Asym 191.05 (by 20% and 68% of their distance; tree 5 to the other side), three move away
 * (by 13%, 15%, 17%); taken together 3% of the way: small and not one-directional.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MixedFitOutcome } from '../../worker/api';
import { shrinkageMoves, type Shrinkage } from './shrinkage';
import { shrinkageWords } from './shrinkageWords';

const dir = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'mixed');
const nlme = (JSON.parse(readFileSync(join(dir, 'fits.json'), 'utf8')) as { name: string; fixed: Record<string, number>; groups: Record<string, Record<string, number>> }[]).find((f) => f.name === 'orange-ml')!;
const trees = JSON.parse(readFileSync(join(dir, 'orange_trees.json'), 'utf8')) as Record<string, Record<string, number>>;

const orange: Shrinkage = {
  name: 'Asym',
  population: nlme.fixed.Asym,
  points: Object.keys(nlme.groups).map((key) => ({ key, separate: trees[key].Asym, separateSe: NaN, mixed: nlme.groups[key].Asym })),
};
/** Only what the words read: whether the groups were fitted alone, and which parameters are random. */
const outcome = { separate: [], mixed: { names: ['Asym', 'xmid', 'scal'], random: ['Asym'] } } as unknown as MixedFitOutcome;

describe('the shrinkage in words', () => {
  it('says how far each Orange tree moved, and that the moves go both ways', () => {
    const m = shrinkageMoves(orange);
    expect(m.toward.map((f) => Math.round(f * 1000) / 1000)).toEqual([0.203, 0.68]);
    expect(m.away.map((f) => Math.round(f * 1000) / 1000)).toEqual([-0.168, -0.148, -0.129]);
    expect(m.crossed).toBe(1);
    expect(shrinkageWords(outcome, orange)).toBe(
      '2 groups of 5 move their Asym toward the population value 191.05, by 20% and 68% of the distance; 3 groups move away from it, by 13–17%. ' +
        '1 group crosses to the other side of it. Taken together the estimates lie 3% of the way toward it: the shrinkage is small. ' +
        "Each group alone also fits its own xmid, scal, one value for all groups in the mixed model, so a group's Asym can move either way.",
    );
  });

  it('says when every group moves inward, and leaves out the two-way reason', () => {
    const inward: Shrinkage = { name: 'a', population: 10, points: [{ key: 'A', separate: 20, separateSe: 1, mixed: 15 }, { key: 'B', separate: 0, separateSe: 1, mixed: 9 }] };
    expect(shrinkageWords(outcome, inward)).toBe("Every group's a moves from its own fit toward the population value 10, by 50% and 90% of its distance from it: most where a group's data say least. Taken together the estimates lie 70% of the way toward it.");
  });
});
