/**
 * `fitbench fit --group COL --random …` (issue 25): the JSON contract of a mixed-effects fit, on
 * R's CO2 with two correlated random effects, against nlme (fixtures/mixed/fits.json, co2-full-ml),
 * and the refusals of options a mixed-effects fit does not take.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliRunner, tempFiles } from '../../test/cli';

const DIR = join(import.meta.dirname, '../../fixtures/mixed');
const REF = (JSON.parse(readFileSync(join(DIR, 'fits.json'), 'utf8')) as { name: string }[]).find((c) => c.name === 'co2-full-ml') as unknown as {
  fixed: Record<string, number>; fixedSe: Record<string, number>; randomSd: Record<string, number>; randomCorr: number[][]; sigma: number; logLik: number; aic: number; bic: number; groups: Record<string, Record<string, number>>;
};
const CO2 = ['fit', join(DIR, 'co2.csv'), '--model', 'Asym*(1 - exp(-exp(lrc)*(conc - c0)))', '--y', 'uptake', '--group', 'Plant', '--p0', 'Asym=32.5,lrc=-4.6,c0=43'];
interface Side { logLik: number; aic: number; parameters: number }
const COMPARE = JSON.parse(readFileSync(join(DIR, 'compare.json'), 'utf8')) as { name: string; simple: Side; complex: Side; lr: number; df: number; p: number }[];
const cmp = (name: string) => COMPARE.find((c) => c.name === name)!;
const run = cliRunner();
const { file } = tempFiles('fitbench-mixed');
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe('fitbench fit --random', () => {
  it('--json: the mixed object and each group\'s parameters, as nlme', async () => {
    const r = await run(...CO2, '--random', 'Asym,lrc', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.mode).toBe('mixed');
    const m = j.mixed;
    expect([m.method, m.cov]).toEqual(['ml', 'full']);
    for (const n of ['Asym', 'lrc', 'c0']) {
      expect(rel(m.fixed[n], REF.fixed[n])).toBeLessThan(1e-3);
      expect(rel(m.fixedStderr[n], REF.fixedSe[n])).toBeLessThan(1e-2);
    }
    expect(rel(m.randomSd.lrc, REF.randomSd.lrc)).toBeLessThan(1e-2);
    expect(Math.abs(m.randomCorr[0][1] - REF.randomCorr[0][1])).toBeLessThan(1e-2);
    expect(rel(m.sigma, REF.sigma)).toBeLessThan(1e-3);
    expect(m.logLik).toBeGreaterThanOrEqual(REF.logLik - 1e-3);
    expect(Math.abs(m.aic - REF.aic)).toBeLessThan(2e-3);
    expect(j.groups).toHaveLength(12);
    for (const g of j.groups) {
      for (const key of ['group', 'rows', 'success', 'status', 'message', 'params', 'stderr', 'cost']) expect(g).toHaveProperty(key);
      expect(rel(g.params.Asym, REF.groups[g.group].Asym)).toBeLessThan(1e-3);
      expect(g.params.Asym - m.fixed.Asym).toBeCloseTo(g.randomEffects.Asym, 9);
    }
    // Against the global fit, as R's anova(gnls fit, nlme fit) (fixtures/mixed/make_compare.R).
    const ref = cmp('co2-global');
    expect(m.comparisons).toHaveLength(1);
    const [c] = m.comparisons;
    expect([c.against, c.simpler.kind, c.richer.kind, c.simpler.parameters, c.richer.parameters, c.df]).toEqual(['global', 'global', 'mixed', ref.simple.parameters, ref.complex.parameters, ref.df]);
    expect(Math.abs(c.simpler.logLik - ref.simple.logLik)).toBeLessThan(1e-6);
    expect(Math.abs(m.global.logLik - ref.simple.logLik)).toBeLessThan(1e-6);
    expect(Math.abs(c.lr - ref.lr)).toBeLessThan(4e-3);
    expect(c.pValue).toBeLessThan(1e-30);
    expect(m.comparisonNote).toMatch(/boundary.*conservative/);
  });

  it('--compare-random-cov diag: the diagonal Ψ against the general one, as R\'s anova(fit_diag, fit_full)', async () => {
    const r = await run(...CO2, '--random', 'Asym,lrc', '--compare-random-cov', 'diag', '--json');
    expect(r.code).toBe(0);
    const m = JSON.parse(r.out).mixed;
    const ref = cmp('co2-diag-full');
    const c = m.comparisons[1];
    expect([c.against, c.simpler.cov, c.richer.cov, c.simpler.parameters, c.richer.parameters, c.df]).toEqual(['random', 'diag', 'full', ref.simple.parameters, ref.complex.parameters, ref.df]);
    expect(c.simpler.logLik).toBeGreaterThanOrEqual(ref.simple.logLik - 1e-3);
    expect(Math.abs(c.lr - ref.lr)).toBeLessThan(4e-3);
    expect(Math.abs(c.pValue - ref.p) / ref.p).toBeLessThan(1e-2);
    // The text report prints anova()'s table and the verdict.
    const text = await run(...CO2, '--random', 'Asym,lrc', '--compare-random-cov', 'diag');
    expect(text.out).toMatch(/Comparisons \(likelihood-ratio tests\):/);
    expect(text.out).toMatch(/random Asym, lrc \(general Ψ\) against random Asym, lrc \(diagonal Ψ\): likelihood ratio 4\.9\d on 1 df, p = 0\.026/);
  });

  it('refuses what it does not take, naming the fix', async () => {
    const bounds = await run(...CO2, '--random', 'Asym', '--bounds', 'Asym=0:100');
    expect([bounds.code, bounds.err]).toEqual([2, expect.stringMatching(/--bounds does not work with --random/)]);
    const reml = await run(...CO2, '--method', 'reml');
    expect([reml.code, reml.err]).toEqual([2, expect.stringMatching(/add --random NAMES/)]);
    const fixed = await run(...CO2.slice(0, -1), 'Asym=32.5,lrc=-4.6', '--random', 'c0', '--fix', 'c0=45');
    expect([fixed.code, fixed.err]).toEqual([2, expect.stringMatching(/"c0" is fixed/)]);
    // A group whose residuals cannot be computed at the start is named.
    const bad = file('bad.csv', 'g,x,y\na,1,1\na,2,2\na,3,3\nb,-1,1\nb,-2,2\nb,3,3\nc,1,1.2\nc,2,2.1\nc,3,2.9\n');
    const log = await run('fit', bad, '--model', 'a*log(x) + c', '--group', 'g', '--random', 'c', '--p0', 'a=1,c=0');
    expect([log.code, log.err]).toEqual([2, expect.stringMatching(/group "b" are not finite at the start values/)]);
    const apart = await run(...CO2, '--random', 'Asym', '--compare-random', 'lrc');
    expect([apart.code, apart.err]).toEqual([2, expect.stringMatching(/do not nest/)]);
    const alone = await run(...CO2, '--compare-random', 'lrc');
    expect([alone.code, alone.err]).toEqual([2, expect.stringMatching(/--compare-random compares a mixed-effects fit.*add --random/)]);
  });
});
