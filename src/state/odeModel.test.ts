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
import { editModel } from './actions/modelEdit';
import { getState, initialState, setState } from './store';

const root = join(import.meta.dirname, '..', '..');
const csv = readFileSync(join(root, 'public', 'samples', 'lotka_volterra.csv'), 'utf8');
const lv = JSON.parse(readFileSync(join(root, 'fixtures', 'ode', 'lotka_volterra.json'), 'utf8')) as { model: string; params: string[] };

describe('an ODE model in the editor', () => {
  beforeEach(async () => {
    setClient(localClient());
    setState(initialState, true);
    expect(await loadText(csv, 'lotka_volterra.csv')).toBe(true);
  });

  it('lists the parameters and the observed columns; x stays the time column', async () => {
    const x = getState().mapping.x;
    await editModel(lv.model);
    const s = getState();
    expect(s.modelInfo.error).toBeNull();
    expect(s.modelInfo.params).toEqual(lv.params);
    expect(s.params.map((p) => p.name)).toEqual(lv.params);
    expect(s.modelInfo.variables).toEqual(['Hare', 'Lynx']);
    expect(s.modelInfo.ode).toEqual({ states: ['H', 'L'], observed: ['Hare', 'Lynx'], sigma: [null, null] });
    expect(s.mapping.x).toEqual(x);
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
});
