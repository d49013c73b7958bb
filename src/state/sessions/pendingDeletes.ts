/**
 * Deletions Undo can still take back (deletion.ts): a deleted session leaves the index at once but
 * its keys stay stored for UNDO_DELETE_MS, listed under PENDING_DELETE_KEY (tabs share it). This
 * tab's pending deletion, the shared list, and the sweep of deletions a closed page left pending.
 */
import { readValue, updateValue } from '../../job/browser/storage';
import { webLocks, withLockIfFree } from '../../store/webLocks';
import type { SessionMeta } from '../slices/sessions';
import type { PageSession } from './pageSession';
import { INDEX_KEY, PENDING_DELETE_KEY, readIndex, readPending } from './record';
import { sessionLockName } from './sessionLock';
import { removeStored } from './storageQueue';

export interface PendingDelete {
  readonly meta: SessionMeta;
  /** What the page's session was when the deleted session was the page's own (null otherwise). */
  readonly current: PageSession | null;
  readonly timer: ReturnType<typeof setTimeout>;
  /** Lets go of the session's lock, held while Undo can bring it back (other tabs' starts then
   *  leave its stored keys alone). */
  readonly release: () => void;
}

/** The deletion Undo can still take back (one at a time: a second deletion makes the first final). */
let pending: PendingDelete | null = null;

export function pendingDelete(): PendingDelete | null {
  return pending;
}

export function setPendingDelete(next: PendingDelete | null): void {
  pending = next;
}

/**
 * A deletion the page closed before finishing (the undo time was not over): removed now. One that
 * another tab can still undo is that tab's: it holds the session's lock (holdSession) until its
 * Undo time ends, so it is left, and stays pending. Without Web Locks no tab can tell, and every
 * pending deletion not listed is removed.
 */
export async function sweepPendingDeletes(): Promise<void> {
  if (pending) return;
  const ids = readPending(await readValue<unknown>(PENDING_DELETE_KEY));
  if (ids.length === 0) return;
  const listed = new Set(readIndex(await readValue<unknown>(INDEX_KEY)).map((m) => m.id));
  // Listed again (an Undo whose last write was cut short) or removed now: no longer pending.
  const done = new Set<string>();
  for (const id of ids) {
    const remove = async () => {
      await removeStored(id);
      return true;
    };
    const removed = listed.has(id) || (webLocks() ? await withLockIfFree(sessionLockName(id), remove) : await remove());
    if (removed === true) done.add(id);
  }
  await changePending((stored) => stored.filter((id) => !done.has(id)));
}

/**
 * Writes PENDING_DELETE_KEY as `change` makes it of what is stored now: tabs share the key, so each
 * adds and removes its own deletions and leaves the others' (one tab's deletion used to overwrite
 * another's, whose folder a sweep then no longer kept while its Undo could still bring it back).
 * One transaction (updateValue): with a reading and a writing apart, another tab's change falling
 * between them was lost the same way.
 */
export function changePending(change: (ids: string[]) => string[]): Promise<void> {
  return updateValue(PENDING_DELETE_KEY, (stored) => {
    const ids = change(readPending(stored));
    return ids.length > 0 ? ids : undefined;
  });
}
