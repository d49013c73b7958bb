/**
 * Deleting a session from the list, with Undo: it leaves the list at once, but its record and data
 * are removed only UNDO_DELETE_MS later (pendingDeletes.ts), so that Undo brings it back whole:
 * one click must not lose work.
 */
import { storageReason } from '../../job/browser/storage';
import { getState, setState } from '../store';
import { cancelScheduledSave } from './autosave';
import { sweepFolders } from './folderSweep';
import { storageFailed } from './notices';
import { pageSession, setPageSession } from './pageSession';
import { changePending, pendingDelete, setPendingDelete, type PendingDelete } from './pendingDeletes';
import { changeIndex, dropFromIndex, listInIndex } from './sessionIndex';
import { holdSession } from './sessionLock';
import { removeStored, serial } from './storageQueue';

/** How long a deleted session can be brought back: its record and data stay stored until then. */
export const UNDO_DELETE_MS = 10_000;

/**
 * Deletes a session from the list at once, but removes its record and data only UNDO_DELETE_MS
 * later, so that Undo (undoDeleteSession) brings it back whole: one click must not lose work.
 */
export async function deleteSession(id: string): Promise<void> {
  await finishDelete();
  const meta = getState().recentSessions.find((m) => m.id === id) ?? null;
  const was = pageSession().id === id ? { ...pageSession() } : null;
  if (was) {
    // The page stays as it is; it is saved again (as a new session) when it changes.
    setPageSession({ ...pageSession(), id: null, dataSaved: false });
    cancelScheduledSave();
    setState({ sessionId: null, saveState: 'idle' });
  }
  if (!meta) {
    try {
      await serial(() => dropFromIndex(id));
    } catch (error) {
      storageFailed(storageReason(error));
    }
    return;
  }
  // Pending before the index no longer lists it: a sweep meanwhile (this tab's, as other data
  // replace the table) still keeps its streamed folder.
  const pending: PendingDelete = { meta, current: was, timer: setTimeout(() => void finishDelete(), UNDO_DELETE_MS), release: holdSession(id) };
  setPendingDelete(pending);
  try {
    await serial(async () => {
      await changePending((ids) => [...ids.filter((other) => other !== id), id]);
      const index = await changeIndex((stored) => stored.filter((m) => m.id !== id));
      setState({ recentSessions: index });
    });
  } catch (error) {
    clearTimeout(pending.timer);
    pending.release();
    if (pendingDelete() === pending) setPendingDelete(null);
    storageFailed(storageReason(error));
    return;
  }
  if (pendingDelete() === pending) setState({ deletedSession: meta });
}

/** Makes the pending deletion final now: its record and data are removed (Undo is gone). */
export async function finishDelete(): Promise<void> {
  const p = pendingDelete();
  if (!p) return;
  clearTimeout(p.timer);
  setPendingDelete(null);
  if (getState().deletedSession?.id === p.meta.id) setState({ deletedSession: null });
  try {
    await serial(async () => {
      await removeStored(p.meta.id);
      await changePending((ids) => ids.filter((other) => other !== p.meta.id));
    });
  } catch (error) {
    storageFailed(storageReason(error));
  } finally {
    p.release();
  }
  // Its streamed table's folder, unless another session or this page still holds it (issue 12).
  void sweepFolders();
}

/** Brings the session just deleted back into the list (and back as the page's own if it was). */
export async function undoDeleteSession(): Promise<void> {
  const p = pendingDelete();
  if (!p) return;
  clearTimeout(p.timer);
  setPendingDelete(null);
  try {
    await serial(async () => {
      const { index, removed } = await listInIndex(p.meta);
      for (const old of removed) await removeStored(old);
      await changePending((ids) => ids.filter((other) => other !== p.meta.id));
      // The notice goes only once the session is stored again: a reload the moment it goes
      // must not find the deletion still pending (the next start would carry it out).
      setState({ recentSessions: index, deletedSession: null });
    });
  } catch (error) {
    setState({ deletedSession: null });
    storageFailed(storageReason(error));
    return;
  } finally {
    p.release();
  }
  // Still the same data on the page and not yet saved as another session: it is that session again.
  const current = pageSession();
  if (p.current && current.id === null && current.table === p.current.table) {
    setPageSession({ ...p.current });
    setState({ sessionId: p.meta.id, saveState: 'saved' });
  }
}
