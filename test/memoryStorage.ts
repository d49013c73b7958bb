/**
 * The page's storage module (src/worker/storage.ts, IndexedDB) as a Map, for state tests that
 * save and restore sessions: `vi.mock('../worker/storage', () => import('../../test/memoryStorage'))`,
 * then read or change `db` to see or damage what was stored. Values go through structuredClone, as
 * IndexedDB stores them. A key in `cutBefore` is never written: as if the page had closed just
 * before it, its write and every write or delete after it reject until `reopen()` (what was
 * written before it stays, as IndexedDB keeps each finished transaction).
 */
export const db = new Map<string, unknown>();
export const cutBefore = new Set<string>();
/** Keys whose writes fail while the page goes on (a full quota, say). */
export const refused = new Set<string>();
let closed = false;

/** The next page: writes go through again (and no key is cut). */
export function reopen(): void {
  closed = false;
  cutBefore.clear();
  refused.clear();
}

export const storageReason = (e: unknown): string => String(e);
export const readValue = async (key: string): Promise<unknown> => structuredClone(db.get(key));
export const writeValue = async (key: string, value: unknown): Promise<void> => {
  if (cutBefore.has(key)) closed = true;
  if (closed) throw new Error(`the page closed before ${key} was written`);
  if (refused.has(key)) throw new Error(`the storage refused ${key}`);
  db.set(key, structuredClone(value));
};
export const deleteValue = async (key: string): Promise<void> => {
  if (closed) throw new Error(`the page closed before ${key} was deleted`);
  db.delete(key);
};
export const listKeys = async (): Promise<string[]> => [...db.keys()];
