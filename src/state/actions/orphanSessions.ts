/**
 * Keys of sessions that a closed page left behind (issue 12 review): saveCurrent writes
 * folder:<id>, data:<id> (a whole table, often) and session:<id>, and only then lists the session
 * in the index; a page closed before the index write leaves keys that nothing lists, opens or ever
 * removes. When the page starts, the keys (sessionKeys) of every id that is neither listed nor
 * pending deletion (Undo can still bring those back; the start removes them once their deletion
 * is final, sessions.ts sweepPendingDeletes) are removed, unless a live tab has that session open:
 * such a tab holds the session's lock (src/state/sessions/sessionLock.ts) from before its first
 * write, and the cleanup takes it only if it is free. Under the lock the index and the pending
 * deletion are read again: the tab that held it may have listed the session and moved on since the
 * first reading. A streamed folder the removed keys named then goes at the next sweep
 * (streamFolders.ts), as no saved session refers to it any more.
 */
import { webLocks, withLockIfFree } from '../../store/webLocks';
import { deleteValue, listKeys, readValue } from '../../job/browser/storage';
import { INDEX_KEY, PENDING_DELETE_KEY, readIndex, readPending, sessionKeys } from '../sessions/record';
import { sessionLockName } from '../sessions/sessionLock';

/** The ids a restore or an Undo can still reach: listed in the index, or pending deletion. */
async function reachable(): Promise<Set<string>> {
  const ids = new Set(readIndex(await readValue<unknown>(INDEX_KEY)).map((m) => m.id));
  for (const id of readPending(await readValue<unknown>(PENDING_DELETE_KEY))) ids.add(id);
  return ids;
}

/** The session id a stored key belongs to (one of sessionKeys' prefixes), or null. */
function keyId(key: string): string | null {
  for (const prefix of sessionKeys('')) if (key.startsWith(prefix) && key.length > prefix.length) return key.slice(prefix.length);
  return null;
}

/** Removes the keys of sessions no index lists and no tab has open; returns how many sessions went. */
export async function removeOrphanedSessions(): Promise<number> {
  // Without Web Locks a tab saving a session right now (its keys written, its index entry not yet)
  // cannot be told from a page that closed: nothing is removed.
  if (!webLocks()) return 0;
  let removed = 0;
  try {
    const known = await reachable();
    const orphans = new Set<string>();
    for (const key of await listKeys()) {
      const id = keyId(key);
      if (id !== null && !known.has(id)) orphans.add(id);
    }
    for (const id of orphans) {
      const gone = await withLockIfFree(sessionLockName(id), async () => {
        if ((await reachable()).has(id)) return false;
        for (const key of sessionKeys(id)) await deleteValue(key);
        return true;
      });
      if (gone === true) removed++;
    }
  } catch {
    // Storage unreadable (no IndexedDB): nothing more is removed; the page says so when it saves.
  }
  return removed;
}
