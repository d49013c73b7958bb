/**
 * Saved sessions: the page is saved to IndexedDB as you work (SAVE_DELAY_MS after the last
 * change, never during a load or a fit), restored when the page opens without a link, and kept
 * as a list of recent sessions to go back to or delete. Format: sessions/record.ts.
 *
 * A session is one dataset: new data (a file, a paste, a sample, a link) start a new session,
 * and everything done on them (mapping, model, parameters, settings, fits) updates it. The data
 * table is written once per session by the worker; the record (spec, plot, last outcome) on every
 * save. A restored session shows its saved outcome as it was (no re-fit), and the worker gets the
 * fit back so the bands still follow redraws.
 *
 * Storage can fail (no IndexedDB in a private window, a full disk): the page says so once
 * (storageError) and keeps working without saving.
 */
import { getClient } from '../../client/worker';
import { specToJson } from '../../share/index';
import { deleteValue, readValue, storageReason, updateValue, writeValue } from '../../worker/storage';
import { dataLabel } from '../dataFile';
import { readSessionSpec } from '../sessions/lenientSpec';
import { dataKey, folderKey, INDEX_KEY, sessionKeys, isSessionRecord, PENDING_DELETE_KEY, readPending, newSessionId, savedComparison, sessionProblem, readIndex, sessionKey, sessionName, SESSION_FORMAT, SESSION_VERSION, updateIndex, type SessionRecord } from '../sessions/record';
import type { SessionMeta } from '../slices/sessions';
import { holdSession, ownSession, sessionHeld, sessionLockName } from '../sessions/sessionLock';
import { webLocks, withLockIfFree } from '../../store/webLocks';
import { signatureSignedSince } from '../signature';
import { applySpec, currentSpec, specMapping } from '../spec';
import { tiedModel } from '../ties';
import { getState, setState, store, type AppState } from '../store';
import { refreshCurve } from './curve';
import { adoptRestoredTable, setPlot } from './data';
import { resetWorkbench } from './reset';
import { offerInterruptedFit } from './checkpoint';
import { sweepStreamFolders } from './streamFolders';

export const SAVE_DELAY_MS = 1000;
/** How long a deleted session can be brought back: its record and data stay stored until then. */
export const UNDO_DELETE_MS = 10_000;

interface Current {
  id: string | null;
  /** The table this session's data are (identity of the store's TableSummary). */
  table: AppState['table'];
  dataSaved: boolean;
  dataFailed: boolean;
}

let current: Current = { id: null, table: null, dataSaved: false, dataFailed: false };

/** The page's session is now `next`: it holds that session's lock, no longer the previous one's
 *  (sessions/sessionLock.ts: a live tab's unlisted session is not a closed page's leftover). */
function setCurrent(next: Current): void {
  current = next;
  ownSession(next.id);
}
/** The session being restored: the table it loads is that session's own. */
let restoring: string | null = null;
/** The id the next data get (a link names its session so that reopening it continues it). */
let nextId: string | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let queue: Promise<unknown> = Promise.resolve();
let unsubscribe: (() => void) | null = null;

/** Runs storage work one piece at a time. */
function serial<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

function storageFailed(reason: string): void {
  // Said once: a later failure does not bring a dismissed notice back.
  const first = !getState().storageFailed;
  setState({ saveState: 'failed', storageFailed: true, ...(first ? { storageError: `Sessions cannot be saved in this browser (${reason.replace(/[.\s]+$/, '')}). Your work is not kept after you close the page; everything else works.` } : {}) });
}

/** The id the next loaded data will be saved under. */
export function claimNextSessionId(id: string): void {
  nextId = id;
}

function onTableChange(table: AppState['table']): void {
  if (table === null) {
    setCurrent({ id: null, table: null, dataSaved: false, dataFailed: false });
  } else if (restoring !== null) {
    setCurrent({ id: restoring, table, dataSaved: true, dataFailed: false });
  } else {
    setCurrent({ id: nextId ?? newSessionId(), table, dataSaved: false, dataFailed: false });
    // The notices about the restored session no longer describe the page (its interrupted fit
    // stays stored, offered again when that session is opened).
    if (getState().restored || getState().interruptedFit) setState({ restored: null, interruptedFit: null });
  }
  nextId = null;
  if (getState().sessionId !== current.id) setState({ sessionId: current.id });
  // The table replaced may have been streamed to a folder no saved session refers to (issue 12).
  void sweepFolders();
}

/** Removes the streamed tables' folders nothing refers to (a deletion that Undo can take back still
 *  does: this tab's, and any tab's stored under PENDING_DELETE_KEY, which the sweep reads). */
function sweepFolders(): Promise<number> {
  return sweepStreamFolders(() => [pendingDelete?.meta.folder]);
}

const WATCHED: readonly (keyof AppState)[] = ['table', 'source', 'mapping', 'modelText', 'params', 'settings', 'outcome', 'plot', 'groupBy', 'groupPick', 'groupMode', 'sharedParams', 'derivedText', 'compareDraft', 'ties', 'modelCompare'];

function schedule(): void {
  if (timer !== null) clearTimeout(timer);
  if (getState().saveState !== 'pending') setState({ saveState: 'pending' });
  timer = setTimeout(() => {
    timer = null;
    void serial(saveCurrent);
  }, SAVE_DELAY_MS);
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
    if (restoring !== null || s.table === null) return;
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

function buildRecord(s: AppState, id: string, savedAt: number): SessionRecord | null {
  if (!s.table || !s.source) return null;
  const fileName = dataLabel(s);
  const folder = s.table.stream?.folder;
  const meta: SessionMeta = { id, name: sessionName(fileName, s.modelText), fileName, model: s.modelText, rows: s.table.rows, savedAt, fitted: s.outcome !== null, ...(folder ? { folder } : {}) };
  return {
    format: SESSION_FORMAT,
    version: SESSION_VERSION,
    meta,
    source: s.source,
    spec: specToJson({ ...currentSpec(s), data: null }),
    plot: s.plot,
    outcome: s.outcome,
    fittedSignature: s.fittedSignature,
    signatureWithSettings: true,
    ...(s.outcome && s.modelCompare.status === 'done' && s.modelCompare.outcome === s.outcome && s.modelCompare.result ? { comparison: s.modelCompare.result } : {}),
  };
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
  if (!s.table || current.table !== s.table || restoring !== null) return;
  if (current.id === null) setCurrent({ id: newSessionId(), table: s.table, dataSaved: false, dataFailed: false });
  if (s.loading || (s.fitStatus === 'running' && !fitStarting)) {
    schedule();
    return;
  }
  if (current.dataFailed) {
    // Not tried again (the table is the costly part), but the page says it is not saved: an edit
    // had set 'pending', which would otherwise stay.
    setState({ saveState: 'failed' });
    return;
  }
  const id = current.id as string;
  const table = current.table;
  // Held before any of its keys is written (a cleanup holding it meanwhile is waited for).
  await sessionHeld(id);
  if (current.id !== id || current.table !== table) return;
  // And held by the save itself until it ends: new data make the page let go of its session's lock
  // while this save may still be writing the record and then the index, and a cleanup between the
  // two would remove the keys the index then lists.
  const release = holdSession(id);
  setState({ saveState: 'saving', sessionId: id });
  try {
    if (!current.dataSaved) {
      const failed = await saveData(id, s.table.stream?.folder);
      if (current.id !== id) return;
      if (failed !== null) {
        current.dataFailed = true;
        storageFailed(failed);
        return;
      }
      current.dataSaved = true;
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

async function removeStored(id: string): Promise<void> {
  for (const key of sessionKeys(id)) await deleteValue(key);
}

/** Saves now what is waiting to be saved (before the page switches to another session, or as a
 *  fit starts: `fitStarting`, the page then shows the fit as running but is still the fit's own). */
export async function flushSave(fitStarting = false): Promise<void> {
  if (timer === null) return serial(async () => undefined);
  clearTimeout(timer);
  timer = null;
  return serial(() => saveCurrent(fitStarting));
}

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
async function changeIndex(change: (index: SessionMeta[]) => SessionMeta[]): Promise<SessionMeta[]> {
  let written: SessionMeta[] = [];
  await updateValue(INDEX_KEY, (stored) => (written = change(readIndex(stored))));
  return written;
}

/** Lists `meta` in the index (changeIndex, updateIndex); returns the index and the ids it had no
 *  more room for, whose keys the caller removes. */
async function listInIndex(meta: SessionMeta): Promise<{ index: SessionMeta[]; removed: string[] }> {
  let removed: string[] = [];
  const index = await changeIndex((stored) => {
    const next = updateIndex(stored, meta);
    removed = next.removed;
    return next.index;
  });
  return { index, removed };
}

async function dropFromIndex(id: string): Promise<void> {
  const index = await changeIndex((stored) => stored.filter((m) => m.id !== id));
  await removeStored(id);
  setState({ recentSessions: index });
}

/**
 * Restores a saved session into the page: its data (read by the worker), mapping, model,
 * parameters, settings, plot, and last fit. Returns an error message, or null when restored.
 */
export async function restoreSession(id: string): Promise<string | null> {
  await flushSave();
  let record: unknown;
  try {
    record = await serial(() => readValue<unknown>(sessionKey(id)));
  } catch (error) {
    storageFailed(storageReason(error));
    return `Sessions cannot be read in this browser (${storageReason(error)}).`;
  }
  const problem = sessionProblem(record);
  const spec = problem === null ? readSessionSpec((record as SessionRecord).spec) : null;
  if (problem !== null || !spec || !isSessionRecord(record)) {
    await serial(() => dropFromIndex(id)).catch(() => undefined);
    return `This session could not be restored: its saved record is damaged (${problem ?? 'spec is not a fit description'}). It was removed from the list; the workbench is clean.`;
  }
  resetWorkbench();
  restoring = id;
  restoreNote = null;
  try {
    setState({ loading: { name: record.source.name, fraction: null, rows: 0 }, loadError: null });
    const status = await getClient().loadSavedTable(dataKey(id));
    // A streamed table whose folder storage lost, or another tab holds (issue 12): the session
    // comes back without its data, and the data panel asks for the file again. The next data
    // loaded continue this session when it was gone; when another tab has it open, that tab still
    // saves it, so the next data start a new session (with this one's model and parameters): two
    // tabs saving one session could leave its record and its data from different tables.
    if (!status.ok && (status.error.code === 'stream-gone' || status.error.code === 'stream-in-use')) {
      await applySpec(spec);
      const gone = status.error.code === 'stream-gone';
      setState({ loading: null, sessionId: gone ? id : null, streamGone: { fileName: record.source.name, rows: record.meta.rows, kind: gone ? 'gone' : 'in-use', detail: status.error.message } });
      if (gone) claimNextSessionId(id);
      return null;
    }
    if (!status.ok) {
      setState({ loading: null });
      restoring = null;
      if (status.error.code !== 'storage') await serial(() => dropFromIndex(id)).catch(() => undefined);
      return `This session could not be restored: ${status.error.message}`;
    }
    const mapping = specMapping(spec);
    if (!(await adoptRestoredTable(status, record.source, mapping))) return 'This session could not be restored: its data could not be loaded.';
    await applySpec(spec);
    // A plot variable beyond the saved columns (another version's record) draws the first one.
    await setPlot({ ...record.plot, ...(record.plot.plotVar >= mapping.x.length ? { plotVar: 0 } : {}) });
    const outcome = record.outcome;
    if (outcome) {
      // The model the fit ran on: with the ties written in (state/ties.ts), as its result's parameters.
      const back = await getClient().restoreFit({ model: tiedModel(getState()).text, mapping, result: outcome.result, absoluteSigma: spec.settings.absoluteSigma, weights: spec.settings.weights, poisson: outcome.poisson != null });
      // The Compare card's last comparison with this fit, when it was saved and reads back whole.
      const { comparison, note } = savedComparison(record);
      restoreNote = note;
      const compared = comparison ? { modelCompare: { status: 'done' as const, outcome, progress: null, result: comparison, error: null } } : {};
      // A record saved before the fit settings were signed: its signature read in today's form.
      const fittedSignature = record.signatureWithSettings === true ? record.fittedSignature : signatureSignedSince(record.fittedSignature, getState());
      setState({ outcome, fitStatus: 'done', fittedSignature, ...compared, ...(back.ok ? { curveSignature: null } : {}) });
      refreshCurve();
    }
    setState({ sessionId: id });
    return null;
  } finally {
    restoring = null;
  }
}

/** What the last restore left out and the user should hear of (savedComparison's note), or null. */
let restoreNote: string | null = null;

/** At startup without a link: the most recent session, if there is one. */
export async function restoreLatestSession(): Promise<boolean> {
  await refreshSessionList();
  const latest = getState().recentSessions[0];
  if (!latest) return false;
  const error = await restoreSession(latest.id);
  if (error) resetWorkbench();
  setState({ restored: { meta: latest, error, note: error ? null : restoreNote } });
  if (error === null) await offerInterruptedFit();
  return error === null;
}

/** Opens a session from the list (the current one is saved first). */
export async function openSession(id: string): Promise<string | null> {
  const error = await restoreSession(id);
  const meta = getState().recentSessions.find((m) => m.id === id);
  // A session opened from the list gets a notice only when its restore left something out.
  setState({ restored: error === null && restoreNote && meta ? { meta, error: null, note: restoreNote, opened: true } : null });
  if (error === null) await offerInterruptedFit();
  return error;
}

interface PendingDelete {
  readonly meta: SessionMeta;
  /** What `current` was when the deleted session was the page's own (null otherwise). */
  readonly current: Current | null;
  readonly timer: ReturnType<typeof setTimeout>;
  /** Lets go of the session's lock, held while Undo can bring it back (other tabs' starts then
   *  leave its stored keys alone). */
  readonly release: () => void;
}

/** The deletion Undo can still take back (one at a time: a second deletion makes the first final). */
let pendingDelete: PendingDelete | null = null;

/**
 * Deletes a session from the list at once, but removes its record and data only UNDO_DELETE_MS
 * later, so that Undo (undoDeleteSession) brings it back whole: one click must not lose work.
 */
export async function deleteSession(id: string): Promise<void> {
  await finishDelete();
  const meta = getState().recentSessions.find((m) => m.id === id) ?? null;
  const was = current.id === id ? { ...current } : null;
  if (was) {
    // The page stays as it is; it is saved again (as a new session) when it changes.
    setCurrent({ ...current, id: null, dataSaved: false });
    if (timer !== null) clearTimeout(timer);
    timer = null;
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
  pendingDelete = pending;
  try {
    await serial(async () => {
      await changePending((ids) => [...ids.filter((other) => other !== id), id]);
      const index = await changeIndex((stored) => stored.filter((m) => m.id !== id));
      setState({ recentSessions: index });
    });
  } catch (error) {
    clearTimeout(pending.timer);
    pending.release();
    if (pendingDelete === pending) pendingDelete = null;
    storageFailed(storageReason(error));
    return;
  }
  if (pendingDelete === pending) setState({ deletedSession: meta });
}

/** Makes the pending deletion final now: its record and data are removed (Undo is gone). */
export async function finishDelete(): Promise<void> {
  const p = pendingDelete;
  if (!p) return;
  clearTimeout(p.timer);
  pendingDelete = null;
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
  const p = pendingDelete;
  if (!p) return;
  clearTimeout(p.timer);
  pendingDelete = null;
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
  if (p.current && current.id === null && current.table === p.current.table) {
    setCurrent({ ...p.current });
    setState({ sessionId: p.meta.id, saveState: 'saved' });
  }
}

/**
 * A deletion the page closed before finishing (the undo time was not over): removed now. One that
 * another tab can still undo is that tab's: it holds the session's lock (holdSession) until its
 * Undo time ends, so it is left, and stays pending. Without Web Locks no tab can tell, and every
 * pending deletion not listed is removed.
 */
async function sweepPendingDeletes(): Promise<void> {
  if (pendingDelete) return;
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
function changePending(change: (ids: string[]) => string[]): Promise<void> {
  return updateValue(PENDING_DELETE_KEY, (stored) => {
    const ids = change(readPending(stored));
    return ids.length > 0 ? ids : undefined;
  });
}

/**
 * The page's session cannot be drawn (a render failed): it is removed from storage, so the next
 * visit does not restore it and fail again, and the workbench starts clean.
 */
export async function discardSavedSession(): Promise<void> {
  const id = getState().sessionId ?? current.id;
  if (timer !== null) clearTimeout(timer);
  timer = null;
  setCurrent({ id: null, table: null, dataSaved: false, dataFailed: false });
  if (id !== null) {
    try {
      await serial(() => dropFromIndex(id));
    } catch (error) {
      storageFailed(storageReason(error));
    }
  }
  resetWorkbench();
  setState({ restored: null, saveState: 'idle', sessionId: null });
}

/** A clean workbench; the current session stays in the list. */
export async function newSession(): Promise<void> {
  await flushSave();
  resetWorkbench();
  setState({ restored: null, saveState: 'idle' });
}

export function dismissStorageError(): void {
  setState({ storageError: null });
}

export function dismissRestored(): void {
  setState({ restored: null });
}
