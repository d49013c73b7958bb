/**
 * A saved session with an ODE model (issue 23; sessions do not carry ODE models in full yet):
 * restoring it does not crash and keeps the model text, the fitted values and the fit.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { updateIn } from '../../test/memoryStorage';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { editModel } from './actions/modelEdit';
import { setParamValue } from './actions/params';
import { flushSave, restoreLatestSession, SAVE_DELAY_MS, startAutosave, stopAutosave } from './actions/sessions';
import { getState, initialState, setState } from './store';

const db = new Map<string, unknown>();

vi.mock('../job/browser/storage', () => ({
  storageReason: (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e)),
  readValue: async (key: string) => structuredClone(db.get(key)),
  writeValue: async (key: string, value: unknown) => void db.set(key, structuredClone(value)),
  deleteValue: async (key: string) => void db.delete(key),
  updateValue: async (key: string, change: (stored: unknown) => unknown) => updateIn(db, key, change),
}));

const root = join(import.meta.dirname, '..', '..');
const csv = readFileSync(join(root, 'public', 'samples', 'lotka_volterra.csv'), 'utf8');
const lv = JSON.parse(readFileSync(join(root, 'fixtures', 'ode', 'lotka_volterra.json'), 'utf8')) as { model: string; starts: { good: Record<string, number> } };

describe('a session with an ODE model', () => {
  beforeAll(() => {
    setClient(localClient());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    setState(initialState, true);
    startAutosave();
  });
  afterAll(() => {
    stopAutosave();
    vi.useRealTimers();
  });

  it('restores the model text and the fitted values', async () => {
    expect(await loadText(csv, 'lotka_volterra.csv')).toBe(true);
    await editModel(lv.model);
    for (const [name, value] of Object.entries(lv.starts.good)) setParamValue(name, value);
    await runFit();
    expect(getState().fitStatus).toBe('done');
    const fitted = getState().params.map((p) => p.value);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
    await flushSave();
    expect(getState().saveState).toBe('saved');

    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    const s = getState();
    expect(s.restored?.error).toBeNull();
    expect(s.modelText).toBe(lv.model);
    expect(s.modelInfo.error).toBeNull();
    expect(s.mapping.x).toEqual(['t']);
    expect(s.params.map((p) => p.value)).toEqual(fitted);
    expect(s.outcome?.curve.ode?.series.map((o) => o.column)).toEqual(['Hare', 'Lynx']);
  });
});
