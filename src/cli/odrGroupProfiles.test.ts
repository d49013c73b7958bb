/**
 * `fitbench fit --group g --sigma-x sx --ci profile` (issue 24): each group's profile intervals
 * (its own ODR refits with one β held) against make_profiles.py's method run per group
 * (fixtures/odr/make_group_profiles.py: York's closed-form objective, brentq), every end within
 * 1e-6 of the interval's width; the Wald fields stay as they were.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliRunner } from '../../test/cli';

const run = cliRunner();
const ref = JSON.parse(readFileSync('fixtures/odr/group_profiles.json', 'utf8')).groups as Record<string, { estimate: Record<string, number>; ci: Record<string, [number, number]> }>;

describe('profile intervals per group with errors in x', () => {
  it('gives each group its own profile interval ends, as the closed-form profile does', async () => {
    const args = ['fit', 'fixtures/odr/groups.csv', '--model', 'a + b*x', '--y', 'y', '--sigma', 'sy', '--sigma-x', 'sx', '--group', 'g', '--json'];
    const r = await run(...args, '--ci', 'profile');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.groups.map((g: { group: string }) => g.group).sort()).toEqual(['line', 'york']);
    for (const g of j.groups) {
      const want = ref[g.group];
      for (const name of ['a', 'b']) {
        const [lo, hi] = want.ci[name];
        const width = hi - lo;
        expect(Math.abs(g.params[name] - want.estimate[name])).toBeLessThan(1e-6 * width);
        expect(Math.abs(g.profileCi[name][0] - lo)).toBeLessThan(1e-6 * width);
        expect(Math.abs(g.profileCi[name][1] - hi)).toBeLessThan(1e-6 * width);
      }
    }
    // Without --ci profile: no profileCi, the rest as before.
    const wald = JSON.parse((await run(...args)).out);
    expect(wald.groups[0].profileCi).toBeUndefined();
    expect(Object.keys(wald.groups[0]).sort()).toEqual(Object.keys(j.groups[0]).filter((k) => k !== 'profileCi').sort());
  });
});
