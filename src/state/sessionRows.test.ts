/**
 * Row filters and excluded points in saved sessions (issue 9); saving and restoring through the store's actions, with the worker API in-thread and an
 * in-memory stand-in for IndexedDB (values structured-cloned, as IndexedDB stores them).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { updateIn } from '../../test/memoryStorage';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { loadText } from './actions/data';
import { addFilter, toggleExcluded } from './actions/rows';
import { runFit } from './actions/fit';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { flushSave, restoreLatestSession, SAVE_DELAY_MS, startAutosave, stopAutosave } from './actions/sessions';
import { getState, initialState, setState } from './store';

const db = new Map<string, unknown>();
let refuse: string | null = null;

vi.mock('../job/browser/storage', () => {
  const guard = () => {
    if (refuse) throw new DOMException(refuse, 'QuotaExceededError');
  };
  return {
    storageReason: (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e)),
    readValue: async (key: string) => (guard(), structuredClone(db.get(key))),
    writeValue: async (key: string, value: unknown) => (guard(), void db.set(key, structuredClone(value))),
    deleteValue: async (key: string) => (guard(), void db.delete(key)),
    updateValue: async (key: string, change: (stored: unknown) => unknown) => (guard(), updateIn(db, key, change)),
  };
});

const values = () => getState().outcome?.result.parameters.map((p) => p.value) ?? [];

async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
  await flushSave();
}

describe('sessions with rows', () => {
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

  it('restores the filters, the excluded points and the fit on those rows', async () => {
    const text = readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'groups', 'puromycin.csv'), 'utf8');
    expect(await loadText(text, 'puromycin.csv')).toBe(true);
    setModelText('Vm*conc/(K + conc)');
    setParamValue('Vm', 200);
    setParamValue('K', 0.1);
    expect(await addFilter('state=treated')).toBe(true);
    await toggleExcluded(2);
    await runFit();
    const fitted = values();
    await settle();
    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    const s = getState();
    expect(s.restored?.error).toBeNull();
    expect(s.mapping.rows).toEqual({ where: ['state=treated'], exclude: [2] });
    expect(s.selection?.rows).toBe(11);
    expect(s.selection?.filteredCount).toBe(11);
    expect(s.selection?.excludedCount).toBe(1);
    expect(values()).toEqual(fitted);
    expect(s.fitStatus).toBe('done');
  });
});
