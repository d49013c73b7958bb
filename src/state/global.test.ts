/**
 * "Global" through the store's actions with the worker API in-thread (issue 9): Puromycin fitted
 * with a shared K (R's classic `rate ~ Vm[state]*conc/(K + conc)`) against R's nls
 * (fixtures/groupfits/nls_groups.json: RSS to 1e-6, parameters, standard errors, and anova's F
 * and p for the comparison with the separate fits), and the rows and groups the fit takes:
 * excluded rows and picked groups exactly as "Fit each group" takes them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { runGroupFits } from './actions/batch';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { compareWithSeparate, runGlobalFit, setGroupMode, setShared } from './actions/global';
import { setGroupBy, toggleGroup } from './actions/groups';
import { runMixedFit, setRandom } from './actions/mixed';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { setTie } from './actions/ties';
import { groupTiedValues } from './groupTies';
import { openLink, planCurrentLink } from './actions/link';
import { excludeLines } from './actions/rows';
import { setSigmaXColumn } from './actions/settings';
import { getState, initialState, setState } from './store';

const fixtures = join(import.meta.dirname, '..', '..', 'fixtures');
const csv = readFileSync(join(fixtures, 'groups', 'puromycin.csv'), 'utf8');
const R = JSON.parse(readFileSync(join(fixtures, 'groupfits', 'nls_groups.json'), 'utf8')).puromycin;
const ref = R.globalSharedK as { rss: number; groups: string[]; Vm: number[]; K: number; seVm: number[]; seK: number; groupRss: number[]; anova: { F: number; df: number[]; p: number } };

async function setUp(text: string): Promise<void> {
  setClient(localClient());
  setState(initialState, true);
  expect(await loadText(text, 'puromycin.csv')).toBe(true);
  setModelText('Vm*conc/(K + conc)');
  setParamValue('Vm', 200);
  setParamValue('K', 0.1);
  await setGroupBy('state');
  setGroupMode('global');
  setShared('K', true);
}

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe('global fit over groups', () => {
  beforeEach(() => setUp(csv));

  it('fits Puromycin with a shared K as R nls does (RSS to 1e-6; Vm per state, K, standard errors)', async () => {
    await runGlobalFit();
    const s = getState();
    expect(s.globalError).toBeNull();
    expect(s.globalStatus).toBe('done');
    const g = s.global!;
    expect(g.success).toBe(true);
    expect(g.shared).toEqual(['K']);
    expect(g.local).toEqual(['Vm']);
    expect(rel(g.chi2, ref.rss)).toBeLessThan(1e-6);
    expect(rel(2 * g.cost, ref.rss)).toBeLessThan(1e-6);
    const vm = g.names.indexOf('Vm');
    const k = g.names.indexOf('K');
    ref.groups.forEach((key, i) => {
      const row = g.rows.find((r) => r.key === key)!;
      expect(row.included).toBe(true);
      expect(rel(2 * row.cost, ref.groupRss[i])).toBeLessThan(1e-6);
      expect(rel(row.params[vm], ref.Vm[i])).toBeLessThan(1e-6);
      expect(rel(row.params[k], ref.K)).toBeLessThan(1e-6);
      expect(rel(row.stderr[vm], ref.seVm[i])).toBeLessThan(1e-4);
      expect(rel(row.stderr[k], ref.seK)).toBeLessThan(1e-4);
    });
    // Each group drawn with the curve through its global parameters.
    expect(g.overlay.map((o) => o.key)).toEqual(['treated', 'untreated']);
    const c = g.overlay[1].curve!;
    const xe = c.x[c.x.length - 1];
    expect(c.y[c.y.length - 1]).toBeCloseTo((ref.Vm[1] * xe) / (ref.K + xe), 6);
  });

  it('compares the global fit with the separate fits as anova() does, and says it in words', async () => {
    await compareWithSeparate();
    const s = getState();
    expect(s.comparisonError).toBeNull();
    expect(s.comparisonStatus).toBe('done');
    const c = s.comparison!.comparison;
    expect(c.valid).toBe(true);
    expect([c.dfNumerator, c.dfDenominator]).toEqual(ref.anova.df);
    expect(rel(c.F, ref.anova.F)).toBeLessThan(1e-5);
    expect(rel(c.p, ref.anova.p)).toBeLessThan(1e-5);
    expect(c.preferred).toBe('global');
    expect(c.verdict).toMatch(/^A shared K is consistent with the data \(F\(1, 19\) = 1\.72, p = 0\.21\)/);
    // The comparison's global fit is shown as the global fit.
    expect(rel(s.global!.chi2, ref.rss)).toBeLessThan(1e-6);
  });

  it('takes only the picked groups: one group with K shared is that group fitted alone', async () => {
    toggleGroup('untreated');
    await runGlobalFit();
    const g = getState().global!;
    expect(g.rows.map((r) => r.key)).toEqual(['treated']);
    const alone = R.perGroup.find((p: { group: string }) => p.group === 'treated');
    expect(rel(2 * g.cost, alone.rss)).toBeLessThan(1e-6);
    expect(rel(g.rows[0].params[g.names.indexOf('K')], alone.params.K)).toBeLessThan(1e-5);
  });

  it('leaves out excluded rows as "Fit each group" does', async () => {
    // Line 3 is the second row (0.02, 47, treated); the same fit on the file without it.
    await excludeLines([3]);
    await runGlobalFit();
    await runGroupFits();
    const excluded = getState();
    expect(excluded.global!.rows[0].rows).toBe(11);
    expect(excluded.batch!.rows[0].rows).toBe(11);
    const lines = csv.trim().split('\n');
    await setUp([...lines.slice(0, 2), ...lines.slice(3)].join('\n'));
    await runGlobalFit();
    const removed = getState().global!;
    expect(rel(excluded.global!.chi2, removed.chi2)).toBeLessThan(1e-9);
    expect(rel(excluded.global!.chi2, ref.rss)).toBeGreaterThan(1e-3);
  });

  it('asks for a shared parameter instead of fitting, and changing the marks drops the results', async () => {
    setShared('K', false);
    await runGlobalFit();
    expect(getState().globalStatus).toBe('error');
    expect(getState().globalError?.message).toMatch(/shared/);
    setShared('K', true);
    await runGlobalFit();
    expect(getState().global).not.toBeNull();
    setShared('Vm', true);
    expect(getState().global).toBeNull();
    expect(getState().sharedParams).toEqual(['Vm', 'K']);
  });

  it('a link carries the groups, the mode and the shared marks, and opens into the same global fit', async () => {
    await excludeLines([3]);
    await runGlobalFit();
    const made = getState().global!;
    await runFit();
    const plan = await planCurrentLink();
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.dataIncluded).toBe(true);
    setState(initialState, true);
    expect(await openLink(plan.value.fragment)).toBe(true);
    const s = getState();
    expect(s.groupBy).toBe('state');
    expect(s.groupMode).toBe('global');
    expect(s.sharedParams).toEqual(['K']);
    expect(s.globalStatus).toBe('done');
    expect(s.linkNotice).toMatch(/the fit and the global fit ran again/);
    const g = s.global!;
    expect(g.rows.map((r) => [r.key, r.rows])).toEqual(made.rows.map((r) => [r.key, r.rows]));
    // The single fit before the link moved the start values (the parameter table): the same
    // optimum, reached from another start.
    expect(rel(g.chi2, made.chi2)).toBeLessThan(1e-10);
    g.rows.forEach((r, i) => r.params.forEach((v, j) => expect(rel(v, made.rows[i].params[j])).toBeLessThan(1e-7)));
  });
});

describe('a tied parameter in a global fit', () => {
  beforeEach(() => setUp(csv));

  it("gives each group's tied value, as the global fit of the model written by hand gives it", async () => {
    setModelText('Vm*conc/(K + conc) - Vm/20');
    setShared('K', true);
    await runGlobalFit();
    const byHand = getState().global!;
    setModelText('Vm*conc/(K + conc) + c');
    setShared('K', true);
    expect(setTie('c', '-Vm/20')).toBeNull();
    await runGlobalFit();
    const g = getState().global!;
    expect(g.local).toEqual(['Vm']);
    expect(g.ties).toEqual([{ name: 'c', expression: '-Vm/20' }]);
    byHand.rows.forEach((hand, i) => {
      const vm = hand.params[byHand.names.indexOf('Vm')];
      const [c] = groupTiedValues(g.ties, g.names, g.rows[i].params);
      expect(Math.abs(c - -vm / 20) / (vm / 20)).toBeLessThan(1e-9);
    });
  });

  it('fits the groups with errors in x when a σx column is picked (src/state/groupsOdeOdr.test.ts: as the CLI), refusing a σ that is y, and not mixed effects', async () => {
    await setSigmaXColumn('conc', 'rate');
    await runGlobalFit();
    expect(getState().globalError?.code).toBe('sigma-x');
    expect(getState().globalError?.message).toMatch(/already uses as y/);
    setGroupMode('mixed');
    setRandom('Vm', true);
    await runMixedFit();
    expect(getState().mixedError?.code).toBe('odr-groups-mixed');
  });
});
