/**
 * Empty start values (issue 11) through the store and the in-thread worker: a row left empty is
 * a state of its own (no curve, no error); Fit searches for it first (the automatic start search,
 * given values refined as one extra candidate as the CLI's --p0), then fits from the start of the
 * best refinement, and reaches NIST's certified values where the all-ones start does not. A fixed
 * row without a value is refused before any search, naming it; links keep an empty value.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNist, type NistProblem } from '../../test/nist';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { decodeSpec } from '../share/index';
import { runGroupFits } from './actions/batch';
import { runGlobalFit, setGroupMode, setShared } from './actions/global';
import { loadText } from './actions/data';
import { setGroupBy } from './actions/groups';
import { cancelFit, runFit } from './actions/fit';
import { openLink, planCurrentLink } from './actions/link';
import { setModelText } from './actions/model';
import { setParamFixed, setParamValue } from './actions/params';
import { searchStarts } from './actions/startSearch';
import { applySpec } from './actions/applySpec';
import { groupStartsOnScreen } from './groupStarts';
import { getState, initialState, setState, store } from './store';

const problems = new Map(loadNist().map((p) => [p.name, p]));

function csv(p: NistProblem): string {
  const x = p.columns.x.hi;
  const lines = ['x,y'];
  for (let i = 0; i < x.length; i++) lines.push(`${x[i]},${p.y.hi[i]}`);
  return lines.join('\n');
}

async function open(name: string, model?: string): Promise<NistProblem> {
  const p = problems.get(name)!;
  setState(initialState, true);
  expect(await loadText(csv(p), `${name}.csv`)).toBe(true);
  setModelText(model ?? p.model);
  return p;
}

const row = (name: string) => getState().params.find((r) => r.name === name)!;
const relative = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe('empty start values', () => {
  beforeAll(() => setClient(localClient()));

  it('an empty row has no curve and no error', async () => {
    await open('BoxBOD');
    setParamValue('b1', 1);
    setParamValue('b2', 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(getState().curve).not.toBeNull();
    setParamValue('b2', null);
    expect(row('b2').value).toBeNull();
    expect(getState().curve).toBeNull();
    expect(getState().paramErrors.size).toBe(0);
  });

  it.each(['BoxBOD', 'Eckerle4', 'MGH09'])('%s: Fit with every start empty searches, then reaches the certified values', async (name) => {
    const p = await open(name);
    for (const q of p.params) setParamValue(q, null);
    await runFit();
    const s = getState();
    expect(s.fitStatus).toBe('done');
    const search = s.startSearch!;
    expect(search.trigger).toBe('fit');
    expect(search.status).toBe('done');
    expect(search.empty).toEqual(p.params);
    expect(search.outcome!.candidates).toBeGreaterThan(0);
    // The fit ran from the start of the search's best refinement and ended where it did.
    const start = new Map(search.outcome!.start.map((v) => [v.name, v.value]));
    for (const q of s.outcome!.result.parameters) expect(q.start).toBe(start.get(q.name));
    expect(relative(s.outcome!.result.cost, search.outcome!.cost)).toBeLessThan(1e-9);
    expect(relative(2 * s.outcome!.result.cost, p.certified.rss)).toBeLessThan(1e-6);
    p.params.forEach((q, i) => expect(relative(row(q).value!, p.certified.values[i])).toBeLessThan(1e-6));
  });

  it('refines a given value as one extra start, as the CLI does with --p0', async () => {
    const p = await open('BoxBOD');
    setParamValue('b1', 1);
    setParamValue('b2', 1);
    await searchStarts();
    const plain = getState().startSearch!.outcome!.refined;
    setParamValue('b1', p.certified.values[0]);
    setParamValue('b2', null);
    await runFit();
    const search = getState().startSearch!;
    expect(search.empty).toEqual(['b2']);
    expect(search.outcome!.refined).toBe(plain + 1);
    expect(getState().fitStatus).toBe('done');
    expect(relative(row('b2').value!, p.certified.values[1])).toBeLessThan(1e-6);
  });

  it('a fixed row without a value is refused before any search, naming it', async () => {
    await open('BoxBOD');
    setParamValue('b1', null);
    setParamFixed('b1', true);
    setParamValue('b2', 1);
    await runFit();
    const s = getState();
    expect(s.fitStatus).toBe('error');
    expect(s.fitError!.message).toMatch(/"b1" is fixed but has no value/);
    expect(s.paramErrors.get('b1')).toMatch(/untick fixed/);
    expect(s.startSearch).toBeNull();
  });

  it('Cancel during the search keeps the best refined values so far and does not fit', async () => {
    const p = await open('Eckerle4');
    for (const q of p.params) setParamValue(q, null);
    const stop = store.subscribe((s) => {
      if (s.startSearch?.progress?.phase === 'refine') cancelFit();
    });
    await runFit();
    stop();
    const s = getState();
    expect(s.fitStatus).toBe('idle');
    expect(s.fitCancelled).toBe(true);
    expect(s.outcome).toBeNull();
    expect(s.startSearch!.status).toBe('cancelled');
    const found = s.startSearch!.outcome!;
    expect(found.refined).toBeGreaterThanOrEqual(1);
    for (const v of found.values) expect(row(v.name).value).toBe(v.value);
  });

  it('a link keeps an empty value, also of a parameter named __proto__, and its fit searches for it', async () => {
    const p = await open('BoxBOD', '__proto__*(1-exp(-b2*x))');
    setParamValue('__proto__', null);
    setParamValue('b2', 0.5);
    setState({ source: { kind: 'file', name: 'boxbod.csv', sampleId: null } });
    const plan = await planCurrentLink();
    if (!plan.ok) throw new Error(plan.error.message);
    const spec = decodeSpec(plan.value.fragment);
    if (!spec.ok) throw new Error(spec.error.message);
    expect(spec.spec.parameters.map((q) => [q.name, q.value])).toEqual([
      ['__proto__', null],
      ['b2', 0.5],
    ]);
    // Without data the rows are restored as they were: the empty one empty.
    setState(initialState, true);
    await applySpec({ ...spec.spec, data: null });
    expect(getState().params.map((r) => [r.name, r.value])).toEqual([
      ['__proto__', null],
      ['b2', 0.5],
    ]);
    // With its data the link fits again, searching for the empty value first.
    expect(await openLink(plan.value.fragment)).toBe(true);
    expect(getState().startSearch!.empty).toEqual(['__proto__']);
    expect(getState().fitStatus).toBe('done');
    expect(relative(row('__proto__').value!, p.certified.values[0])).toBeLessThan(1e-6);
  });

  it('a group fit of a typed model with empty values searches all rows for them first, then fits each group like R', async () => {
    const fixtures = join(import.meta.dirname, '..', '..', 'fixtures');
    const reference = (JSON.parse(readFileSync(join(fixtures, 'groupfits', 'nls_groups.json'), 'utf8')) as { puromycin: { perGroup: { group: string; params: Record<string, number> }[]; globalSharedK: { rss: number; Vm: number[]; K: number; groups: string[] } } }).puromycin;
    setState(initialState, true);
    expect(await loadText(readFileSync(join(fixtures, 'groups', 'puromycin.csv'), 'utf8'), 'puromycin.csv')).toBe(true);
    // A typed model's new rows have no start value.
    setModelText('Vm*conc/(K + conc)');
    expect(getState().params.map((r) => r.value)).toEqual([null, null]);
    await setGroupBy('state');
    await runGroupFits();
    expect(getState().batchError).toBeNull();
    expect(getState().batchStatus).toBe('done');
    expect(getState().startSearch).toMatchObject({ trigger: 'groups', status: 'done', empty: ['Vm', 'K'] });
    // The rows hold the pooled search's best values.
    expect(row('Vm').value).not.toBeNull();
    expect(row('K').value).not.toBeNull();
    // The page says the rows (and the main plot's curve) are the all-rows start, and where the results are.
    expect(groupStartsOnScreen(getState())).toEqual({ column: 'state', card: 'Each state' });
    for (const ref of reference.perGroup) {
      const fitted = getState().batch!.rows.find((r) => r.key === ref.group)!;
      getState().batch!.names.forEach((name, j) => expect(relative(fitted.params[j], ref.params[name])).toBeLessThan(1e-5));
    }

    // The global fit (K shared) from empty values: the same search first, then R's global fit.
    setParamValue('Vm', null);
    setParamValue('K', null);
    setGroupMode('global');
    setShared('K', true);
    await runGlobalFit();
    expect(getState().globalError).toBeNull();
    expect(getState().globalStatus).toBe('done');
    expect(groupStartsOnScreen(getState())).toEqual({ column: 'state', card: 'Global fit by state' });
    // A row moved off the found value, or a fit to all rows, ends that note.
    const vmStart = row('Vm').value!;
    setParamValue('Vm', vmStart * 1.1);
    expect(groupStartsOnScreen(getState())).toBeNull();
    setParamValue('Vm', vmStart);
    expect(groupStartsOnScreen(getState())).not.toBeNull();
    const g = getState().global!;
    expect(relative(g.chi2, reference.globalSharedK.rss)).toBeLessThan(1e-6);
    const k = g.names.indexOf('K');
    const vm = g.names.indexOf('Vm');
    reference.globalSharedK.groups.forEach((key, i) => {
      const r = g.rows.find((x) => x.key === key)!;
      expect(relative(r.params[k], reference.globalSharedK.K)).toBeLessThan(1e-5);
      expect(relative(r.params[vm], reference.globalSharedK.Vm[i])).toBeLessThan(1e-5);
    });
    await runFit();
    expect(getState().outcome).not.toBeNull();
    expect(groupStartsOnScreen(getState())).toBeNull();
  });
});
