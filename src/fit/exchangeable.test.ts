/**
 * Issue 27, item 9: start values left over from an earlier fit landed Theoph on the flip-flop
 * solution (lKe and lKa swapped relative to R, the same RSS) without a word. Now a fit whose two
 * free parameters can be exchanged without changing the curve says so, with the values, from
 * either start; R's nls answer for subject 1 (fixtures/groupfits/nls_groups.json) is one of the
 * two minima, the swapped one the other, at the same RSS. A model without the symmetry says
 * nothing of the kind.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';

const run = cliRunner();
const { file } = tempFiles('fitbench-exchangeable');
const FIX = join(import.meta.dirname, '../../fixtures');
const R = JSON.parse(readFileSync(join(FIX, 'groupfits/nls_groups.json'), 'utf8')).theoph;
const subject1 = R.perGroup.find((g: { group: string }) => g.group === '1');
const theoph = join(FIX, 'groups/theoph.csv');
const fit = async (p0: string) => {
  const r = await run('fit', theoph, '--model', R.model, '--y', 'conc', '--where', 'Subject=1', '--p0', p0, '--json');
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out) as { params: Record<string, number>; warnings: string[]; cost: number };
};
const exchange = (w: string[]) => w.filter((s) => /can be exchanged without changing the fitted curve/.test(s));

describe('exchangeable parameters', () => {
  it('Theoph subject 1 from R\'s start and from the swapped start: both minima named, same RSS', async () => {
    const asR = await fit('lKe=-2.5,lKa=0.5,lCl=-3');
    for (const name of ['lKe', 'lKa', 'lCl']) expect(Math.abs(asR.params[name] - subject1.params[name]), name).toBeLessThan(1e-4 * subject1.stderr[name]);
    const flipped = await fit('lKe=0.5,lKa=-2.5,lCl=-3');
    expect(flipped.params.lKe).toBeCloseTo(subject1.params.lKa, 5);
    expect(flipped.params.lKa).toBeCloseTo(subject1.params.lKe, 5);
    // The same RSS: R's, to rounding.
    for (const r of [asR, flipped]) expect(Math.abs(2 * r.cost - subject1.rss)).toBeLessThan(1e-9 * subject1.rss);
    for (const r of [asR, flipped]) {
      const said = exchange(r.warnings);
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(new RegExp(`^lKe and lKa can be exchanged without changing the fitted curve: lKe = ${r.params.lKe.toPrecision(6).replace('.', '\\.').replace('-', '\\-')}, lKa = `));
      expect(said[0]).toMatch(/bound them apart \(e\.g\. lKa above lKe\)/);
    }
  });

  it('a global fit of every subject (lCl shared) names the groups where the local rates can be exchanged', async () => {
    const r = await run('fit', theoph, '--model', R.model, '--y', 'conc', '--group', 'Subject', '--shared', 'lCl', '--p0', 'lKe=-2.5,lKa=0.5,lCl=-3', '--json');
    expect(r.code, r.err).toBe(0);
    const said = exchange(JSON.parse(r.out).warnings);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^lKe and lKa can be exchanged without changing the fitted curve in every group \(12\): each group's values and the reverse fit its data equally well/);
    // lCl (shared) with a local rate is no pair: a shared value cannot change for one group alone.
    expect(said[0]).not.toMatch(/lCl/);
  });

  it('a bound that keeps the swapped values out, or a model without the symmetry, says nothing of it', async () => {
    const bounded = await run('fit', theoph, '--model', R.model, '--y', 'conc', '--where', 'Subject=1', '--p0', 'lKe=-2.5,lKa=0.5,lCl=-3', '--bounds', 'lKa=-1:3', '--json');
    expect(exchange(JSON.parse(bounded.out).warnings)).toEqual([]);
    // Two exponentials: exchanging k1 with k2 alone changes the curve (A1 and A2 would have to go along).
    const rows = Array.from({ length: 60 }, (_, i) => `${i / 2},${(5 * Math.exp(-i / 2) + 2 * Math.exp(-i / 20) + 0.002 * Math.sin(5 * i)).toFixed(6)}`);
    const twoExp = await run('fit', file('twoexp.csv', 't,y\n' + rows.join('\n') + '\n'), '--model', 'A1*exp(-k1*t) + A2*exp(-k2*t)', '--p0', 'A1=4,k1=0.8,A2=3,k2=0.1', '--json');
    expect(twoExp.code, twoExp.err).toBe(0);
    const parsed = JSON.parse(twoExp.out);
    expect(parsed.params.k1).not.toBeCloseTo(parsed.params.k2, 3);
    expect(exchange(parsed.warnings)).toEqual([]);
  });
});
