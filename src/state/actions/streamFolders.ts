/**
 * Which streamed tables' folders in the Origin Private File System stay (issue 12): those a saved
 * session refers to (SessionMeta.folder, in the sessions index, and folderKey: what its saved
 * data name, or are about to, which the index names only once the save is through), those a
 * deletion that can still be undone refers to (this tab's, and any tab's under
 * PENDING_DELETE_KEY), and those a tab holds open (src/store/opfsFolders.ts leaves locked folders
 * alone). Every other one is stale and removed: when the page starts, when other data replace a
 * table (its folder is let go of), and when a deleted session is removed for good.
 *
 * A folder whose save a closed page cut short is thus kept exactly while a restore could open it:
 * while its session is listed and the session's folderKey names it. One of a session not yet
 * listed goes at the next sweep (nothing can open it); one whose data were never written goes
 * once the session saves other data or leaves the list. No clock is involved: a mark "being
 * saved" that expires after some hours would keep a folder nothing can open for those hours, and
 * could expire while a restored session still opens the folder (a restore leaves the index as it
 * was until the page changes).
 *
 * The references are read once for the list of candidates, and again for each candidate under its
 * lock just before it goes: another tab may meanwhile have named a folder it held (its folderKey,
 * the index) and closed, letting go of the lock; the first reading alone would remove it.
 */
import { removeStaleColumns } from '../../store/opfsFolders';
import { readValue } from '../../job/browser/storage';
import { folderKey, INDEX_KEY, PENDING_DELETE_KEY, readIndex, readPending, sessionKey } from '../sessions/record';
import type { SessionMeta } from '../slices/sessions';

/** The folders the sessions refer to, and `extra` (a pending deletion's). */
export function referencedFolders(index: readonly SessionMeta[], extra: readonly (string | null | undefined)[] = []): Set<string> {
  const folders = new Set<string>();
  for (const m of index) if (m.folder) folders.add(m.folder);
  for (const f of extra) if (f) folders.add(f);
  return folders;
}

/** The folders the saved data of sessions `ids` name, or are about to (folderKey). */
async function dataFolders(ids: readonly string[]): Promise<string[]> {
  const folders: string[] = [];
  for (const id of ids) {
    const folder = await readValue<unknown>(folderKey(id));
    if (typeof folder === 'string') folders.push(folder);
  }
  return folders;
}

/**
 * The folders of the deletions any tab can still undo: PENDING_DELETE_KEY names them, and their
 * records stay stored until the deletion is final (src/state/actions/sessions.ts). Another tab's
 * pending deletion is known only from storage.
 */
async function pendingFolders(): Promise<string[]> {
  const ids = readPending(await readValue<unknown>(PENDING_DELETE_KEY));
  const folders = await dataFolders(ids);
  for (const id of ids) {
    const record = await readValue<unknown>(sessionKey(id));
    const folder = (record as { meta?: { folder?: unknown } } | undefined)?.meta?.folder;
    if (typeof folder === 'string') folders.push(folder);
  }
  return folders;
}

/** Every folder a saved session or a pending deletion refers to, read from storage now (and `extra`). */
async function referenced(extra: readonly (string | null | undefined)[]): Promise<Set<string>> {
  const index = readIndex(await readValue<unknown>(INDEX_KEY));
  return referencedFolders(index, [...extra, ...(await pendingFolders()), ...(await dataFolders(index.map((m) => m.id)))]);
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
        // Read again for each folder about to go, under its lock: another tab may have named it
        // since (and closed, letting go of its lock).
        removed += await removeStaleColumns(await referenced(extra()), async (name) => !(await referenced(extra())).has(name));
      } catch {
        // No IndexedDB or no OPFS: nothing is kept, nothing is swept.
      }
    } while (again);
    return removed;
  };
  running = sweep().finally(() => (running = null));
  return running;
}
