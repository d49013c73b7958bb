/**
 * The page's stored fit checkpoint, read from its IndexedDB (database "fitbench", store
 * "sessions", key `checkpoint:<session>`): its key, the iteration it was saved at and the record,
 * or null when none is stored. Used by the checkpoint and streamed-fit specs and the page-stream
 * benchmark to wait for a save before a reload.
 */
import type { Page } from 'playwright-core';

export interface StoredCheckpoint {
  readonly key: string;
  readonly nit: number;
  readonly value: unknown;
}

export function storedCheckpoint(p: Page): Promise<StoredCheckpoint | null> {
  return p.evaluate(
    () =>
      new Promise<StoredCheckpoint | null>((resolve, reject) => {
        const open = indexedDB.open('fitbench');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('sessions')) return resolve(null);
          const store = db.transaction('sessions').objectStore('sessions');
          const keys = store.getAllKeys();
          keys.onsuccess = () => {
            const key = keys.result.map(String).find((k) => k.startsWith('checkpoint:'));
            if (!key) return resolve(null);
            const got = store.get(key);
            got.onsuccess = () => resolve({ key, nit: (got.result as { state: { nit: number } }).state.nit, value: got.result });
          };
        };
      }),
  );
}
