/**
 * Which streamed tables' folders in the Origin Private File System stay (issue 12): those a saved
 * session refers to (SessionMeta.folder, in the sessions index), those a deletion that can still
 * be undone refers to (this tab's, and any tab's under PENDING_DELETE_KEY), and those a tab holds open (src/store/opfsFolders.ts leaves locked folders
 * alone). Every other one is stale and removed: when the page starts, when other data replace a
 * table (its folder is let go of), and when a deleted session is removed for good.
 */
import { removeStaleColumns } from '../../store/opfsFolders';
import { readValue } from '../../worker/storage';
import { INDEX_KEY, PENDING_DELETE_KEY, readIndex, sessionKey } from '../sessions/record';
import type { SessionMeta } from '../slices/sessions';

/** The folders the sessions refer to, and `extra` (a pending deletion's). */
export function referencedFolders(index: readonly SessionMeta[], extra: readonly (string | null | undefined)[] = []): Set<string> {
  const folders = new Set<string>();
  for (const m of index) if (m.folder) folders.add(m.folder);
  for (const f of extra) if (f) folders.add(f);
  return folders;
}

/**
 * The folders of the deletions any tab can still undo: PENDING_DELETE_KEY names them, and their
 * records stay stored until the deletion is final (src/state/actions/sessions.ts). Another tab's
 * pending deletion is known only from storage.
 */
async function pendingFolders(): Promise<string[]> {
  const ids = await readValue<unknown>(PENDING_DELETE_KEY);
  if (!Array.isArray(ids)) return [];
  const folders: string[] = [];
  for (const id of ids) {
    if (typeof id !== 'string') continue;
    const record = await readValue<unknown>(sessionKey(id));
    const folder = (record as { meta?: { folder?: unknown } } | undefined)?.meta?.folder;
    if (typeof folder === 'string') folders.push(folder);
  }
  return folders;
}

let running: Promise<number> | null = null;
let again = false;

/** Removes the stale folders (one sweep at a time; a call during a sweep runs one more after it). */
export function sweepStreamFolders(extra: () => readonly (string | null | undefined)[] = () => []): Promise<number> {
  if (running) {
    again = true;
    return running;
  }
  const sweep = async (): Promise<number> => {
    let removed = 0;
    do {
      again = false;
      try {
        const index = readIndex(await readValue<unknown>(INDEX_KEY));
        removed += await removeStaleColumns(referencedFolders(index, [...extra(), ...(await pendingFolders())]));
      } catch {
        // No IndexedDB or no OPFS: nothing is kept, nothing is swept.
      }
    } while (again);
    return removed;
  };
  running = sweep().finally(() => (running = null));
  return running;
}
