/**
 * Column files in the Origin Private File System (issue 12): a streamed table's numeric columns,
 * one float64 file per column (src/store/columnFiles.ts), written and read through
 * FileSystemSyncAccessHandle, which only a dedicated worker may open (the fit worker is one).
 *
 * Each table gets its own folder `fitbench-stream-<time>-<random>`. A saved session refers to it by
 * that name, so replacing the table only lets go of it (`release`: the handles closed, the lock
 * given back); the page removes the folders that no saved session refers to and no tab holds
 * (src/state/actions/streamFolders.ts). A restored session opens its folder again
 * (`openOpfsColumns`); a folder another tab is using, or that storage lost, is said so.
 */
import type { SyncFile } from '../../store/columnFiles';

import { holdFolderLock, STREAM_FOLDER_PREFIX as PREFIX, tryFolderLock } from '../../store/opfsFolders';


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
  /** Closes the handles and gives the folder's lock back, keeping its files (a saved session may
   *  refer to them; idempotent). */
  release(): void;
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

/** A folder's column files with their sync handles open, and what lets go of them. */
function columns(top: DirectoryHandle, name: string, handles: SyncHandle[], unlock: () => void): OpfsColumns {
  let closed = false;
  const close = () => {
    if (closed) return false;
    closed = true;
    for (const h of handles) {
      try { h.close(); } catch { /* already closed */ }
    }
    return true;
  };
  return {
    files: handles,
    name,
    bytes: () => handles.reduce((sum, h) => sum + (closed ? 0 : h.getSize()), 0),
    release: () => {
      if (close()) unlock();
    },
    remove: async () => {
      if (!close()) return;
      try {
        await top.removeEntry(name, { recursive: true });
      } catch {
        // Left for the page's sweep of unreferenced folders.
      }
      unlock();
    },
  };
}

/** Creates a folder with one empty column file per column, each with its sync handle open. */
export async function createOpfsColumns(count: number): Promise<OpfsColumns> {
  const top = await root();
  if (!top) throw new Error('This browser has no Origin Private File System.');
  const name = `${PREFIX}${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  // The folder's lock first: a cleanup (this tab's main thread, another tab) then leaves it alone.
  const release = await holdFolderLock(name);
  const handles: SyncHandle[] = [];
  const made = columns(top, name, handles, release);
  try {
    const dir = await top.getDirectoryHandle(name, { create: true });
    for (let c = 0; c < count; c++) {
      const file = await dir.getFileHandle(`c${c}.f64`, { create: true });
      handles.push(await file.createSyncAccessHandle());
    }
  } catch (error) {
    await made.remove();
    throw error;
  }
  return made;
}

/** Why a saved table's folder cannot be opened: gone (storage cleared or evicted), or open in another tab. */
export type OpenProblem = { readonly kind: 'gone' | 'in-use'; readonly detail: string };

/**
 * Opens a saved streamed table's folder again (a restored session): its lock, then each column's
 * file, which must hold `rows` float64 values; the folder is not changed.
 */
export async function openOpfsColumns(name: string, count: number, rows: number): Promise<OpfsColumns | OpenProblem> {
  const top = await root();
  if (!top) return { kind: 'gone', detail: 'this browser has no Origin Private File System' };
  const release = await tryFolderLock(name);
  if (!release) return { kind: 'in-use', detail: 'another tab has these data open' };
  const handles: SyncHandle[] = [];
  const opened = columns(top, name, handles, release);
  try {
    const dir = await top.getDirectoryHandle(name);
    for (let c = 0; c < count; c++) {
      const handle = await (await dir.getFileHandle(`c${c}.f64`)).createSyncAccessHandle();
      handles.push(handle);
      if (handle.getSize() !== rows * 8) {
        opened.release();
        return { kind: 'gone', detail: `column file ${c + 1} holds ${Math.floor(handle.getSize() / 8).toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} rows` };
      }
    }
  } catch (error) {
    opened.release();
    const e = error as { name?: string; message?: string };
    if (e.name === 'NoModificationAllowedError') return { kind: 'in-use', detail: 'another tab has these data open' };
    return { kind: 'gone', detail: e.name === 'NotFoundError' ? 'the folder is no longer in browser storage' : (e.message ?? String(error)) };
  }
  return opened;
}
