/**
 * Fit while other data are being read (issue 27, item 12): after a large fit, picking a small
 * sample sat at "Reading… 0%" while Fit stayed enabled, refitted the old rows and dropped the
 * result without a word. Fit now waits for the table: it says why and asks the worker nothing,
 * and once the new data are in, Fit fits them. The worker's loadText is held back here to open
 * that window.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { loadingBlocker, preflight } from './selectors/fitBlockers';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { getState, initialState, setState } from './store';

const samples = join(import.meta.dirname, '..', '..', 'public', 'samples');
const decay = readFileSync(join(samples, 'decay.csv'), 'utf8');
const misra = readFileSync(join(samples, 'misra1a.csv'), 'utf8');

describe('Fit while other data are read', () => {
  it('waits for the table, says so, fits nothing old, then fits the new data', async () => {
    const base = localClient();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let held = false;
    let fits = 0;
    const client = {
      ...base,
      loadText: async (...a: Parameters<typeof base.loadText>) => {
        if (held) await gate;
        return base.loadText(...a);
      },
      fit: async (...a: Parameters<typeof base.fit>) => {
        fits++;
        return base.fit(...a);
      },
    };
    setClient(client);
    setState(initialState, true);
    expect(await loadText(decay, 'decay.csv')).toBe(true);
    setModelText('A*exp(-t/tau) + c');
    for (const [name, value] of Object.entries({ A: 800, tau: 3, c: 10 })) setParamValue(name, value);
    await runFit();
    expect(getState().fitStatus).toBe('done');
    expect(fits).toBe(1);

    held = true;
    const loading = loadText(misra, 'misra1a.csv');
    expect(getState().loading?.name).toBe('misra1a.csv');
    await runFit();
    expect(fits).toBe(1);
    // The status line says why (Fit is off meanwhile); the last fit stays until the table replaces it.
    expect(loadingBlocker(getState())).toMatch(/^Reading misra1a\.csv: Fit once it is loaded/);
    expect(getState().fitStatus).toBe('done');
    expect(getState().fitError).toBeNull();
    // The group fits wait too.
    expect(preflight(getState())).toMatchObject({ code: 'loading', field: 'data' });

    release();
    expect(await loading).toBe(true);
    expect(getState().loading).toBeNull();
    setModelText('b1*(1 - exp(-b2*x))');
    setParamValue('b1', 500);
    setParamValue('b2', 1e-4);
    await runFit();
    expect(fits).toBe(2);
    expect(getState().fitStatus).toBe('done');
    expect(getState().outcome?.result.stats.points).toBe(14);
  });
});
