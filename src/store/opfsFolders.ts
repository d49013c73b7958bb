/**
 * The folders of streamed tables in the Origin Private File System (issue 12; written by
 * src/job/browser/opfsColumns.ts): one per table, `fitbench-stream-<time>-<random>`. A saved session
 * refers to its table's folder, so the folder outlives the page; one is stale when no saved
 * session refers to it and no page holds it open, and the page removes the stale ones when it
 * starts, when it loads other data and when a session is deleted (src/state/actions/streamFolders.ts
 * says which are referenced).
 *
 * Which folders are in use is said with Web Locks: a table holds the lock named after its folder
 * from before the folder is made (or opened again) until it lets go of it (the browser releases it
 * when the worker or the tab goes), and the cleanup removes only folders whose lock it can take at
 * once. Without the lock, a cleanup in the main thread could remove a folder the worker had just
 * made but not yet opened (seen in e2e/page-stream.spec.ts). Only navigator.storage and
 * navigator.locks are used here, so the main thread and the worker can both call it.
 */

import { webLocks } from './webLocks';

export const STREAM_FOLDER_PREFIX = 'fitbench-stream-';

function opfsStorage(): { getDirectory?: () => Promise<unknown> } | undefined {
  return (globalThis as { navigator?: { storage?: { getDirectory?: () => Promise<unknown> } } }).navigator?.storage;
}

/** Holds the lock named `name` until the returned function is called (no-op where Web Locks are missing). */
export function holdFolderLock(name: string): Promise<() => void> {
  const locks = webLocks();
  if (!locks) return Promise.resolve(() => undefined);
  return new Promise((held) => {
    void locks.request(name, () => new Promise<void>((release) => held(release)));
  });
}

/** The lock named `name` if no one holds it now (its release function), else null. */
export function tryFolderLock(name: string): Promise<(() => void) | null> {
  const locks = webLocks();
  if (!locks) return Promise.resolve(() => undefined);
  return new Promise((held) => {
    void locks.request(name, { ifAvailable: true }, (lock) => {
      if (!lock) {
        held(null);
        return Promise.resolve();
      }
      return new Promise<void>((release) => held(release));
    });
  });
}

interface Folder {
  removeEntry(name: string, options?: { recursive?: boolean }): Promise<void>;
  keys(): AsyncIterableIterator<string>;
}

/**
 * Removes the streamed tables' folders that no page holds open, except those in `keep` (the ones
 * saved sessions refer to); returns how many went. `stillStale` is asked again for each candidate
 * once its lock is taken, just before it goes: between the reading of `keep` and the lock another
 * tab may have named the folder in a saved session and closed (letting go of the lock), so the
 * caller reads the references afresh there. It is asked only for candidates (no candidate, no
 * reading); a rejection keeps the folder.
 */
export async function removeStaleColumns(keep: ReadonlySet<string> = new Set(), stillStale: (name: string) => Promise<boolean> = async () => true): Promise<number> {
  const storage = opfsStorage();
  const locks = webLocks();
  if (!storage?.getDirectory) return 0;
  const dir = (await storage.getDirectory()) as Folder;
  const names: string[] = [];
  for await (const name of dir.keys()) if (name.startsWith(STREAM_FOLDER_PREFIX) && !keep.has(name)) names.push(name);
  let removed = 0;
  const remove = async (name: string): Promise<void> => {
    if (!(await stillStale(name))) return;
    await dir.removeEntry(name, { recursive: true });
    removed++;
  };
  for (const name of names) {
    try {
      // In use (its lock is held by this or another tab's worker): left to its owner.
      if (locks) {
        await locks.request(name, { ifAvailable: true }, async (lock) => {
          if (lock) await remove(name);
        });
      } else {
        await remove(name);
      }
    } catch {
      // Its files are open (sync access handles lock them): in use after all. Or the references
      // could not be read again: kept.
    }
  }
  return removed;
}
