/**
 * What becomes of a streamed table's folder when other data replace it (issue 12): a folder a saved
 * table refers to (saveTable wrote it) is released, its files kept for that session; one no saved
 * table ever referred to is removed (where sessions cannot be stored the page's sweep cannot read
 * the index, and every streamed load would leave a file-sized folder for good).
 */
import { describe, expect, it, vi } from 'vitest';
import { parseDelimitedText } from '../data/index';
import { adoptTable } from './load';
import { session } from './session';
import type { StreamedTable } from '../job/browser/streamIngest';
import { saveTable } from './tables';

const db = new Map<string, unknown>();
let storageWorks = true;

vi.mock('../job/browser/storage', () => ({
  storageReason: (e: unknown) => String(e),
  readValue: async (key: string) => structuredClone(db.get(key)),
  writeValue: async (key: string, value: unknown) => {
    if (!storageWorks) throw new Error('no IndexedDB');
    db.set(key, structuredClone(value));
  },
  deleteValue: async (key: string) => void db.delete(key),
}));

function table() {
  const parsed = parseDelimitedText('x,y\n1,2\n2,4\n3,6\n');
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** A streamed table over a folder whose release and removal are counted. */
function streamed(folder: string) {
  const calls = { release: 0, remove: 0 };
  const store = { files: [], name: folder, bytes: () => 0, release: () => void calls.release++, remove: async () => void calls.remove++ };
  const stream: StreamedTable = {
    store,
    names: ['x', 'y'],
    facts: [0, 1].map(() => ({ nonFinite: 0, nonPositive: 0, sorted: true })),
    rows: 3,
    budget: 1 << 20,
    fileBytes: 100,
    estimateBytes: 200,
    chunkRows: 65_536,
    stride: 1,
    counts: [0, 1].map(() => ({ numeric: 3, nonNumeric: 0, empty: 0 })),
    dropped: [],
    cells: [[], []],
  };
  return { stream, calls };
}

describe('a replaced streamed table’s folder', () => {
  it('is removed when no saved table refers to it (sessions cannot be stored)', async () => {
    storageWorks = false;
    const { stream, calls } = streamed('fitbench-stream-1-a');
    adoptTable(table(), 'big.csv', null, stream);
    expect((await saveTable('data:a')).ok).toBe(false);
    adoptTable(table(), 'small.csv');
    expect(calls).toEqual({ release: 0, remove: 1 });
    expect(session.stream).toBeNull();
  });

  it('is released, its files kept, when a saved table refers to it', async () => {
    storageWorks = true;
    const { stream, calls } = streamed('fitbench-stream-2-b');
    adoptTable(table(), 'big.csv', null, stream);
    const saved = await saveTable('data:b');
    expect(saved.ok && saved.value.folder).toBe('fitbench-stream-2-b');
    adoptTable(table(), 'small.csv');
    expect(calls).toEqual({ release: 1, remove: 0 });
  });
});
