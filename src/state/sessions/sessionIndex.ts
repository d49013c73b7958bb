/**
 * The list of recent sessions (INDEX_KEY; its format and limit in record.ts): read into the store,
 * and changed in one transaction per change, since tabs share it.
 */
import { readValue, storageReason, updateValue } from '../../job/browser/storage';
import type { SessionMeta } from '../slices/sessions';
import { setState } from '../store';
import { storageFailed } from './notices';
import { sweepPendingDeletes } from './pendingDeletes';
import { INDEX_KEY, readIndex, updateIndex } from './record';
import { removeStored, serial } from './storageQueue';

/** Reads the list of recent sessions into the store. */
export async function refreshSessionList(): Promise<void> {
  try {
    await serial(sweepPendingDeletes);
    const index = readIndex(await serial(() => readValue<unknown>(INDEX_KEY)));
    setState({ recentSessions: index });
  } catch (error) {
    storageFailed(storageReason(error));
  }
}

/**
 * Changes the index in one transaction (updateValue), as changePending does the pending list: tabs
 * share it, and with a reading and a writing apart another tab's change between them was undone
 * (a session saved as another tab deleted one lost its entry, and once its page closed the
 * start-up cleanup removed it, orphanSessions.ts). Returns the index written.
 */
export async function changeIndex(change: (index: SessionMeta[]) => SessionMeta[]): Promise<SessionMeta[]> {
  let written: SessionMeta[] = [];
  await updateValue(INDEX_KEY, (stored) => (written = change(readIndex(stored))));
  return written;
}

/** Lists `meta` in the index (changeIndex, updateIndex); returns the index and the ids it had no
 *  more room for, whose keys the caller removes. */
export async function listInIndex(meta: SessionMeta): Promise<{ index: SessionMeta[]; removed: string[] }> {
  let removed: string[] = [];
  const index = await changeIndex((stored) => {
    const next = updateIndex(stored, meta);
    removed = next.removed;
    return next.index;
  });
  return { index, removed };
}

/** Session `id` leaves the list and storage (a damaged or discarded one). */
export async function dropFromIndex(id: string): Promise<void> {
  const index = await changeIndex((stored) => stored.filter((m) => m.id !== id));
  await removeStored(id);
  setState({ recentSessions: index });
}
