/** The store's actions against the worker API run in-thread: load, model, fit, spec round trip. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { localClient } from '../client/localClient';
import { getClient, setClient } from '../client/worker';
import { SPEC_VERSION, type FitSpec } from '../share/types';
import { loadText, setMapping } from './actions/data';
import { runFit } from './actions/fit';
import { pickLibraryModel, setModelText } from './actions/model';
import { setParamBound, setParamValue } from './actions/params';
import { setSettings } from './actions/settings';
import { currentSpec } from './selectors/spec';
import { applySpec } from './actions/applySpec';
import { getState, initialState, setState } from './store';

const decay = readFileSync(join(import.meta.dirname, '..', '..', 'public', 'samples', 'decay.csv'), 'utf8');

describe('store actions and FitSpec', () => {
  beforeAll(() => setClient(localClient()));

  it('loads data, maps columns, fits and updates the parameter table', async () => {
    setState(initialState, true);
    expect(await loadText(decay, 'decay.csv')).toBe(true);
    expect(getState().mapping).toEqual({ x: ['t'], y: 'counts', sigma: 'sigma' });
    expect(getState().selection?.rows).toBe(81);
    setModelText('A*exp(-t/tau) + c');
    expect(getState().params.map((p) => p.name)).toEqual(['A', 'tau', 'c']);
    setParamValue('A', 800);
    setParamValue('tau', 3);
    setParamValue('c', 10);
    await runFit();
    const s = getState();
    expect(s.fitStatus).toBe('done');
    expect(s.outcome?.result.success).toBe(true);
    const tau = s.params.find((p) => p.name === 'tau');
    expect(tau?.value).toBeGreaterThan(4);
    expect(tau?.value).toBeLessThan(4.4);
    expect(s.curve).toBe(s.outcome?.curve);
  });

  it('shows an input error next to the parameter and keeps what was entered', async () => {
    setParamBound('tau', 'min', 10);
    await runFit();
    const s = getState();
    expect(s.fitStatus).toBe('error');
    expect(s.fitError?.code).toBe('start-outside-bounds');
    expect(s.paramErrors.get('tau')).toMatch(/tau/);
    expect(s.params.find((p) => p.name === 'tau')?.min).toBe(10);
    setParamBound('tau', 'min', -Infinity);
    expect(getState().paramErrors.get('tau')).toBeUndefined();
  });

  it('renames the library expression to the x column and guesses from the data', async () => {
    await pickLibraryModel('exp-decay');
    const s = getState();
    expect(s.modelText).toBe('A*exp(-t/tau) + c');
    expect(s.libraryId).toBe('exp-decay');
    const tau = s.params.find((p) => p.name === 'tau');
    expect(tau?.positive).toBe(true);
    expect(tau?.range.log).toBe(true);
    expect(tau?.value).toBeGreaterThan(1);
  });

  it('round-trips the page through a FitSpec with inline data', async () => {
    setSettings({ loss: 'soft_l1', fScale: 2, absoluteSigma: true });
    const columns = await getClient().exportColumns();
    if (!columns.ok) throw new Error(columns.error.message);
    const spec: FitSpec = { ...currentSpec(getState()), data: { kind: 'inline', fileName: 'decay.csv', columns: columns.value } };
    expect(spec.version).toBe(SPEC_VERSION);
    expect(spec.columns).toEqual({ x: ['t'], y: 'counts', sigma: 'sigma' });

    setState(initialState, true);
    await applySpec(spec);
    const s = getState();
    expect(s.table?.rows).toBe(81);
    expect(s.selection?.rows).toBe(81);
    expect(s.inline?.kind).toBe('inline');
    const back = currentSpec(s);
    expect(back.model).toBe(spec.model);
    expect(back.libraryId).toBe('exp-decay');
    expect(back.parameters).toEqual(spec.parameters);
    expect(back.settings).toEqual(spec.settings);
    expect(back.columns).toEqual(spec.columns);
    expect(back.data).toEqual(spec.data);
  });

  it('keeps loaded data when a spec carries none, and applies its mapping', async () => {
    await applySpec({ ...currentSpec(getState()), data: null, columns: { x: ['t'], y: 'counts', sigma: null } });
    expect(getState().selection?.rows).toBe(81);
    expect(getState().mapping.sigma).toBeNull();
    await setMapping({ sigma: 'sigma' });
    expect(getState().mapping.sigma).toBe('sigma');
  });
});
