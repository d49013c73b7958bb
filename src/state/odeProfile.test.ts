/**
 * Profile-likelihood intervals of an ODE fit on the page (issue 23): A→B→C with σ columns
 * (fixtures/ode/abc_kinetics.csv) fitted in the page's worker, profiled there by odeFit refits,
 * each end equal to scipy's brute-force profile of Bateman's closed form
 * (fixtures/ode/make_uncertainty.py) to 1e-6 of the interval's width.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localClient } from '../client/localClient';
import { getClient, setClient } from '../client/worker';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { editModel } from './actions/modelEdit';
import { setParamValue } from './actions/params';
import { getState, initialState, setState } from './store';

const root = join(import.meta.dirname, '..', '..');
const csv = readFileSync(join(root, 'fixtures', 'ode', 'abc_kinetics.csv'), 'utf8');
const ref = JSON.parse(readFileSync(join(root, 'fixtures', 'ode', 'uncertainty.json'), 'utf8')).fits.weighted as { model: string; profile: Record<string, [number, number]> };

describe('profile intervals of an ODE fit on the page', () => {
  it('equal scipy’s brute-force profile of the closed form to 1e-6 of their width', async () => {
    setClient(localClient());
    setState(initialState, true);
    expect(await loadText(csv, 'abc_kinetics.csv')).toBe(true);
    await editModel(ref.model);
    for (const [name, value] of Object.entries({ k1: 0.3, k2: 0.1, A0: 9 })) setParamValue(name, value);
    await runFit();
    expect(getState().fitStatus).toBe('done');
    const status = await getClient().profile();
    if (!status.ok) throw new Error(status.error.message);
    expect(status.value.warnings).toEqual([]);
    expect(status.value.profiles.map((p) => p.name)).toEqual(['k1', 'k2', 'A0']);
    for (const p of status.value.profiles) {
      const [lo, hi] = ref.profile[p.name];
      expect(Math.abs((p.lower as number) - lo) / (hi - lo), `${p.name} lower`).toBeLessThan(1e-6);
      expect(Math.abs((p.upper as number) - hi) / (hi - lo), `${p.name} upper`).toBeLessThan(1e-6);
    }
  }, 20_000);
});
