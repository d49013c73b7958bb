/**
 * An ODE model typed on the page (issue 23): the editor lists its parameters and observed
 * columns, x stays the time column, and an error of the statements shows at its line:column
 * with parseStatements' own words. The Lotka–Volterra fixture (fixtures/ode/lotka_volterra.json)
 * is the model; a closed-form model is read as before.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { parseStatements } from '../model/index';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { openLink, planCurrentLink } from './actions/link';
import { decodeSpec } from '../share/index';
import { editModel } from './actions/modelEdit';
import { setParamValue } from './actions/params';
import { getState, initialState, setState } from './store';

const root = join(import.meta.dirname, '..', '..');
const csv = readFileSync(join(root, 'public', 'samples', 'lotka_volterra.csv'), 'utf8');
interface Fixture { model: string; params: string[]; starts: { good: Record<string, number> }; scipy: { params: Record<string, number>; se: Record<string, number>; rss: number } }
const lv = JSON.parse(readFileSync(join(root, 'fixtures', 'ode', 'lotka_volterra.json'), 'utf8')) as Fixture;
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe('an ODE model in the editor', () => {
  beforeEach(async () => {
    setClient(localClient());
    setState(initialState, true);
    expect(await loadText(csv, 'lotka_volterra.csv')).toBe(true);
  });

  it('lists the parameters and the observed columns; x becomes the time column t, not the observed Hare', async () => {
    // The default x rule picks Hare on this file; the model observes it, so x moves to the column named t.
    expect(getState().mapping.x).toEqual(['Hare']);
    await editModel(lv.model);
    const s = getState();
    expect(s.modelInfo.error).toBeNull();
    expect(s.modelInfo.params).toEqual(lv.params);
    expect(s.params.map((p) => p.name)).toEqual(lv.params);
    expect(s.modelInfo.variables).toEqual(['Hare', 'Lynx']);
    expect(s.modelInfo.ode).toEqual({ states: ['H', 'L'], observed: ['Hare', 'Lynx'], sigma: [null, null] });
    expect(s.mapping.x).toEqual(['t']);
    expect(s.modelNamedX).toEqual([]);
  });

  it('shows an error of the statements at its line:column, in parseStatements’ words', async () => {
    const text = lv.model.replace('Lynx ~ L', 'Lynks ~ L');
    await editModel(text);
    const error = getState().modelInfo.error;
    const expected = parseStatements(text, { columns: ['t', 'Hare', 'Lynx'] });
    expect(expected.ok).toBe(false);
    if (expected.ok || !error) throw new Error('expected an error');
    expect(error.message).toBe(expected.error.message);
    expect([error.line, error.column]).toEqual([6, 1]);
    expect(text.slice(error.start, error.end)).toBe('Lynks');
  });

  it('reads a closed-form model as before', async () => {
    await editModel('a*exp(-b*t)');
    const s = getState();
    expect(s.modelInfo.ode ?? null).toBeNull();
    expect(s.modelInfo.params).toEqual(['a', 'b']);
    expect(s.modelInfo.variables).toEqual(['t']);
  });

  it('fits from the good start to scipy’s solve_ivp + least_squares minimum; draws each observed column', async () => {
    await editModel(lv.model);
    for (const [name, value] of Object.entries(lv.starts.good)) setParamValue(name, value);
    await runFit();
    const s = getState();
    expect(s.fitError).toBeNull();
    expect(s.fitStatus).toBe('done');
    const result = s.outcome!.result;
    for (const p of result.parameters) {
      expect(rel(p.value, lv.scipy.params[p.name])).toBeLessThan(1e-4);
      expect(rel(p.stderr!, lv.scipy.se[p.name])).toBeLessThan(1e-3);
    }
    const curve = s.outcome!.curve;
    expect(curve.ode?.series.map((o) => o.column)).toEqual(['Hare', 'Lynx']);
    expect(rel(curve.chi2, lv.scipy.rss)).toBeLessThan(1e-6);
    expect(curve.ode!.grid[0]).toBe(0);
    expect(curve.ode!.grid[curve.ode!.grid.length - 1]).toBe(20);
    // The curve on the grid passes through the model at the observation times: t = 0 is both.
    for (const o of curve.ode!.series) expect(o.curve[0]).toBeCloseTo(o.y[0] - o.residuals[0], 8);
  });

  it('without start values, searches them (src/start/ode) and reaches scipy’s minimum', async () => {
    await editModel(lv.model);
    await runFit();
    const s = getState();
    expect(s.fitError).toBeNull();
    expect(s.startSearch?.status).not.toBe('error');
    expect(s.fitStatus).toBe('done');
    for (const p of s.outcome!.result.parameters) expect(rel(p.value, lv.scipy.params[p.name])).toBeLessThan(1e-4);
    expect(rel(s.outcome!.curve.chi2, lv.scipy.rss)).toBeLessThan(1e-6);
  });
});

describe('an ODE model in a link (issue 23)', () => {
  it('carries the statements, the integration and both observed columns, and reopens to the same fit', async () => {
    setClient(localClient());
    setState(initialState, true);
    expect(await loadText(csv, 'lotka_volterra.csv')).toBe(true);
    await editModel(lv.model);
    for (const [name, value] of Object.entries(lv.starts.good)) setParamValue(name, value);
    setState({ ode: { method: 'dopri5', rtol: 1e-9, atol: 1e-11 } });
    const plan = await planCurrentLink();
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.dataIncluded).toBe(true);
    const opened = decodeSpec(plan.value.fragment);
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.spec.ode).toEqual({ method: 'dopri5', rtol: 1e-9, atol: 1e-11 });
    expect(opened.spec.columns).toEqual({ x: ['t'], y: 'Hare', sigma: null });
    expect(Object.keys(opened.spec.data?.kind === 'inline' ? opened.spec.data.columns : {})).toEqual(['t', 'Hare', 'Lynx']);
    setState(initialState, true);
    expect(await openLink(plan.value.fragment)).toBe(true);
    const s = getState();
    expect(s.modelText).toBe(lv.model);
    expect(s.ode).toEqual({ method: 'dopri5', rtol: 1e-9, atol: 1e-11 });
    expect(s.outcome?.result.success).toBe(true);
    for (const p of s.outcome!.result.parameters) expect(rel(p.value, lv.scipy.params[p.name])).toBeLessThan(1e-4);
  });
});
