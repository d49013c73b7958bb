/**
 * The page's storage module (src/worker/storage.ts, IndexedDB) as a Map, for state tests that
 * save and restore sessions: `vi.mock('../worker/storage', () => import('../../test/memoryStorage'))`,
 * then read or change `db` to see or damage what was stored. Values go through structuredClone, as
 * IndexedDB stores them. A key in `cutBefore` is never written: its write rejects, as if the page
 * had closed just before it (what was written before it stays, as IndexedDB keeps each finished
 * transaction).
 */
export const db = new Map<string, unknown>();
export const cutBefore = new Set<string>();

export const storageReason = (e: unknown): string => String(e);
export const readValue = async (key: string): Promise<unknown> => structuredClone(db.get(key));
export const writeValue = async (key: string, value: unknown): Promise<void> => {
  if (cutBefore.has(key)) throw new Error(`the page closed before ${key} was written`);
  db.set(key, structuredClone(value));
};
export const deleteValue = async (key: string): Promise<void> => void db.delete(key);
