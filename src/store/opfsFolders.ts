/**
 * The folders of streamed tables in the Origin Private File System (issue 12; written by
 * src/worker/opfsColumns.ts): one per table, `fitbench-stream-<time>-<random>`. A page that closed
 * or crashed leaves its folder; the page removes such folders when it starts (src/app/mount.tsx)
 * and the worker before each streamed load. A folder another tab still uses cannot be removed (its
 * files are locked by open sync access handles), so that removal fails quietly and it stays.
 * Only navigator.storage is used here, so the main thread and the worker can both call it.
 */

export const STREAM_FOLDER_PREFIX = 'fitbench-stream-';

interface Folder {
  removeEntry(name: string, options?: { recursive?: boolean }): Promise<void>;
  keys(): AsyncIterableIterator<string>;
}

/** Removes the streamed tables' folders that no page holds open, except `keep`; returns how many went. */
export async function removeStaleColumns(keep: string | null = null): Promise<number> {
  const storage = (globalThis as { navigator?: { storage?: { getDirectory?: () => Promise<unknown> } } }).navigator?.storage;
  if (!storage?.getDirectory) return 0;
  const dir = (await storage.getDirectory()) as Folder;
  const names: string[] = [];
  for await (const name of dir.keys()) if (name.startsWith(STREAM_FOLDER_PREFIX) && name !== keep) names.push(name);
  let removed = 0;
  for (const name of names) {
    try {
      await dir.removeEntry(name, { recursive: true });
      removed++;
    } catch {
      // Locked by another tab's open handles: its own.
    }
  }
  return removed;
}
