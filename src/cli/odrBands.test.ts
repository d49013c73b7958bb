/**
 * `fitbench fit --sigma-x … --predict x=…` (issue 24): ŷ at new x with the confidence interval of
 * the curve from ODRPACK's covariance, against an independent computation
 * (fixtures/odr/make_bands.py: scipy.odr's cov_beta and res_var, a numeric gradient, the delta
 * method) to 1e-6 relative, scaled by res_var and with --absolute-sigma; no prediction interval
 * (a new observation's variance at a new x is not known); the other assay options refused.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliRunner } from '../../test/cli';

const run = cliRunner();
interface Band { name: string; x: number[]; y: number[]; half: number[]; halfAbsolute: number[] }
const bands = JSON.parse(readFileSync('fixtures/odr/bands.json', 'utf8')).bands as Band[];
const band = (name: string) => bands.find((b) => b.name === name)!;
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

async function predicted(file: string, model: string, xs: number[], extra: string[] = []) {
  const r = await run('fit', file, '--model', model, '--y', 'y', '--sigma', 'sy', '--sigma-x', 'sx', '--predict', `x=${xs.join(',')}`, '--json', ...extra);
  expect(r.err).toBe('');
  return JSON.parse(r.out).predicted as { x: number; y: number; confLower: number; confUpper: number; predLower: number | null; predUpper: number | null }[];
}

function expectBand(got: Awaited<ReturnType<typeof predicted>>, want: Band, half: number[]) {
  expect(got).toHaveLength(want.x.length);
  got.forEach((p, i) => {
    expect(p.x).toBe(want.x[i]);
    expect(rel(p.y, want.y[i])).toBeLessThan(1e-6);
    expect(rel((p.confUpper - p.confLower) / 2, half[i])).toBeLessThan(1e-6);
    expect(rel((p.confUpper + p.confLower) / 2, want.y[i])).toBeLessThan(1e-6);
    expect(p.predLower).toBeNull();
    expect(p.predUpper).toBeNull();
  });
}

describe('confidence bands of an errors-in-x fit (--predict)', () => {
  it("York's line and a nonlinear curve: the delta method with ODRPACK's cov_beta·res_var", async () => {
    const york = band('pearson-york');
    expectBand(await predicted('fixtures/odr/york.csv', 'a + b*x', york.x), york, york.half);
    const expo = band('exponential');
    expectBand(await predicted('fixtures/odr/exponential.csv', 'a*exp(k*x) + c', expo.x, ['--p0', 'a=2.5,k=-0.5,c=0.4']), expo, expo.half);
  });

  it('--absolute-sigma: ODRPACK’s unscaled cov_beta; unknowns and implicit models refused', async () => {
    const expo = band('exponential');
    expectBand(await predicted('fixtures/odr/exponential.csv', 'a*exp(k*x) + c', expo.x, ['--p0', 'a=2.5,k=-0.5,c=0.4', '--absolute-sigma']), expo, expo.halfAbsolute);
    const circle = await run('fit', 'fixtures/odr/circle.csv', '--model', '(px-a)^2 + (py-b)^2 = R^2', '--sigma-x', 's', '--p0', 'a=0.8,b=-0.3,R=1.8', '--predict', 'px=1');
    expect(circle.err).toMatch(/--predict .* implicit model/);
    const rout = await run('fit', 'fixtures/odr/york.csv', '--model', 'a + b*x', '--y', 'y', '--sigma-x', 'sx', '--outliers', 'rout');
    expect(rout.err).toMatch(/--outliers does not run with errors in x .* only --predict/);
  });
});
