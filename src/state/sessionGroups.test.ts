/**
 * Groups in saved sessions (issue 9): the group column, the picked groups, the mode and the shared
 * marks come back with the session; saving and restoring through the store's actions, with the worker API in-thread and an
 * in-memory stand-in for IndexedDB (values structured-cloned, as IndexedDB stores them).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { updateIn } from '../../test/memoryStorage';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { loadText } from './actions/data';
import { setGroupMode, setShared } from './actions/global';
import { setGroupBy, toggleGroup } from './actions/groups';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { flushSave, restoreLatestSession, SAVE_DELAY_MS, startAutosave, stopAutosave } from './actions/sessions';
import { getState, initialState, setState } from './store';

const db = new Map<string, unknown>();
let refuse: string | null = null;

vi.mock('../worker/storage', () => {
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

async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
  await flushSave();
}

describe('sessions with groups', () => {
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

  it('restores the group column, the picked groups, the global mode and the shared marks', async () => {
    const text = readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'groups', 'puromycin.csv'), 'utf8');
    expect(await loadText(text, 'puromycin.csv')).toBe(true);
    setModelText('Vm*conc/(K + conc)');
    setParamValue('Vm', 200);
    await setGroupBy('state');
    toggleGroup('untreated');
    setGroupMode('global');
    setShared('K', true);
    await settle();
    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    const s = getState();
    expect(s.restored?.error).toBeNull();
    expect(s.groupBy).toBe('state');
    expect(s.groupList?.groups.map((g) => g.key)).toEqual(['treated', 'untreated']);
    expect(s.groupPick).toEqual(['treated']);
    expect(s.groupMode).toBe('global');
    expect(s.sharedParams).toEqual(['K']);
  });
});
