/**
 * The page's storage module (src/job/browser/storage.ts, IndexedDB) as a Map, for state tests that
 * save and restore sessions: `vi.mock('../job/browser/storage', () => import('../../test/memoryStorage'))`,
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
/** What happens (the page going on, another tab) just after a key is written: run, and waited for. */
export const afterWrite = new Map<string, () => Promise<void> | void>();
/** otherTabChanges: the other tab's change, and what it read once it has. */
let other: { key: string; change: (stored: unknown) => unknown; read: boolean; seen: unknown } | null = null;

/** The next page: writes go through again (and no key is cut). */
export function reopen(): void {
  closed = false;
  other = null;
  afterWrite.clear();
  cutBefore.clear();
  refused.clear();
}

export const storageReason = (e: unknown): string => String(e);

/**
 * Another tab's read-modify-write of `key` (its own transactions), woven into this page's: it reads
 * the key just after this page's next reading of it, and writes `change` of what it read just after
 * this page's next writing (or deletion) of it. An updateValue is one transaction, which the other
 * tab's cannot split: its reading and writing both follow it. `change` returning undefined deletes.
 */
export function otherTabChanges(key: string, change: (stored: unknown) => unknown): void {
  other = { key, change, read: false, seen: undefined };
}

function otherTabWrites(key: string, seen: unknown): void {
  if (other?.key !== key) return;
  const next = other.change(structuredClone(seen));
  other = null;
  if (next === undefined) db.delete(key);
  else db.set(key, structuredClone(next));
}

export const readValue = async (key: string): Promise<unknown> => {
  const value = structuredClone(db.get(key));
  if (other?.key === key && !other.read) other = { ...other, read: true, seen: db.get(key) };
  return value;
};
export const writeValue = async (key: string, value: unknown): Promise<void> => {
  if (cutBefore.has(key)) closed = true;
  if (closed) throw new Error(`the page closed before ${key} was written`);
  if (refused.has(key)) throw new Error(`the storage refused ${key}`);
  db.set(key, structuredClone(value));
  if (other?.read) otherTabWrites(key, other.seen);
  const after = afterWrite.get(key);
  afterWrite.delete(key);
  await after?.();
};
export const deleteValue = async (key: string): Promise<void> => {
  if (closed) throw new Error(`the page closed before ${key} was deleted`);
  db.delete(key);
  if (other?.read) otherTabWrites(key, other.seen);
};
/** storage.updateValue: one transaction (refused and cut as writeValue is). */
export const updateValue = async (key: string, change: (stored: unknown) => unknown): Promise<void> => {
  if (cutBefore.has(key)) closed = true;
  if (closed) throw new Error(`the page closed before ${key} was written`);
  if (refused.has(key)) throw new Error(`the storage refused ${key}`);
  updateIn(db, key, change);
  if (other?.key === key) otherTabWrites(key, db.get(key));
};

/** updateValue's change on a Map standing for the store (for tests with a storage mock of their own). */
export function updateIn(store: Map<string, unknown>, key: string, change: (stored: unknown) => unknown): void {
  const next = change(structuredClone(store.get(key)));
  if (next === undefined) store.delete(key);
  else store.set(key, structuredClone(next));
}
export const listKeys = async (): Promise<string[]> => [...db.keys()];
