/**
 * A restored streamed session's folder and its lock (issue 12), over a stand-in for the Origin
 * Private File System and Web Locks (Node has neither): the worker API runs in-thread.
 *
 * - The folder this page's worker still holds is its own, not "open in another tab": opening a
 *   session whose data are gone leaves the worker's table (and lock) as they were, and opening the
 *   first session again must reuse that folder.
 * - A folder another tab holds: that tab still saves the session, so this page does not take the
 *   session's id; the data dropped again start a new session with the saved model and parameters.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../test/memoryStorage';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { holdFolderLock } from '../store/opfsFolders';
import { loadText } from './actions/data';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { flushSave, openSession, SAVE_DELAY_MS, startAutosave, stopAutosave } from './actions/sessions';
import { dataKey, INDEX_KEY, sessionKey } from './sessions/record';
import { getState, initialState, setState } from './store';

vi.mock('../worker/storage', () => import('../../test/memoryStorage'));

const sample = readFileSync(join(import.meta.dirname, '..', '..', 'public', 'samples', 'decay.csv'), 'utf8');
const ROWS = 1000;

/** Folders of float64 files (sizes only) and a lock manager with Web Locks' request shapes; a sync
 *  handle may be open once per file, as in the browser. */
function fakeOpfs(folders: Record<string, number>) {
  const held = new Set<string>();
  const open = new Set<string>();
  const locks = {
    async request(name: string, a: unknown, b?: (lock: unknown) => Promise<void>): Promise<void> {
      const callback = (b ?? a) as (lock: unknown) => Promise<void>;
      if (held.has(name)) {
        if (b !== undefined && (a as { ifAvailable?: boolean }).ifAvailable) return callback(null);
        throw new Error('the fake waits for no lock');
      }
      held.add(name);
      try {
        await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
  const notFound = () => Object.assign(new Error('not found'), { name: 'NotFoundError' });
  const dir = (name: string) => ({
    async getFileHandle(file: string) {
      const m = /^c(\d+)\.f64$/.exec(file);
      if (!m || Number(m[1]) >= folders[name]) throw notFound();
      const path = `${name}/${file}`;
      return {
        async createSyncAccessHandle() {
          if (open.has(path)) throw Object.assign(new Error('open elsewhere'), { name: 'NoModificationAllowedError' });
          open.add(path);
          // Row r holds r + 1 in every column (positive, sorted, as the saved facts say).
          const read = (buffer: Uint8Array, { at }: { at: number }) => {
            const n = Math.max(0, Math.min(buffer.length, ROWS * 8 - at));
            const view = new DataView(buffer.buffer, buffer.byteOffset, n);
            for (let b = 0; b < n; b += 8) view.setFloat64(b, (at + b) / 8 + 1, true);
            return n;
          };
          return { read, write: () => 0, flush: () => undefined, getSize: () => ROWS * 8, close: () => void open.delete(path) };
        },
      };
    },
  });
  const storage = {
    getDirectory: async () => ({
      async getDirectoryHandle(name: string) {
        if (!(name in folders)) throw notFound();
        return dir(name);
      },
      async *keys() {
        yield* Object.keys(folders);
      },
      async removeEntry(name: string) {
        delete folders[name];
      },
    }),
  };
  Object.defineProperty(globalThis, 'navigator', { value: { storage, locks }, configurable: true });
  return { held };
}

const streamOf = (folder: string) => ({
  folder,
  names: ['t', 'counts', 'sigma'],
  facts: [0, 1, 2].map(() => ({ nonFinite: 0, nonPositive: 0, sorted: true })),
  rows: ROWS,
  budget: 16 << 20,
  fileBytes: 5 << 20,
  estimateBytes: 20 << 20,
  chunkRows: 65_536,
  stride: 1,
  counts: [0, 1, 2].map(() => ({ numeric: ROWS, nonNumeric: 0, empty: 0 })),
  dropped: [],
  cells: [[], [], []],
});

/** A session saved from the sample, its table then made a streamed one in `folder`. */
async function savedStreamedSession(folder: string, tau: number): Promise<string> {
  expect(await loadText(sample, 'decay.csv')).toBe(true);
  setModelText('A*exp(-t/tau) + c');
  setParamValue('A', 800);
  setParamValue('tau', tau);
  await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
  await flushSave();
  const id = getState().sessionId!;
  const saved = db.get(dataKey(id)) as Record<string, unknown>;
  db.set(dataKey(id), { ...saved, input: null, stream: streamOf(folder) });
  const record = db.get(sessionKey(id)) as { meta: Record<string, unknown> };
  db.set(sessionKey(id), { ...record, meta: { ...record.meta, folder, rows: ROWS } });
  db.set(INDEX_KEY, (db.get(INDEX_KEY) as { id: string }[]).map((m) => (m.id === id ? { ...m, folder, rows: ROWS } : m)));
  return id;
}

const original = Object.getOwnPropertyDescriptor(globalThis, 'navigator');

describe('a restored streamed session’s folder', () => {
  beforeAll(() => {
    setClient(localClient());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    startAutosave();
  });
  beforeEach(() => {
    db.clear();
    setState(initialState, true);
  });
  afterAll(() => {
    stopAutosave();
    vi.useRealTimers();
    if (original) Object.defineProperty(globalThis, 'navigator', original);
    else delete (globalThis as { navigator?: unknown }).navigator;
  });

  it('held by this page’s worker is its own: S, then T whose data are gone, then S again', async () => {
    const s = await savedStreamedSession('fitbench-stream-1-s', 3);
    const t = await savedStreamedSession('fitbench-stream-2-t-gone', 5);
    // Made once the sessions refer to it (a sweep as the sample was loaded would remove it).
    fakeOpfs({ 'fitbench-stream-1-s': 3 });

    expect(await openSession(s)).toBeNull();
    expect(getState().table?.stream?.folder).toBe('fitbench-stream-1-s');
    expect(getState().streamGone).toBeNull();

    expect(await openSession(t)).toBeNull();
    expect(getState().streamGone).toMatchObject({ kind: 'gone' });

    expect(await openSession(s)).toBeNull();
    expect(getState().streamGone).toBeNull();
    expect(getState().table?.rows).toBe(ROWS);
    expect(getState().table?.stream?.folder).toBe('fitbench-stream-1-s');
    expect(getState().sessionId).toBe(s);
    expect(getState().params.find((p) => p.name === 'tau')?.value).toBe(3);
  });

  it('held by another tab: shown without data, and the data dropped again are a new session', async () => {
    const u = await savedStreamedSession('fitbench-stream-3-u', 4);
    fakeOpfs({ 'fitbench-stream-3-u': 3 });
    // Another tab's worker holds the folder.
    await holdFolderLock('fitbench-stream-3-u');

    expect(await openSession(u)).toBeNull();
    expect(getState().table).toBeNull();
    expect(getState().streamGone).toMatchObject({ kind: 'in-use' });
    expect(getState().sessionId).toBeNull();

    expect(await loadText(sample, 'decay.csv')).toBe(true);
    const id = getState().sessionId;
    expect(id).not.toBeNull();
    expect(id).not.toBe(u);
    expect(getState().modelText).toBe('A*exp(-t/tau) + c');
    expect(getState().params.find((p) => p.name === 'tau')?.value).toBe(4);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
    await flushSave();
    // The other tab's session is as it saved it.
    expect((db.get(sessionKey(u)) as { meta: { folder?: string } }).meta.folder).toBe('fitbench-stream-3-u');
    expect((db.get(INDEX_KEY) as { id: string }[]).map((m) => m.id)).toEqual(expect.arrayContaining([u, id]));
  });
});
