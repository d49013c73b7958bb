/**
 * `--compare-model` end to end against R (fixtures/modelcompare/reference.json, from
 * make_modelcompare.R): on Puromycin (treated) and DNase run 1, the fitted χ² of both models, the
 * F test of anova(nls_simple, nls_full), and each model's AICc (R's AIC plus the small-sample
 * term) agree to 1e-6; nesting is found on the formulas (an extra term, a constant written in, a
 * parameter fixed) and not claimed for a pair that is not nested; bad combinations are refused.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { cliRunner, tempFiles } from '../../test/cli';

interface Case {
  name: string;
  where: string;
  y: string;
  model: string;
  compareModel: string;
  rss: [number, number];
  k: [number, number];
  aicc: [number, number];
  nested: boolean;
  F: number | null;
  df: [number, number];
  p: number | null;
}
const reference: { cases: Case[] } = JSON.parse(readFileSync(new URL('../../fixtures/modelcompare/reference.json', import.meta.url), 'utf8'));
const dataFile = (c: Case) => fileURLToPath(new URL(`../../fixtures/groups/${c.name.startsWith('dnase') ? 'dnase' : 'puromycin'}.csv`, import.meta.url));
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);
const run = cliRunner();

describe('--compare-model', () => {
  // No start values: both models start from the automatic search (src/start).
  for (const c of reference.cases) {
    it(`${c.name}: as R's anova and AIC`, async () => {
      const r = await run('fit', dataFile(c), '--where', c.where, '--y', c.y, '--model', c.model, '--compare-model', c.compareModel, '--json');
      expect(r.code).toBe(0);
      const m = JSON.parse(r.out).modelComparison;
      expect(m.valid).toBe(true);
      m.models.forEach((model: { chi2: number; k: number; aicc: number }, i: number) => {
        expect(rel(model.chi2, c.rss[i])).toBeLessThan(1e-6);
        expect(model.k).toBe(c.k[i]);
        expect(rel(model.aicc, c.aicc[i])).toBeLessThan(1e-6);
      });
      expect(Math.abs(m.deltaAicc - (c.aicc[1] - c.aicc[0]))).toBeLessThan(1e-6);
      expect(m.nested).toBe(c.nested);
      if (c.nested) {
        expect(m.nestedBy).toBe('structure');
        expect(m.simpler).toBe(1);
        expect(rel(m.F, c.F!)).toBeLessThan(1e-6);
        expect(rel(m.p, c.p!)).toBeLessThan(1e-6);
        expect(m.df).toEqual(c.df);
      } else {
        expect([m.nestedBy, m.F, m.p, m.simpler]).toEqual([null, null, null, null]);
      }
      expect(m.weights[0] + m.weights[1]).toBeCloseTo(1, 12);
    });
  }

  it('a parameter fixed with --compare-fix is nested, found either way round, and said in words', async () => {
    const c = reference.cases.find((x) => x.name === 'puromycin-fixed-K')!;
    const base = ['fit', dataFile(c), '--where', c.where, '--y', c.y];
    const fixed = JSON.parse((await run(...base, '--model', 'Vm*conc/(K+conc)', '--compare-model', 'Vm*conc/(K+conc)', '--compare-fix', 'K=0.05', '--json')).out).modelComparison;
    expect(fixed.constants).toEqual({ K: 0.05 });
    expect(rel(fixed.F, c.F!)).toBeLessThan(1e-6);
    expect(fixed.verdict).toMatch(/^The simpler model, Vm\*conc\/\(K\+conc\) with K = 0\.05 fixed, is consistent with the data \(F\(1, 10\) = 3\.19, p = 0\.10\)\./);
    // The simpler model first: the same test, the indices swapped.
    const swapped = JSON.parse((await run(...base, '--model', 'Vm*conc/(0.05+conc)', '--compare-model', 'Vm*conc/(K+conc)', '--json')).out).modelComparison;
    expect(swapped.simpler).toBe(0);
    expect(rel(swapped.F, c.F!)).toBeLessThan(1e-6);
    expect(Math.abs(swapped.deltaAicc + (c.aicc[1] - c.aicc[0]))).toBeLessThan(1e-6);
    const text = await run(...base, '--model', 'Vm*conc/(K+conc)', '--compare-model', 'Vm*conc/(0.05+conc)');
    expect(text.out).toMatch(/model comparison \(same rows\):\n\s+1\. Vm\*conc\/\(K\+conc\): k = 2, χ² = 1195\.45/);
  });

  it('--nested states nesting the formulas cannot show, and the verdict says it was not checked', async () => {
    const c = reference.cases.find((x) => x.name === 'dnase-logistic-vs-mm')!;
    const args = ['fit', dataFile(c), '--where', c.where, '--y', c.y, '--model', c.model, '--compare-model', c.compareModel, '--json'];
    const stated = JSON.parse((await run(...args, '--nested')).out).modelComparison;
    expect([stated.nested, stated.nestedBy, stated.simpler]).toEqual([true, 'user', 1]);
    // F from the two χ² as anova.nls would compute it had the pair been nested.
    const F = (c.rss[1] - c.rss[0]) / 1 / (c.rss[0] / 13);
    expect(rel(stated.F, F)).toBeLessThan(1e-6);
    expect(stated.verdict).toContain('(nesting as stated, not checked)');
    const plain = JSON.parse((await run('fit', dataFile(c), '--where', c.where, '--y', c.y, '--model', c.model, '--json')).out);
    expect(plain.modelComparison).toBeNull();
  });

  it('--report adds the comparison and the derived quantities, with the numbers of the JSON', async () => {
    const c = reference.cases.find((x) => x.name === 'puromycin-linear-term')!;
    const path = join(tempFiles('fitbench-compare-report').dir, 'report.html');
    const args = ['fit', dataFile(c), '--where', c.where, '--y', c.y, '--model', c.model, '--compare-model', c.compareModel, '--derive', 'ratio=Vm/K'];
    const j = JSON.parse((await run(...args, '--json', '--report', path)).out);
    const html = readFileSync(path, 'utf8');
    expect(html).toContain(`<p class="verdict-text" data-f="${j.modelComparison.F}" data-p="${j.modelComparison.p}">`);
    expect(html).toContain(j.modelComparison.verdict.replace(/'/g, '&#39;').split(' (F(')[0]);
    expect(html).toMatch(new RegExp(`<tr data-derived="ratio">.*?data-value="${j.derived.ratio.value}".*?data-value="${j.derived.ratio.stderr}"`));
    const plain = readFileSync(path, 'utf8').length;
    await run('fit', dataFile(c), '--where', c.where, '--y', c.y, '--model', c.model, '--report', path);
    const without = readFileSync(path, 'utf8');
    expect(without.length).toBeLessThan(plain);
    expect(without).not.toContain('Model comparison');
    expect(without).not.toContain('Derived quantities');
  });

  it('refuses what it cannot compare, saying what to do', async () => {
    const file = dataFile(reference.cases[0]);
    const base = ['fit', file, '--where', 'state=treated', '--y', 'rate', '--model', 'Vm*conc/(K+conc)', '--p0', 'Vm=200,K=0.1'];
    expect((await run(...base, '--compare-p0', 'Vm=1')).err).toMatch(/--compare-p0 belongs to a model comparison: add --compare-model "EXPR"/);
    expect((await run(...base, '--compare-model', 'Vm*conc/(K+conc)+b*conc', '--compare-p0', 'Q=1')).err).toMatch(/--compare-p0: the --compare-model model has no parameter "Q"; its parameters are Vm, K, b\./);
    expect((await run(...base, '--compare-model', 'Vm*conc/(K+', '--compare-p0', 'Vm=1')).err).toMatch(/^fitbench: --compare-model: /);
    expect((await run(...base, '--compare-model', 'Vm*conc/(K+conc)+b*conc', '--compare-bounds', 'b=1:0')).err).toMatch(/--compare-bounds: the lower bound of "b" \(1\) must be below its upper bound \(0\)/);
    expect((await run(...base, '--compare-model', 'a*b')).err).toMatch(/--compare-model uses none of the columns/);
    expect((await run(...base, '--compare-model', 'Vm*conc', '--loss', 'huber')).err).toMatch(/does not combine with --loss huber/);
    expect((await run(...base, '--compare-model', 'Vm*conc/(V2+conc)', '--nested')).err).toMatch(/--nested: both models fit 2 parameters/);
    const grouped = await run('fit', file, '--y', 'rate', '--group', 'state', '--model', 'Vm*conc/(K+conc)', '--p0', 'Vm=200,K=0.1', '--compare-model', 'Vm*conc');
    expect(grouped.err).toMatch(/compare a global fit with --shared and --compare instead/);
    expect(grouped.code).toBe(2);
  });
});
