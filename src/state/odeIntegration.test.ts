/**
 * The page's integration controls of an ODE model (issue 23, Solver options › Integration): the
 * method and tolerances go into the fit request (and so into links and sessions, which carry
 * `ode`); values the CLI would refuse (rtol ≥ 1, atol ≤ 0) are not taken. A fit at rodas4 with
 * looser tolerances still reaches scipy's Lotka–Volterra minimum (fixtures/ode/lotka_volterra.json).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { editModel } from './actions/modelEdit';
import { setParamValue } from './actions/params';
import { setOde } from './actions/settings';
import { fitRequest } from './requests/fit';
import { getState, initialState, setState } from './store';

const root = join(import.meta.dirname, '..', '..');
const csv = readFileSync(join(root, 'public', 'samples', 'lotka_volterra.csv'), 'utf8');
const lv = JSON.parse(readFileSync(join(root, 'fixtures', 'ode', 'lotka_volterra.json'), 'utf8')) as { model: string; starts: { good: Record<string, number> }; scipy: { params: Record<string, number>; rss: number } };

describe('integration controls of an ODE model', () => {
  it('carry the method and tolerances into the fit; refuse tolerances the CLI refuses', async () => {
    setClient(localClient());
    setState(initialState, true);
    expect(await loadText(csv, 'lotka_volterra.csv')).toBe(true);
    await editModel(lv.model);
    for (const [name, value] of Object.entries(lv.starts.good)) setParamValue(name, value);
    setOde({ method: 'rodas4', rtol: 1e-9 });
    setOde({ rtol: 1 });
    setOde({ atol: 0 });
    expect(getState().ode).toEqual({ method: 'rodas4', rtol: 1e-9, atol: 1e-12 });
    expect(fitRequest(getState()).ode).toEqual({ method: 'rodas4', rtol: 1e-9, atol: 1e-12 });
    await runFit();
    const result = getState().outcome!.result;
    expect(Math.abs(result.stats.rss - lv.scipy.rss) / lv.scipy.rss).toBeLessThan(1e-6);
    for (const p of result.parameters) expect(Math.abs(p.value - lv.scipy.params[p.name]) / Math.abs(lv.scipy.params[p.name])).toBeLessThan(1e-4);
  });
});
