/**
 * VarPro as a solver option on the page (issue 11), through the store and the in-thread worker:
 * NIST MGH17, the bi-exponential, typed with every start at 1. The plain fit ends elsewhere; with
 * the option on, the fit reaches NIST's certified values and the outcome says what was
 * eliminated. The option travels in links (written only when on) and in the exported command.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNist, lre } from '../../test/nist';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { cliCommand } from '../export/cliCommand';
import { decodeSpec, encodeSpec, specToJson } from '../share/index';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { setSettings } from './actions/settings';
import { currentSpec } from './selectors/spec';
import { getState, initialState, setState } from './store';

const mgh17 = loadNist().find((p) => p.name === 'MGH17')!;
const csv = ['x,y', ...Array.from(mgh17.columns.x.hi, (x, i) => `${x},${mgh17.y.hi[i]}`)].join('\n');

async function fitFromOnes(varpro: boolean): Promise<number> {
  setState(initialState, true);
  expect(await loadText(csv, 'mgh17.csv')).toBe(true);
  setModelText(mgh17.model);
  for (const name of mgh17.params) setParamValue(name, 1);
  setSettings({ varpro });
  await runFit();
  expect(getState().fitStatus).toBe('done');
  const fitted = getState().outcome!.result.parameters;
  return Math.min(...mgh17.params.map((name, i) => lre(fitted.find((q) => q.name === name)!.value, mgh17.certified.values[i])));
}

describe('the VarPro solver option', () => {
  beforeAll(() => setClient(localClient()));

  it('MGH17 from all ones: the plain fit ends elsewhere, with VarPro the certified values', async () => {
    expect(await fitFromOnes(false)).toBeLessThan(2);
    expect(getState().outcome!.varpro ?? null).toBeNull();
    expect(await fitFromOnes(true)).toBeGreaterThanOrEqual(6);
    const v = getState().outcome!.varpro!;
    expect(v.linear).toEqual(['b1', 'b2', 'b3']);
    expect(v.nonlinear).toEqual(['b4', 'b5']);
    expect(v.nfev).toBeGreaterThan(1);
  });

  it('needs no start values for the parameters it eliminates: Fit does not search for them', async () => {
    setState(initialState, true);
    expect(await loadText(csv, 'mgh17.csv')).toBe(true);
    setModelText(mgh17.model);
    for (const name of ['b1', 'b2', 'b3']) setParamValue(name, null);
    setParamValue('b4', 1);
    setParamValue('b5', 1);
    setSettings({ varpro: true });
    await runFit();
    expect(getState().startSearch).toBeNull();
    expect(getState().fitStatus).toBe('done');
    expect(getState().outcome!.varpro!.linear).toEqual(['b1', 'b2', 'b3']);
    const fitted = getState().outcome!.result.parameters;
    mgh17.params.forEach((name, i) => expect(lre(fitted.find((q) => q.name === name)!.value, mgh17.certified.values[i]), name).toBeGreaterThanOrEqual(6));
    // An empty rate is not eliminated: then Fit searches first.
    setParamValue('b5', null);
    await runFit();
    expect(getState().startSearch!.empty).toEqual(['b5']);
    expect(getState().fitStatus).toBe('done');
  });

  it('travels in links only when on, and in the exported command', () => {
    const spec = { ...currentSpec(getState()), data: null };
    expect(spec.settings.varpro).toBe(true);
    const back = decodeSpec(encodeSpec(spec));
    expect(back.ok && back.spec.settings.varpro).toBe(true);
    expect(cliCommand(spec, { csvFileName: 'mgh17.csv' })).toMatch(/ --varpro$/);
    const off = { ...spec, settings: { ...spec.settings, varpro: false } };
    expect(specToJson(off)).not.toContain('varpro');
    expect(cliCommand(off, { csvFileName: 'mgh17.csv' })).not.toContain('--varpro');
  });
});
