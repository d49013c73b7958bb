/**
 * The page's grouped fits through the worker's adapter (request → grouped job → runGroupJob over
 * the page's host), in Node: "Fit each group", "Global" with K shared and "Compare with separate
 * fits" on R's Puromycin reach nls's values (fixtures/groupfits/nls_groups.json, made by
 * fixtures/groupfits/nls_groups.R); progress arrives in each phase; a global fit with nothing
 * shared is refused as the job's clash rule says, before anything runs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../state/slices/settings';
import type { GlobalFitProgress, GroupBatchProgress, GroupBatchRequest } from './api';
import { compareGlobalGroups, fitEachGroup, fitGlobalGroups } from './groupFit';
import { loadText } from './load';

const FIX = join(import.meta.dirname, '../../fixtures');
const R = JSON.parse(readFileSync(join(FIX, 'groupfits/nls_groups.json'), 'utf8')).puromycin;
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

const request: GroupBatchRequest = {
  model: R.model,
  libraryId: null,
  mapping: { x: ['conc'], y: 'rate', sigma: null },
  group: 'state',
  keys: null,
  parameters: [
    { name: 'Vm', value: 200, min: -Infinity, max: Infinity, fixed: false },
    { name: 'K', value: 0.1, min: -Infinity, max: Infinity, fixed: false },
  ],
  settings: DEFAULT_SETTINGS,
  plotVar: 0,
};

describe('grouped fits in the worker', () => {
  it("fits each state, globally with K shared, and compares: R's nls values and anova F", async () => {
    const loaded = loadText(readFileSync(join(FIX, 'groups/puromycin.csv'), 'utf8'), 'puromycin.csv');
    if (!loaded.ok) throw new Error(loaded.error.message);

    const batchProgress: GroupBatchProgress[] = [];
    const each = await fitEachGroup(request, (p) => batchProgress.push(p));
    if (!each.ok) throw new Error(each.error.message);
    expect(each.value.rows.map((r) => r.key)).toEqual(['treated', 'untreated']);
    each.value.rows.forEach((row, i) => {
      expect(rel(row.params[0], R.perGroup[i].params.Vm)).toBeLessThan(1e-6);
      expect(rel(row.params[1], R.perGroup[i].params.K)).toBeLessThan(1e-6);
    });
    expect(each.value.overlay.map((o) => o.key)).toEqual(['treated', 'untreated']);
    expect(batchProgress.at(-1)).toEqual({ done: 2, total: 2, failed: 0 });

    const g = R.globalSharedK;
    const global = await fitGlobalGroups({ ...request, shared: ['K'] });
    if (!global.ok) throw new Error(global.error.message);
    expect(rel(global.value.chi2, g.rss)).toBeLessThan(1e-6);
    global.value.rows.forEach((row, i) => expect(rel(row.params[0], g.Vm[i])).toBeLessThan(1e-6));
    expect(global.value.overlay.every((o) => o.curve !== null)).toBe(true);

    const phases: GlobalFitProgress['phase'][] = [];
    const compared = await compareGlobalGroups({ ...request, shared: ['K'] }, (p) => phases.push(p.phase));
    if (!compared.ok) throw new Error(compared.error.message);
    expect(rel(compared.value.comparison.F, g.anova.F)).toBeLessThan(1e-5);
    expect(compared.value.separateFailed).toBe(0);
    expect(phases[0]).toBe('global');
    expect(phases.at(-1)).toBe('separate');

    const none = await fitGlobalGroups({ ...request, shared: [] });
    expect(none.ok ? null : none.error).toEqual({ code: 'no-shared', message: 'Mark at least one parameter as shared for a global fit (with none shared it is the same as fitting each group).', field: 'parameter' });
  });
});
