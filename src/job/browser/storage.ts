/**
 * Where sessions live: one IndexedDB database ("fitbench") with one object store ("sessions"),
 * shared by the page (the session index and records) and the worker (the data tables, written
 * and read where the data live, so the page never holds them). Every call is guarded: a browser
 * without IndexedDB (private modes, a blocked origin) or a full disk makes it reject with an Error,
 * never throw synchronously.
 */
import { createStore, del, get, keys, promisifyRequest, set, type UseStore } from 'idb-keyval';

export const SESSION_DB = 'fitbench';
export const SESSION_STORE = 'sessions';

let store: UseStore | null = null;

function sessionStore(): UseStore {
  store ??= createStore(SESSION_DB, SESSION_STORE);
  return store;
}

/** Why a storage call failed, as a sentence fragment ("QuotaExceededError: …"). */
export function storageReason(error: unknown): string {
  if (error instanceof Error) return error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message;
  return String(error);
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // A failed open is not cached by idb-keyval's store, but a missing indexedDB would throw again
    // on every call: drop the store so that a later call starts afresh either way.
    store = null;
    throw error instanceof Error ? error : new Error(String(error));
  }
}

export function readValue<T>(key: string): Promise<T | undefined> {
  return guarded(() => get<T>(key, sessionStore()));
}

export function writeValue(key: string, value: unknown): Promise<void> {
  return guarded(() => set(key, value, sessionStore()));
}

export function deleteValue(key: string): Promise<void> {
  return guarded(() => del(key, sessionStore()));
}

/**
 * Reads `key` and writes what `change` makes of it (undefined: the key is deleted) in one
 * transaction. Tabs share the store, and IndexedDB runs readwrite transactions on one store one
 * after another, so another tab's change cannot fall between this reading and this writing (a
 * readValue then a writeValue are two transactions, and one tab's write could undo the other's).
 */
export function updateValue(key: string, change: (stored: unknown) => unknown): Promise<void> {
  return guarded(() =>
    sessionStore()('readwrite', (store) =>
      new Promise<void>((resolve, reject) => {
        const read = store.get(key);
        read.onerror = () => reject(read.error);
        // The writing is asked for from the reading's own event (as idb-keyval's update does),
        // while the transaction is still active in every browser.
        read.onsuccess = () => {
          try {
            const next = change(read.result);
            if (next === undefined) store.delete(key);
            else store.put(next, key);
          } catch (error) {
            // `change` threw, or the value cannot be stored (put throws DataCloneError): nothing changes.
            store.transaction.abort();
            reject(error);
            return;
          }
          promisifyRequest(store.transaction).then(() => resolve(), reject);
        };
      }),
    ),
  );
}

/** Every key stored (the keys only: a table's value is not read). */
export function listKeys(): Promise<string[]> {
  return guarded(async () => (await keys(sessionStore())).map(String));
}
