/**
 * Column files in the Origin Private File System (issue 12): a streamed table's numeric columns,
 * one float64 file per column (src/store/columnFiles.ts), written and read through
 * FileSystemSyncAccessHandle, which only a dedicated worker may open (the fit worker is one).
 *
 * Each table gets its own folder `fitbench-stream-<time>-<random>`; it is removed when the table is
 * replaced, and folders a closed page left behind are removed when the next streamed load starts.
 * A folder another tab is still using cannot be removed (its files are locked by their open sync
 * handles), so that removal fails quietly and the folder stays with its owner.
 */
import type { SyncFile } from '../store/columnFiles';

import { holdFolderLock, STREAM_FOLDER_PREFIX as PREFIX } from '../store/opfsFolders';

export { removeStaleColumns } from '../store/opfsFolders';

/** The sync access handle as this module uses it (lib.dom lacks it; lib.webworker has it). */
interface SyncHandle extends SyncFile {
  flush(): void;
  close(): void;
  getSize(): number;
}
interface FileHandle { createSyncAccessHandle(): Promise<SyncHandle> }
interface DirectoryHandle {
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<DirectoryHandle>;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<FileHandle>;
  removeEntry(name: string, options?: { recursive?: boolean }): Promise<void>;
  keys(): AsyncIterableIterator<string>;
}

export interface OpfsColumns {
  readonly files: readonly SyncFile[];
  /** The folder's name (for tests and the report). */
  readonly name: string;
  /** Bytes written so far, over all files. */
  bytes(): number;
  /** Closes the handles and removes the folder (idempotent; failures are ignored). */
  remove(): Promise<void>;
}

function root(): Promise<DirectoryHandle> | null {
  const storage = (globalThis.navigator as { storage?: { getDirectory?: () => Promise<unknown> } } | undefined)?.storage;
  return storage?.getDirectory ? (storage.getDirectory() as Promise<DirectoryHandle>) : null;
}

/** Whether this thread can stream columns to OPFS: a dedicated worker with sync access handles. */
export function opfsAvailable(): boolean {
  const g = globalThis as { FileSystemSyncAccessHandle?: unknown; DedicatedWorkerGlobalScope?: unknown };
  return g.FileSystemSyncAccessHandle !== undefined && g.DedicatedWorkerGlobalScope !== undefined && root() !== null;
}

/** Creates a folder with one empty column file per column, each with its sync handle open. */
export async function createOpfsColumns(count: number): Promise<OpfsColumns> {
  const top = await root();
  if (!top) throw new Error('This browser has no Origin Private File System.');
  const name = `${PREFIX}${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  // The folder's lock first: a cleanup (this tab's main thread, another tab) then leaves it alone.
  const release = await holdFolderLock(name);
  const handles: SyncHandle[] = [];
  let removed = false;
  const remove = async () => {
    if (removed) return;
    removed = true;
    for (const h of handles) {
      try { h.close(); } catch { /* already closed */ }
    }
    try {
      await top.removeEntry(name, { recursive: true });
    } catch {
      // Left for removeStaleColumns at the next start.
    }
    release();
  };
  try {
    const dir = await top.getDirectoryHandle(name, { create: true });
    for (let c = 0; c < count; c++) {
      const file = await dir.getFileHandle(`c${c}.f64`, { create: true });
      handles.push(await file.createSyncAccessHandle());
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return {
    files: handles,
    name,
    bytes: () => handles.reduce((sum, h) => sum + (removed ? 0 : h.getSize()), 0),
    remove,
  };
}
