/**
 * Saved sessions, the actions the page calls: the page is saved to IndexedDB as you work
 * (SAVE_DELAY_MS after the last change, never during a load or a fit), restored when the page
 * opens without a link, and kept as a list of recent sessions to go back to or delete. Each
 * concern has its file under src/state/sessions/:
 *
 * - autosave.ts: when the page is saved, and the save (data, record, index);
 * - pageSession.ts: which session the page is (a session is one dataset: new data start one);
 * - restore.ts: a saved session back into the page (its outcome as it was, no re-fit);
 * - sessionIndex.ts: the list of recent sessions; deletion.ts and pendingDeletes.ts: delete and
 *   Undo; folderSweep.ts: streamed tables' folders no session refers to; newSession.ts;
 * - record.ts, buildRecord.ts, lenientSpec.ts: the stored format; sessionLock.ts: tabs' locks;
 *   storageQueue.ts: storage work one piece at a time; notices.ts: what the page says.
 *
 * Storage can fail (no IndexedDB in a private window, a full disk): the page says so once
 * (storageError) and keeps working without saving.
 */
export { flushSave, SAVE_DELAY_MS, startAutosave, stopAutosave } from '../sessions/autosave';
export { claimNextSessionId } from '../sessions/pageSession';
export { openSession, restoreLatestSession, restoreSession } from '../sessions/restore';
export { refreshSessionList } from '../sessions/sessionIndex';
export { deleteSession, finishDelete, undoDeleteSession, UNDO_DELETE_MS } from '../sessions/deletion';
export { discardSavedSession, newSession } from '../sessions/newSession';
export { dismissRestored, dismissStorageError } from '../sessions/notices';
