/**
 * For state tests of streamed sessions (issue 12), with the worker API in-thread and
 * `vi.mock('../job/browser/storage', () => import('../../test/memoryStorage'))`: a stand-in for the
 * Origin Private File System and Web Locks (Node has neither), and a saved session made a
 * streamed one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, vi } from 'vitest';
import { loadText } from '../src/state/actions/data';
import { setModelText } from '../src/state/actions/model';
import { setParamValue } from '../src/state/actions/params';
import { flushSave, SAVE_DELAY_MS } from '../src/state/actions/sessions';
import { dataKey, INDEX_KEY, sessionKey } from '../src/state/sessions/record';
import { getState } from '../src/state/store';
import { db } from './memoryStorage';
import { fakeLocks } from './fakeLocks';

export const sample = readFileSync(join(import.meta.dirname, '..', 'public', 'samples', 'decay.csv'), 'utf8');

/** Rows of every column file. */
export const ROWS = 1000;

/**
 * Folders of float64 column files (`folders`: name → columns; sizes only, ROWS rows where row r
 * holds r + 1 in every column) and a lock manager with Web Locks' request shapes, installed as
 * globalThis.navigator (the test restores the original); a sync handle may be open once per file,
 * as in the browser. `folders` gains the folders made and loses those removed.
 */
export function fakeOpfs(folders: Record<string, number>) {
  const held = new Set<string>();
  const open = new Set<string>();
  const locks = fakeLocks(held);
  const notFound = () => Object.assign(new Error('not found'), { name: 'NotFoundError' });
  const dir = (name: string) => ({
    async getFileHandle(file: string, options?: { create?: boolean }) {
      const m = /^c(\d+)\.f64$/.exec(file);
      if (m && options?.create) folders[name] = Math.max(folders[name], Number(m[1]) + 1);
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
      async getDirectoryHandle(name: string, options?: { create?: boolean }) {
        if (!(name in folders) && options?.create) folders[name] = 0;
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

/** What a saved table keeps of a streamed table over `folder` (three columns t, counts, sigma of
 *  ROWS rows; src/job/browser/streamRecord.ts), without its folder's open files. */
export const streamOf = (folder: string) => ({
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

/** A session saved from the sample, its table then made a streamed one in `folder` (timers faked). */
export async function savedStreamedSession(folder: string, tau: number): Promise<string> {
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
