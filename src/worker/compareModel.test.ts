/**
 * "Compare with another model" through the worker's functions (Node): after the page's fit of
 * Puromycin (treated), a second model on the same rows gives R's anova F test and AICc
 * (fixtures/modelcompare); nesting is found for a written-in constant and for a fixed parameter;
 * input the comparison cannot use is refused with what to do; Cancel stops it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../state/slices/settings';
import { compareWithModel } from './compareModel';
import { cancelFit, runFit } from './fit';
import { loadText } from './load';

const fixture = (path: string) => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), 'utf8');
const R = JSON.parse(fixture('modelcompare/reference.json')).cases as { name: string; rss: number[]; aicc: number[]; F: number; p: number; df: number[] }[];
const mapping = { x: ['conc'], y: 'rate', sigma: null, rows: { where: ['state=treated'], exclude: [] } };
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

async function fit(model: string, parameters: { name: string; value: number; fixed?: boolean }[], settings = DEFAULT_SETTINGS) {
  const loaded = loadText(fixture('groups/puromycin.csv'), 'puromycin.csv');
  if (!loaded.ok) throw new Error(loaded.error.message);
  const rows = parameters.map((p) => ({ min: -Infinity, max: Infinity, fixed: false, ...p }));
  const status = await runFit({ model, mapping, parameters: rows, settings, plotVar: 0, logX: false, buckets: 400 });
  if (!status.ok) throw new Error(status.error.message);
}
const mm = () => fit('Vm*conc/(K+conc)', [{ name: 'Vm', value: 200 }, { name: 'K', value: 0.05 }]);

describe('comparing the last fit with another model in the worker', () => {
  it('an extra term: the simpler last fit is preferred, F and AICc as R', async () => {
    await mm();
    const r = R.find((c) => c.name === 'puromycin-linear-term')!;
    const status = await compareWithModel({ model: 'Vm*conc/(K+conc) + b*conc', fixed: [] });
    if (!status.ok) throw new Error(status.error.message);
    const c = status.value.comparison;
    expect([c.nested, c.simpler, c.preferred]).toEqual(['structure', 0, 0]);
    expect([...c.constants]).toEqual([['b', 0]]);
    // R's first model is the fuller one: here it is the second.
    expect(rel(c.models[1].chi2, r.rss[0])).toBeLessThan(1e-6);
    expect(rel(c.models[0].chi2, r.rss[1])).toBeLessThan(1e-6);
    expect(rel(c.F, r.F)).toBeLessThan(1e-6);
    expect(rel(c.p, r.p)).toBeLessThan(1e-6);
    expect(rel(c.models[1].aicc, r.aicc[0])).toBeLessThan(1e-6);
    expect(c.verdict).toMatch(/^The simpler model, Vm\*conc\/\(K\+conc\), is consistent with the data \(F\(1, 9\) = 1\.44, p = 0\.26\)/);
    expect(status.value.second.parameters.map((p) => p.name)).toEqual(['Vm', 'K', 'b']);
  });

  it('nesting the formulas cannot show is taken on the user\'s word (the CLI\'s --nested): the F test of R then', async () => {
    await mm();
    const r = R.find((c) => c.name === 'puromycin-linear-term')!;
    // K = exp(lK): the same family with a term more, which the check on the formulas cannot see.
    const second = 'Vm*conc/(exp(lK)+conc) + b*conc';
    const unsaid = await compareWithModel({ model: second, fixed: [] });
    if (!unsaid.ok) throw new Error(unsaid.error.message);
    expect(unsaid.value.comparison.nested).toBeNull();
    expect(unsaid.value.comparison.verdict).toMatch(/^The models are not nested, so there is no F test/);
    const said = await compareWithModel({ model: second, fixed: [], nested: true });
    if (!said.ok) throw new Error(said.error.message);
    const c = said.value.comparison;
    expect([c.nested, c.simpler]).toEqual(['user', 0]);
    expect(rel(c.F, r.F)).toBeLessThan(1e-6);
    expect(rel(c.p, r.p)).toBeLessThan(1e-6);
  });

  it('the same model with K fixed is nested; so is the last fit with K fixed against the free one', async () => {
    await mm();
    const r = R.find((c) => c.name === 'puromycin-fixed-K')!;
    const status = await compareWithModel({ model: 'Vm*conc/(K+conc)', fixed: [{ name: 'K', value: 0.05 }] });
    if (!status.ok) throw new Error(status.error.message);
    expect(status.value.comparison.models[1].label).toBe('Vm*conc/(K+conc) with K = 0.05 fixed');
    expect(rel(status.value.comparison.F, r.F)).toBeLessThan(1e-6);
    await fit('Vm*conc/(K+conc)', [{ name: 'Vm', value: 200 }, { name: 'K', value: 0.05, fixed: true }]);
    const back = await compareWithModel({ model: 'Vm*conc/(K+conc)', fixed: [] });
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.comparison.simpler).toBe(0);
    expect(rel(back.value.comparison.F, r.F)).toBeLessThan(1e-6);
  });

  it('refuses what it cannot compare, saying what to do, and stops on Cancel', async () => {
    await mm();
    const noX = await compareWithModel({ model: 'a + b', fixed: [] });
    expect(!noX.ok && noX.error.message).toMatch(/uses no x column \(conc\); write it in terms of conc/);
    const unknown = await compareWithModel({ model: 'Vm*conc', fixed: [{ name: 'K', value: 1 }] });
    expect(!unknown.ok && unknown.error.message).toMatch(/"K" is fixed but the second model has no parameter "K"; its parameters are Vm\./);
    // Stated nesting needs a simpler model: with as many fitted parameters neither is (the CLI's --nested refusal).
    const same = await compareWithModel({ model: 'Vm*conc/(V2+conc)', fixed: [], nested: true });
    expect(!same.ok && [same.error.code, same.error.message]).toEqual(['compare-nested-same-size', expect.stringMatching(/^Both models fit 2 parameters/)]);
    const syntax = await compareWithModel({ model: 'Vm*conc/(', fixed: [] });
    expect(!syntax.ok && syntax.error.field).toBe('model');
    const running = compareWithModel({ model: 'Vm*conc/(K+conc) + b*conc', fixed: [] });
    cancelFit();
    const cancelled = await running;
    expect(!cancelled.ok && cancelled.error.code).toBe('cancelled');
    await fit('Vm*conc/(K+conc)', [{ name: 'Vm', value: 200 }, { name: 'K', value: 0.05 }], { ...DEFAULT_SETTINGS, loss: 'soft_l1' });
    const robust = await compareWithModel({ model: 'Vm*conc', fixed: [] });
    expect(!robust.ok && robust.error.message).toMatch(/needs the least-squares loss; the last fit used soft_l1/);
  });
});
