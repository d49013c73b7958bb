/**
 * Which streamed tables' folders in the Origin Private File System stay (issue 12): those a saved
 * session refers to (SessionMeta.folder, in the sessions index), those a deletion that can still
 * be undone refers to, and those a tab holds open (src/store/opfsFolders.ts leaves locked folders
 * alone). Every other one is stale and removed: when the page starts, when other data replace a
 * table (its folder is let go of), and when a deleted session is removed for good.
 */
import { removeStaleColumns } from '../../store/opfsFolders';
import { readValue } from '../../worker/storage';
import { INDEX_KEY, readIndex } from '../sessions/record';
import type { SessionMeta } from '../slices/sessions';

/** The folders the sessions refer to, and `extra` (a pending deletion's). */
export function referencedFolders(index: readonly SessionMeta[], extra: readonly (string | null | undefined)[] = []): Set<string> {
  const folders = new Set<string>();
  for (const m of index) if (m.folder) folders.add(m.folder);
  for (const f of extra) if (f) folders.add(f);
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
        removed += await removeStaleColumns(referencedFolders(index, extra()));
      } catch {
        // No IndexedDB or no OPFS: nothing is kept, nothing is swept.
      }
    } while (again);
    return removed;
  };
  running = sweep().finally(() => (running = null));
  return running;
}
