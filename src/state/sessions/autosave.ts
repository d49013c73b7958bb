/**
 * The page saved to IndexedDB as you work: SAVE_DELAY_MS after the last change, never during a
 * load or a fit (a fit is saved as it starts, flushSave). The data table is written once per
 * session by the worker; the record (spec, plot, last outcome: buildRecord.ts) on every save,
 * after its data, then the index.
 */
import { getClient } from '../../client/worker';
import { deleteValue, readValue, storageReason, writeValue } from '../../job/browser/storage';
import { getState, setState, store, type AppState } from '../store';
import { buildRecord } from './buildRecord';
import { sweepFolders } from './folderSweep';
import { storageFailed } from './notices';
import { onTableChange, pageSession, restoringSession, setPageSession } from './pageSession';
import { dataKey, folderKey, newSessionId, sessionKey } from './record';
import { listInIndex } from './sessionIndex';
import { holdSession, sessionHeld } from './sessionLock';
import { removeStored, serial } from './storageQueue';

export const SAVE_DELAY_MS = 1000;

let timer: ReturnType<typeof setTimeout> | null = null;
let unsubscribe: (() => void) | null = null;

const WATCHED: readonly (keyof AppState)[] = ['table', 'source', 'mapping', 'modelText', 'params', 'settings', 'outcome', 'plot', 'groupBy', 'groupPick', 'groupMode', 'sharedParams', 'randomParams', 'randomCov', 'mixedMethod', 'derivedText', 'compareDraft', 'ties', 'modelCompare', 'batch', 'global', 'comparison', 'mixed'];

function schedule(): void {
  if (timer !== null) clearTimeout(timer);
  if (getState().saveState !== 'pending') setState({ saveState: 'pending' });
  timer = setTimeout(() => {
    timer = null;
    void serial(saveCurrent);
  }, SAVE_DELAY_MS);
}

/** The save waiting for SAVE_DELAY_MS does not happen (the page's session was deleted or discarded). */
export function cancelScheduledSave(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
}

/**
 * A reload or a closed tab within SAVE_DELAY_MS of the last change (a fit that just ended, say)
 * would lose it: the pending save starts as the page is hidden. Best effort: IndexedDB completes
 * a transaction the page began, and the record is written after its data, so a save cut short
 * leaves the previous session whole.
 */
function onPageHide(): void {
  if (timer !== null) void flushSave();
}

/** Starts saving the page as it changes (idempotent). */
export function startAutosave(): void {
  if (unsubscribe) return;
  if (typeof globalThis.addEventListener === 'function') globalThis.addEventListener('pagehide', onPageHide);
  unsubscribe = store.subscribe((s, prev) => {
    if (s.table !== prev.table) onTableChange(s.table);
    if (restoringSession() !== null || s.table === null) return;
    if (WATCHED.some((k) => s[k] !== prev[k]) || s.fitStatus !== prev.fitStatus) schedule();
  });
}

export function stopAutosave(): void {
  if (typeof globalThis.removeEventListener === 'function') globalThis.removeEventListener('pagehide', onPageHide);
  unsubscribe?.();
  unsubscribe = null;
  if (timer !== null) clearTimeout(timer);
  timer = null;
}

/**
 * Writes the session's table (the worker holds it) under dataKey, and before it the name of its
 * streamed folder under folderKey (issue 12): the data are written before the record and the
 * index, and a listed session is restored from its data, so a page closed between them would
 * leave a folder that a restore opens but the index does not name; the sweep reads folderKey
 * too. Returns why the data could not be saved, or null.
 */
async function saveData(id: string, folder: string | undefined): Promise<string | null> {
  const setFolder = (name: unknown) => (typeof name === 'string' ? writeValue(folderKey(id), name) : deleteValue(folderKey(id)));
  let before: unknown;
  try {
    before = await readValue<unknown>(folderKey(id));
    await setFolder(folder);
  } catch (error) {
    return storageReason(error);
  }
  const saved = await getClient().saveTable(dataKey(id));
  if (saved.ok) return null;
  // Refused by storage, dataKey still holds what it held (or nothing): folderKey names that
  // data's folder again, so that the sweep does not keep the new folder (a whole table, often what
  // ran out of quota); where even that write is refused, none is named (the index may still name
  // the old one). Any other failure (a worker lost after its write, say) leaves folderKey naming
  // the new folder, which dataKey may name.
  if (saved.error.code === 'storage') await setFolder(before).catch(() => deleteValue(folderKey(id)).catch(() => undefined));
  return saved.error.message;
}

/** `fitStarting`: the fit just shown as running has not changed the page yet (runFit saves it so). */
async function saveCurrent(fitStarting = false): Promise<void> {
  const s = getState();
  if (!s.table || pageSession().table !== s.table || restoringSession() !== null) return;
  if (pageSession().id === null) setPageSession({ id: newSessionId(), table: s.table, dataSaved: false, dataFailed: false });
  if (s.loading || (s.fitStatus === 'running' && !fitStarting)) {
    schedule();
    return;
  }
  if (pageSession().dataFailed) {
    // Not tried again (the table is the costly part), but the page says it is not saved: an edit
    // had set 'pending', which would otherwise stay.
    setState({ saveState: 'failed' });
    return;
  }
  const id = pageSession().id as string;
  const table = pageSession().table;
  // Held before any of its keys is written (a cleanup holding it meanwhile is waited for).
  await sessionHeld(id);
  if (pageSession().id !== id || pageSession().table !== table) return;
  // And held by the save itself until it ends: new data make the page let go of its session's lock
  // while this save may still be writing the record and then the index, and a cleanup between the
  // two would remove the keys the index then lists.
  const release = holdSession(id);
  setState({ saveState: 'saving', sessionId: id });
  try {
    if (!pageSession().dataSaved) {
      const failed = await saveData(id, s.table.stream?.folder);
      if (pageSession().id !== id) return;
      if (failed !== null) {
        pageSession().dataFailed = true;
        storageFailed(failed);
        return;
      }
      pageSession().dataSaved = true;
    }
    const now = getState();
    if (now.table !== table) return;
    const record = buildRecord(now, id, Date.now());
    if (!record) return;
    await writeValue(sessionKey(id), record);
    const { index, removed } = await listInIndex(record.meta);
    for (const old of removed) await removeStored(old);
    setState({ recentSessions: index, savedAt: record.meta.savedAt, ...(getState().saveState === 'saving' ? { saveState: 'saved' as const } : {}) });
    if (removed.length > 0) void sweepFolders();
  } catch (error) {
    storageFailed(storageReason(error));
  } finally {
    release();
  }
}

/** Saves now what is waiting to be saved (before the page switches to another session, or as a
 *  fit starts: `fitStarting`, the page then shows the fit as running but is still the fit's own). */
export async function flushSave(fitStarting = false): Promise<void> {
  if (timer === null) return serial(async () => undefined);
  clearTimeout(timer);
  timer = null;
  return serial(() => saveCurrent(fitStarting));
}
