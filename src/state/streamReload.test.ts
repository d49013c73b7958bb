/**
 * A reload in the middle of saving a streamed session (issue 12, review item): the data of a
 * session (data:<id>, written first) name the new folder before its record and the index do. A
 * session already in the list (its file dropped again after its folder was lost) is restored from
 * its data, so the sweep of the reloaded page, or of another tab, must not remove a folder those
 * data name; a folder no listed session can open (a new session cut short before the list named
 * it) must still go. Over a stand-in for OPFS and Web Locks; the worker API runs in-thread.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cutBefore, db, refused, reopen } from '../../test/memoryStorage';
import { fakeOpfs, ROWS, sample, savedStreamedSession, streamOf } from '../../test/streamedSession';
import { localClient } from '../client/localClient';
import { parseDelimitedText } from '../data/index';
import { workerApi } from '../worker/api-impl';
import { adoptTable as workerAdoptTable } from '../worker/load';
import { createOpfsColumns } from '../job/browser/opfsColumns';
import { session } from '../worker/session';
import type { StreamedTable } from '../job/browser/streamIngest';
import { loadFile } from './actions/data';
import { deleteSession, finishDelete, flushSave, openSession, refreshSessionList, SAVE_DELAY_MS } from './actions/sessions';
import { sweepStreamFolders } from './actions/streamFolders';
import { dataKey, folderKey, INDEX_KEY, sessionKey } from './sessions/record';
import { getState, initialState, setState } from './store';
import { autosaveInFakeTime } from '../../test/autosave';
import { restoreNavigator } from '../../test/fakeLocks';

vi.mock('../job/browser/storage', () => import('../../test/memoryStorage'));

function table(text: string) {
  const parsed = parseDelimitedText(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** The table the next dropped file is streamed to (the worker's ingest needs a real OPFS). */
let streamed: StreamedTable | null = null;

/** Drops the sample as a file streamed to a new folder (made as the ingest makes it: its lock
 *  first, then its files); the worker holds it. Returns the folder's name. */
async function dropStreamed(): Promise<string> {
  const store = await createOpfsColumns(3);
  const { folder: _folder, ...facts } = streamOf(store.name);
  streamed = { ...facts, store };
  expect(await loadFile(new Blob([sample]), 'decay.csv')).toBe(true);
  expect(getState().table?.stream?.folder).toBe(store.name);
  return store.name;
}

/** The page's autosave, with the writes of `cut` never made (the page closed before them). */
async function saveCutBefore(cut: string): Promise<void> {
  cutBefore.add(cut);
  await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
  await flushSave();
  reopen();
}

/** The tab reloads: its worker ends (the browser closes its files and gives its locks back; the
 *  worker removes nothing), and the page starts afresh and sweeps. */
async function reload(): Promise<void> {
  session.stream?.store.release();
  session.stream = null;
  setState(initialState, true);
  await sweepStreamFolders();
}

const listedFolder = (id: string) => (db.get(INDEX_KEY) as { id: string; folder?: string }[]).find((m) => m.id === id)?.folder;
const dataFolder = (id: string) => (db.get(dataKey(id)) as { stream?: { folder: string } } | undefined)?.stream?.folder;
describe('a reload while a streamed session is saved', () => {
  // A dropped file is the sample, as the streamed ingest adopts it (its sample and `streamed`).
  autosaveInFakeTime(() => localClient({ ...workerApi, loadFile: async (_file, name) => workerAdoptTable(table(sample), name, null, streamed) }));
  restoreNavigator(afterAll);
  beforeEach(() => {
    db.clear();
    reopen();
    setState(initialState, true);
  });

  it('keeps the folder the session’s saved data name before its record and index do', async () => {
    const s = await savedStreamedSession('fitbench-stream-1-lost', 3);
    const folders: Record<string, number> = {};
    fakeOpfs(folders);
    expect(await openSession(s)).toBeNull();
    expect(getState().streamGone).toMatchObject({ kind: 'gone' });
    // The file dropped again continues session s, streamed to a new folder.
    const folder = await dropStreamed();
    expect(getState().sessionId).toBe(s);
    await saveCutBefore(sessionKey(s));
    expect(dataFolder(s)).toBe(folder);
    expect(listedFolder(s)).toBe('fitbench-stream-1-lost');

    await reload();
    expect(Object.keys(folders)).toEqual([folder]);
    // The session comes back whole from its saved data, without the file.
    expect(await openSession(s)).toBeNull();
    expect(getState().streamGone).toBeNull();
    expect(getState().table?.stream?.folder).toBe(folder);
    expect(getState().table?.rows).toBe(ROWS);
    expect(getState().params.find((p) => p.name === 'tau')?.value).toBe(3);
  });

  it('removes the folder of a new session cut short before the list named it', async () => {
    const folders: Record<string, number> = {};
    fakeOpfs(folders);
    const folder = await dropStreamed();
    const n = getState().sessionId!;
    await saveCutBefore(INDEX_KEY);
    expect(dataFolder(n)).toBe(folder);
    expect(db.has(INDEX_KEY)).toBe(false);

    // Nothing can open it (the list does not have the session): the first sweep removes it.
    await reload();
    expect(Object.keys(folders)).toEqual([]);
  });

  it('lets a folder go whose data could not be saved, the page going on', async () => {
    const s = await savedStreamedSession('fitbench-stream-5-lost', 3);
    const folders: Record<string, number> = {};
    fakeOpfs(folders);
    expect(await openSession(s)).toBeNull();
    await dropStreamed();
    refused.add(dataKey(s)); // the table does not fit in storage
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
    await flushSave();
    expect(getState().saveState).not.toBe('saved');
    // The saved data still name the lost folder, and folderKey is back to what it was (this
    // session was saved without one): nothing keeps the new folder but this page's lock, and once
    // the page is gone the sweep removes it.
    expect(dataFolder(s)).toBe('fitbench-stream-5-lost');
    expect(db.has(folderKey(s))).toBe(false);
    await reload();
    expect(Object.keys(folders)).toEqual([]);
  });

  it('removes a folder the session was about to name once the session names another', async () => {
    const s = await savedStreamedSession('fitbench-stream-4-lost', 3);
    const folders: Record<string, number> = {};
    fakeOpfs(folders);
    expect(await openSession(s)).toBeNull();
    const cut = await dropStreamed();
    // Closed before the data were written: they still name the lost folder.
    await saveCutBefore(dataKey(s));
    expect(dataFolder(s)).toBe('fitbench-stream-4-lost');

    await reload();
    expect(Object.keys(folders)).toEqual([cut]);
    // Opened, the session's data are gone; the file dropped again is saved to its own folder, and
    // the next sweep removes the one left by the cut save.
    expect(await openSession(s)).toBeNull();
    expect(getState().streamGone).toMatchObject({ kind: 'gone' });
    const again = await dropStreamed();
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
    await flushSave();
    expect(listedFolder(s)).toBe(again);
    await reload();
    expect(Object.keys(folders)).toEqual([again]);
    // Deleted for good, the session takes its folder and what named it with it.
    await refreshSessionList();
    await deleteSession(s);
    await finishDelete();
    await sweepStreamFolders();
    expect(Object.keys(folders)).toEqual([]);
    expect(db.has(folderKey(s))).toBe(false);
  });
});
