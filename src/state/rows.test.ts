/**
 * Row filters, excluded points and groups through the store's actions with the worker API in-thread
 * (R's Puromycin: 23 rows, 12 "treated", 11 "untreated"; lines 2–24 of the file).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { pickAllGroups, pickedGroups, setGroupBy, toggleGroup } from './actions/groups';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { openLink, planCurrentLink } from './actions/link';
import { decodeSpec } from '../share/index';
import { addFilter, excludeLines, reincludeAll, removeFilter, toggleExcluded } from './actions/rows';
import { fitSignature } from './signature';
import { currentSpec, specMapping } from './selectors/spec';
import { getState, initialState, setState } from './store';
import { specToJson, specFromJson } from '../share/index';

const csv = readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'groups', 'puromycin.csv'), 'utf8');
/** R's nls on the same rows (fixtures/groups/make_groups.R). */
const nls = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'groups', 'nls_puromycin.json'), 'utf8')) as Record<string, { Vm: number; K: number; rss: number; n: number }>;
const rows = csv.trim().split('\n').slice(1).map((l) => l.split(','));

/** The points the fit used (its statistics count them): must equal the rows left in. */
async function fitPoints(): Promise<number> {
  await runFit();
  return getState().outcome?.result.stats.points ?? -1;
}

describe('row filters, exclusions and groups', () => {
  beforeEach(async () => {
    setClient(localClient());
    setState(initialState, true);
    expect(await loadText(csv, 'puromycin.csv')).toBe(true);
    setModelText('Vm*conc/(K + conc)');
    setParamValue('Vm', 200);
    setParamValue('K', 0.1);
  });

  it('says which columns are text and keeps the text column out of the default mapping', () => {
    const cols = getState().table?.columns ?? [];
    expect(cols.map((c) => [c.name, c.categories])).toEqual([['conc', null], ['rate', null], ['state', 2]]);
    expect(getState().mapping).toMatchObject({ x: ['conc'], y: 'rate', sigma: null });
    expect(getState().selection?.rows).toBe(23);
  });

  it('a filter keeps the rows it names; they are filtered, not dropped; removing it brings them back', async () => {
    expect(await addFilter('state=treated')).toBe(true);
    const sel = getState().selection;
    expect(sel?.rows).toBe(rows.filter((r) => r[2] === '"treated"').length);
    expect(sel?.filteredCount).toBe(11);
    expect(sel?.droppedCount).toBe(0);
    expect(await fitPoints()).toBe(12);
    expect(await addFilter('conc>0.1')).toBe(true);
    expect(getState().selection?.rows).toBe(rows.filter((r) => r[2] === '"treated"' && Number(r[0]) > 0.1).length);
    await removeFilter(0);
    expect(getState().mapping.rows?.where).toEqual(['conc>0.1']);
    await removeFilter(0);
    expect(getState().mapping.rows).toBeUndefined();
    expect(getState().selection?.rows).toBe(23);
  });

  it('a bad filter is not added and says why where it was typed', async () => {
    expect(await addFilter('state<3')).toBe(false);
    expect(getState().filterError?.code).toBe('bad-where');
    expect(await addFilter('stat=treated')).toBe(false);
    expect(getState().filterError?.message).toMatch(/did you mean "state"/);
    expect(await addFilter('state=treatd')).toBe(false);
    expect(getState().filterError?.message).toMatch(/treated/);
    expect(getState().mapping.rows).toBeUndefined();
    expect(getState().selection?.rows).toBe(23);
    expect(getState().selectionError).toBeNull();
    expect(await addFilter('state=untreated')).toBe(true);
    expect(getState().filterError).toBeNull();
  });

  it('a clicked point is excluded, drawn apart, counted; a second click takes it back', async () => {
    await toggleExcluded(2);
    let sel = getState().selection;
    expect(sel?.rows).toBe(22);
    expect(sel?.excludedCount).toBe(1);
    expect(Array.from(sel?.excluded.lines ?? [])).toEqual([2]);
    expect(Array.from(sel?.excluded.x ?? [])).toEqual([0.02]);
    expect(Array.from(sel?.excluded.y ?? [])).toEqual([76]);
    expect(Array.from(sel?.data.lines ?? [])).not.toContain(2);
    expect(await fitPoints()).toBe(22);
    await toggleExcluded(2);
    sel = getState().selection;
    expect(sel?.rows).toBe(23);
    expect(sel?.excludedCount).toBe(0);
    expect(getState().fittedSignature).not.toBeNull();
  });

  it('a fit on filtered rows without excluded points agrees with R nls on the same rows', async () => {
    const cases: [string, number[], string][] = [
      ['state=treated', [], 'treated'],
      ['state=treated', [2], 'treated_without_line_2'],
      ['state=untreated', [14, 15, 16], 'untreated_without_lines_14_16'] // lines 14–16,
    ];
    for (const [where, lines, name] of cases) {
      setState({ mapping: { ...getState().mapping, rows: undefined } });
      expect(await addFilter(where)).toBe(true);
      await excludeLines(lines);
      const ref = nls[name];
      expect(await fitPoints()).toBe(ref.n);
      const result = getState().outcome?.result;
      const value = (n: string) => result?.parameters.find((p) => p.name === n)?.value ?? NaN;
      expect(Math.abs(value('Vm') - ref.Vm) / ref.Vm).toBeLessThan(1e-6);
      expect(Math.abs(value('K') - ref.K) / ref.K).toBeLessThan(1e-5);
      expect(Math.abs((result?.stats.rss ?? NaN) - ref.rss) / ref.rss).toBeLessThan(1e-6);
      await reincludeAll();
      await removeFilter(0);
    }
  });

  it('a box selection excludes many; re-include all takes them all back', async () => {
    await excludeLines([3, 4, 5]);
    await excludeLines([4, 6]);
    expect(getState().mapping.rows?.exclude).toEqual([3, 4, 5, 6]);
    expect(getState().selection?.excludedCount).toBe(4);
    await reincludeAll();
    expect(getState().selection?.excludedCount).toBe(0);
    expect(getState().mapping.rows).toBeUndefined();
  });

  it('a fit after an exclusion is stale until fitted again', async () => {
    await runFit();
    const fitted = getState().fittedSignature;
    const all = getState().outcome?.result.stats.chi2 ?? NaN;
    await toggleExcluded(10);
    expect(fitSignature(getState())).not.toBe(fitted);
    await runFit();
    expect(getState().outcome?.result.stats.chi2).toBeLessThan(all);
  });

  it('filters and exclusions travel in the spec (links, sessions) and back', async () => {
    await addFilter('conc>0.05');
    await toggleExcluded(5);
    const spec = currentSpec(getState());
    expect(spec.rows).toEqual({ where: ['conc>0.05'], exclude: [5] });
    const back = specFromJson(specToJson(spec));
    expect(back.ok && back.spec.rows).toEqual({ where: ['conc>0.05'], exclude: [5] });
    expect(back.ok && specMapping(back.spec)).toEqual({ x: ['conc'], y: 'rate', sigma: null, rows: { where: ['conc>0.05'], exclude: [5] } });
  });

  it('a link with inline data carries the filtered rows and the excluded points, renumbered', async () => {
    await addFilter('state=untreated');
    await excludeLines([14, 15, 16]);
    await runFit();
    const chi2 = getState().outcome?.result.stats.chi2;
    const plan = await planCurrentLink();
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.dataIncluded).toBe(true);
    const decoded = decodeSpec(plan.value.fragment);
    if (!decoded.ok) throw new Error(decoded.error.message);
    // The 11 untreated rows go inline (lines 2–12 of the inline table; the text column is not
    // carried, so the filter is spent); file lines 14–16 are inline lines 2–4.
    expect(decoded.spec.rows).toEqual({ where: [], exclude: [2, 3, 4] });
    expect(decoded.spec.data?.kind === 'inline' && decoded.spec.data.columns.rate?.length).toBe(11);
    setState(initialState, true);
    expect(await openLink(plan.value.fragment)).toBe(true);
    const s = getState();
    expect(s.selection?.rows).toBe(8);
    expect(s.selection?.excludedCount).toBe(3);
    expect(Array.from(s.selection?.excluded.y ?? [])).toEqual([67, 51, 84]);
    expect(s.fitStatus).toBe('done');
    expect(s.outcome?.result.stats.chi2).toBeCloseTo(chi2 ?? NaN, 9);
    expect(Math.abs((s.outcome?.result.stats.rss ?? NaN) - nls.untreated_without_lines_14_16.rss) / nls.untreated_without_lines_14_16.rss).toBeLessThan(1e-6);
  });

  it('groups by a text column or a numeric one, with counts; some or all picked', async () => {
    await setGroupBy('state');
    expect(getState().groupList?.groups).toEqual([{ key: 'treated', rows: 12 }, { key: 'untreated', rows: 11 }]);
    expect(pickedGroups()).toEqual(['treated', 'untreated']);
    toggleGroup('treated');
    expect(pickedGroups()).toEqual(['untreated']);
    toggleGroup('treated');
    expect(getState().groupPick).toBeNull();
    pickAllGroups(false);
    expect(pickedGroups()).toEqual([]);
    pickAllGroups(true);
    await addFilter('conc<0.1');
    expect(getState().groupList?.groups).toEqual([{ key: 'treated', rows: 4 }, { key: 'untreated', rows: 4 }]);
    await setGroupBy('conc');
    expect(getState().groupList?.groups.map((g) => g.key)).toEqual(['0.02', '0.06']);
    await setGroupBy('nope');
    expect(getState().groupError?.code).toBe('unknown-column');
  });
});
