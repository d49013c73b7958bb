/**
 * `fitbench fit` with errors in x (issue 24): York's line through Pearson's data and a circle's
 * implicit fit in --json against ODRPACK (fixtures/odr/make_fits.py), the `odr` object beside the
 * fields every fit has, --deltas, and the refusals in the options' words.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';

const run = cliRunner();
const { file } = tempFiles('fitbench-odr');
const fits = JSON.parse(readFileSync('fixtures/odr/fits.json', 'utf8')).fits as { name: string; beta: number[]; sd_beta: number[]; sum_square: number; sum_square_delta: number; delta: number[]; exact?: { beta: number[]; sd_beta: number[]; sum_square: number } }[];
const york = fits.find((f) => f.name === 'pearson-york')!;
const circle = fits.find((f) => f.name === 'circle')!;
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe('fitbench fit with errors in x', () => {
  it("York's line: ODRPACK's β, sd_beta and sums of squares in --json, the usual fields plus odr", async () => {
    const r = await run('fit', 'fixtures/odr/york.csv', '--model', 'a + b*x', '--y', 'y', '--sigma', 'sy', '--sigma-x', 'sx', '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(rel(j.params.a, york.beta[0])).toBeLessThan(1e-6);
    expect(rel(j.params.b, york.beta[1])).toBeLessThan(1e-6);
    expect(rel(j.stderr.a, york.sd_beta[0])).toBeLessThan(1e-3);
    expect(rel(j.odr.sd_beta.b, york.sd_beta[1])).toBeLessThan(1e-3);
    expect(rel(j.odr.sum_square, york.sum_square)).toBeLessThan(1e-6);
    expect(rel(j.odr.sum_square_delta, york.sum_square_delta)).toBeLessThan(1e-6);
    expect(rel(j.cost, york.sum_square / 2)).toBeLessThan(1e-6);
    expect(j.odr.delta).toBeUndefined();
    const plain = JSON.parse((await run('fit', 'fixtures/odr/york.csv', '--model', 'a + b*x', '--y', 'y', '--sigma', 'sy', '--json')).out);
    expect(Object.keys(j).filter((k) => k !== 'odr').sort()).toEqual(Object.keys(plain).sort());
    // --deltas: δ per row under its column's name, and ε.
    const d = JSON.parse((await run('fit', 'fixtures/odr/york.csv', '--model', 'a + b*x', '--y', 'y', '--sigma', 'sy', '--sigma-x', 'x=sx', '--deltas', '--json')).out);
    expect(d.odr.delta.x).toHaveLength(10);
    york.delta.forEach((v, i) => expect(Math.abs(d.odr.delta.x[i] - v)).toBeLessThan(1e-6 * Math.max(...york.delta.map(Math.abs))));
    expect(d.odr.eps).toHaveLength(10);
  });

  it('an implicit circle: the exact orthogonal-distance fit; the text report says ODR', async () => {
    const args = ['fit', 'fixtures/odr/circle.csv', '--model', '(px-a)^2 + (py-b)^2 = R^2', '--sigma-x', 's', '--p0', 'a=0.8,b=-0.3,R=1.8'];
    const j = JSON.parse((await run(...args, '--json')).out);
    ['a', 'b', 'R'].forEach((name, i) => {
      expect(rel(j.params[name], circle.exact!.beta[i])).toBeLessThan(1e-6);
      expect(rel(j.stderr[name], circle.exact!.sd_beta[i])).toBeLessThan(1e-3);
    });
    expect(j.odr).toMatchObject({ kind: 'implicit', observed: ['px', 'py'] });
    const text = await run(...args);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/ODR \(orthogonal distance regression.*implicit model/);
  });

  it('refuses what does not run yet, and bad σx by its line', async () => {
    const base = ['fit', 'fixtures/odr/york.csv', '--model', 'a + b*x', '--y', 'y', '--sigma-x', 'sx'];
    expect((await run(...base, '--loss', 'soft_l1')).err).toMatch(/--loss soft_l1 does not run with errors in x/);
    expect((await run(...base, '--backend', 'gpu')).err).toMatch(/float64 on the CPU/);
    expect((await run(...base.slice(0, 6), '--deltas')).err).toMatch(/--deltas writes the δ per row/);
    expect((await run('fit', 'fixtures/odr/circle.csv', '--model', 'px^2 + py^2 = R^2', '--sigma-x', 's')).err).toMatch(/give every free parameter a start|no start value/);
    const bad = file('bad.csv', 'x,y,sx\n1,2,0.1\n2,3,0\n3,4,0.1\n4,5,0.1\n');
    const r = await run('fit', bad, '--model', 'a + b*x', '--y', 'y', '--sigma-x', 'sx', '--p0', 'a=1,b=1');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/σ of "x" is 0 at line 3/);
    expect((await run('fit', 'fixtures/odr/circle.csv', '--model', 'px^2 + 0*py = R^2', '--sigma-x', 's', '--p0', 'R=1')).err).toMatch(/does not depend on "py"|only the column "px"/);
  });
});
