/**
 * compareModels against R (fixtures/modelcompare, made by make_modelcompare.R): from R's own
 * residual sums of squares, the F test equals anova(nls_simple, nls_full) and ΔAICc equals R's
 * AIC difference with the small-sample term; the verdict names the preferred model in words.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareModels, type ModelFitSummary } from './compareModels';

interface Case {
  name: string;
  model: string;
  compareModel: string;
  rss: [number, number];
  k: [number, number];
  n: number;
  aic: [number, number];
  aicc: [number, number];
  nested: boolean;
  F: number | null;
  df: [number | null, number | null];
  p: number | null;
}
const reference: { cases: Case[] } = JSON.parse(readFileSync(new URL('../../../fixtures/modelcompare/reference.json', import.meta.url), 'utf8'));
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);
const summaries = (c: Case, aicc?: [number, number]): [ModelFitSummary, ModelFitSummary] =>
  [0, 1].map((i) => ({ label: i === 0 ? c.model : c.compareModel, success: true, chi2: c.rss[i], points: c.n, parameters: c.k[i], aicc: aicc?.[i] })) as [ModelFitSummary, ModelFitSummary];
// In every case of the fixture the first model is the fuller one.
const nestedAsFixture = (c: Case) => (c.nested ? { by: 'structure' as const, nesting: { simpler: 1 as const, constants: new Map<string, number>() } } : null);

describe('one model against another', () => {
  for (const c of reference.cases) {
    it(`${c.name}: F, p and ΔAICc as R's anova and AIC`, () => {
      const cmp = compareModels(...summaries(c), nestedAsFixture(c));
      expect(cmp.valid).toBe(true);
      const rDelta = c.aicc[1] - c.aicc[0];
      // AICc from χ² alone (criteria.ts) differs from R's by a constant of the points: Δ agrees.
      expect(Math.abs(cmp.deltaAicc - rDelta)).toBeLessThan(1e-9 * Math.abs(c.aicc[0]));
      // Checked on AIC too: the small-sample terms are the two models' own.
      const smallSample = (k: number) => (2 * (k + 1) * (k + 2)) / (c.n - k - 2);
      expect(Math.abs(cmp.deltaAicc - (c.aic[1] - c.aic[0]) - (smallSample(c.k[1]) - smallSample(c.k[0])))).toBeLessThan(1e-9 * Math.abs(c.aic[0]));
      const own = compareModels(...summaries(c, c.aicc), nestedAsFixture(c));
      expect(own.models.map((m) => m.aicc)).toEqual(c.aicc);
      expect(own.deltaAicc).toBeCloseTo(cmp.deltaAicc, 9);
      expect(cmp.models[0].weight + cmp.models[1].weight).toBeCloseTo(1, 15);
      if (c.nested) {
        expect(rel(cmp.F, c.F!)).toBeLessThan(1e-12);
        expect(rel(cmp.p, c.p!)).toBeLessThan(1e-10);
        expect(cmp.df).toEqual(c.df);
        expect(cmp.preferred).toBe(c.p! < 0.05 ? 0 : 1);
        expect(cmp.verdict).toContain(`The simpler model, ${c.compareModel}, is consistent with the data (F(${c.df[0]}, ${c.df[1]}) = ${c.F!.toPrecision(3)}`);
      } else {
        expect(cmp.F).toBeNaN();
        expect(cmp.preferred).toBe(rDelta < 0 ? 1 : 0);
        expect(cmp.verdict).toMatch(/^The models are not nested, so there is no F test; AICc prefers /);
      }
    });
  }

  it('a significant extra term is preferred, and the verdict says so', () => {
    const full: ModelFitSummary = { label: 'a*x + b*x^2', success: true, chi2: 10, points: 20, parameters: 2 };
    const simple: ModelFitSummary = { label: 'a*x', success: true, chi2: 30, points: 20, parameters: 1 };
    const cmp = compareModels(simple, full, { by: 'structure', nesting: { simpler: 0, constants: new Map([['b', 0]]) } });
    // F = (20/1)/(10/18) = 36 on (1, 18).
    expect(cmp.F).toBeCloseTo(36, 12);
    expect(cmp.preferred).toBe(1);
    expect(cmp.verdict).toMatch(/^The fuller model, a\*x \+ b\*x\^2, fits significantly better \(F\(1, 18\) = 36\.0, p < 0\.001\)\. AICc prefers a\*x \+ b\*x\^2/);
  });

  it('says when nesting was only stated, and refuses a failed fit', () => {
    const a: ModelFitSummary = { label: 'A', success: true, chi2: 12, points: 20, parameters: 3 };
    const b: ModelFitSummary = { label: 'B', success: true, chi2: 13, points: 20, parameters: 2 };
    expect(compareModels(a, b, { by: 'user', nesting: { simpler: 1, constants: new Map() } }).verdict).toContain('(nesting as stated, not checked)');
    const failed = compareModels(a, { ...b, success: false }, null);
    expect(failed.valid).toBe(false);
    expect(failed.preferred).toBeNull();
    expect(failed.verdict).toBe('No comparison: the fit of B did not converge.');
    // A fuller model that ends above the simpler one it contains stopped in a local minimum.
    const stuck = compareModels(a, { ...b, chi2: 11 }, { by: 'structure', nesting: { simpler: 1, constants: new Map() } });
    expect([stuck.valid, stuck.preferred]).toEqual([false, null]);
    expect(stuck.verdict).toBe('No comparison: the fit of A ended with a larger χ² (12.0000) than that of B (11.0000), which it contains: it stopped in a local minimum. Fit it from other starts.');
    expect(compareModels(a, { ...b, points: 19 }, null).verdict).toBe('No comparison: the models were fitted to different points (20 and 19).');
  });
});
