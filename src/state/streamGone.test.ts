/**
 * A saved session whose streamed data storage lost (issue 12: browser storage cleared, or evicted
 * for space): restoring it brings back the model, parameters and settings without data, the data
 * panel says so (streamGone) instead of failing the restore, the session stays in the list, and
 * the file dropped again continues the same session. The worker API runs in-thread (Node has no
 * Origin Private File System, so the saved folder cannot be opened, as after a clear).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../test/memoryStorage';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { loadText } from './actions/data';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { flushSave, restoreLatestSession, SAVE_DELAY_MS, startAutosave, stopAutosave } from './actions/sessions';
import { dataKey, INDEX_KEY } from './sessions/record';
import { getState, initialState, setState } from './store';

vi.mock('../job/browser/storage', () => import('../../test/memoryStorage'));

const sample = readFileSync(join(import.meta.dirname, '..', '..', 'public', 'samples', 'decay.csv'), 'utf8');

describe('a session whose streamed data are gone', () => {
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

  it('comes back without data, says so, and continues when the file is dropped again', async () => {
    expect(await loadText(sample, 'decay.csv')).toBe(true);
    setModelText('A*exp(-t/tau) + c');
    setParamValue('A', 800);
    setParamValue('tau', 3);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
    await flushSave();
    const id = getState().sessionId!;
    // The saved table as a streamed one whose folder is not in storage.
    const saved = db.get(dataKey(id)) as Record<string, unknown>;
    const cells = [[], [], []];
    const facts = [0, 1, 2].map(() => ({ nonFinite: 0, nonPositive: 0, sorted: true }));
    const counts = [0, 1, 2].map(() => ({ numeric: 200_000, nonNumeric: 0, empty: 0 }));
    db.set(dataKey(id), { ...saved, input: null, stream: { folder: 'fitbench-stream-1-gone', names: ['t', 'counts', 'sigma'], facts, rows: 200_000, budget: 16 << 20, fileBytes: 5 << 20, estimateBytes: 20 << 20, chunkRows: 65_536, stride: 1, counts, dropped: [], cells } });

    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    const s = getState();
    expect(s.table).toBeNull();
    expect(s.streamGone).toMatchObject({ fileName: 'decay.csv', kind: 'gone' });
    expect(s.modelText).toBe('A*exp(-t/tau) + c');
    expect(s.params.find((p) => p.name === 'tau')?.value).toBe(3);
    expect(s.restored?.error).toBeNull();
    expect((db.get(INDEX_KEY) as { id: string }[]).map((m) => m.id)).toContain(id);

    // The file again: the same session, with its data.
    expect(await loadText(sample, 'decay.csv')).toBe(true);
    expect(getState().streamGone).toBeNull();
    expect(getState().sessionId).toBe(id);
    expect(getState().params.find((p) => p.name === 'tau')?.value).toBe(3);
  });
});
