/**
 * The keys of sessions a closed page left unlisted (issue 12 review): a save cut short before the
 * index write leaves folder:<id>, data:<id> (a whole table) and session:<id> that nothing lists.
 * The start-up cleanup removes them unless the session is listed, pending deletion, or open in a
 * live tab (which holds the session's lock); the folder they named then goes at the sweep. Over
 * the memory storage and a stand-in for Web Locks and the OPFS root.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFolderList, restoreNavigator } from '../../test/fakeLocks';
import { afterWrite, cutBefore, db, otherTabChanges, reopen } from '../../test/memoryStorage';
import { loadText } from './actions/data';
import { removeOrphanedSessions } from './actions/orphanSessions';
import { deleteSession, flushSave, refreshSessionList, SAVE_DELAY_MS, undoDeleteSession, UNDO_DELETE_MS } from './actions/sessions';
import { sweepStreamFolders } from './actions/streamFolders';
import { checkpointKey, dataKey, folderKey, INDEX_KEY, PENDING_DELETE_KEY, readIndex, readPending, sessionKey, sessionKeys } from './sessions/record';
import { sessionLockName } from './sessions/sessionLock';
import { getState, initialState, setState } from './store';
import { autosaveInFakeTime } from '../../test/autosave';

vi.mock('../job/browser/storage', () => import('../../test/memoryStorage'));

restoreNavigator();

const folderOf = (id: string) => `fitbench-stream-1-${id}`;
const meta = (id: string) => ({ id, name: id, fileName: 'f.csv', model: '', rows: 1, savedAt: 1, fitted: false, folder: folderOf(id) });
/** Every key of session `id`, as a save that reached session:<id> (and a fit's checkpoint) leaves them. */
function stored(id: string): void {
  db.set(folderKey(id), folderOf(id));
  db.set(dataKey(id), { table: id });
  db.set(sessionKey(id), { meta: meta(id) });
  db.set(checkpointKey(id), { fit: id });
}
const keysOf = (id: string) => sessionKeys(id).filter((k) => db.has(k));

describe('keys of sessions no index lists', () => {
  beforeEach(() => db.clear());

  it('go when no tab has the session open; listed, pending and held ones stay', async () => {
    const ids = ['listed', 'pending', 'orphan', 'held'];
    const { entries, held } = fakeFolderList(ids.map(folderOf));
    for (const id of ids) stored(id);
    db.set(INDEX_KEY, [meta('listed')]);
    db.set(PENDING_DELETE_KEY, ['pending']);
    // Another tab is saving session "held": it holds the session's lock and its table's folder.
    held.add(sessionLockName('held'));
    held.add(folderOf('held'));

    expect(await removeOrphanedSessions()).toBe(1);
    expect(keysOf('orphan')).toEqual([]);
    for (const id of ['listed', 'pending', 'held']) expect(keysOf(id)).toEqual(sessionKeys(id));
    expect(db.get(INDEX_KEY)).toEqual([meta('listed')]);
    expect(db.get(PENDING_DELETE_KEY)).toEqual(['pending']);
    // The orphan's folder is referred to by nothing now, and no tab holds it: the sweep removes it.
    expect(await sweepStreamFolders()).toBe(1);
    expect([...entries].sort()).toEqual(['listed', 'pending', 'held'].map(folderOf).sort());
  });

  it('stay when the session was listed between the first reading and its lock', async () => {
    const { held } = fakeFolderList([]);
    stored('late');
    // The tab saving "late" lists it and lets go of its lock just before the cleanup asks for it.
    held.add(sessionLockName('late'));
    const locks = (globalThis as unknown as { navigator: { locks: { request: (...a: unknown[]) => Promise<void> } } }).navigator.locks;
    const request = locks.request.bind(locks);
    locks.request = async (...a: unknown[]) => {
      if (a[0] === sessionLockName('late') && held.has(a[0] as string)) {
        db.set(INDEX_KEY, [meta('late')]);
        held.delete(a[0] as string);
      }
      return request(...a);
    };
    expect(await removeOrphanedSessions()).toBe(0);
    expect(keysOf('late')).toEqual(sessionKeys('late'));
  });

  it('stay where Web Locks are missing (a live tab cannot be told from a closed one)', async () => {
    Object.defineProperty(globalThis, 'navigator', { value: {}, configurable: true });
    stored('orphan');
    expect(await removeOrphanedSessions()).toBe(0);
    expect(keysOf('orphan')).toEqual(sessionKeys('orphan'));
  });
});

describe('a deletion another tab can still undo', () => {
  beforeEach(() => db.clear());

  it('is left by this page’s start while that tab holds the session, and removed once it is gone', async () => {
    const { held } = fakeFolderList([]);
    for (const id of ['undoable', 'abandoned']) stored(id);
    db.set(INDEX_KEY, [meta('listed')]);
    db.set(PENDING_DELETE_KEY, ['undoable', 'abandoned']);
    // The tab that deleted "undoable" is within its Undo time: it holds the session's lock.
    held.add(sessionLockName('undoable'));
    await refreshSessionList();
    expect(keysOf('undoable')).toEqual(sessionKeys('undoable'));
    expect(keysOf('abandoned')).toEqual([]);
    expect(db.get(PENDING_DELETE_KEY)).toEqual(['undoable']);
    expect(getState().recentSessions).toEqual([meta('listed')]);

    // That tab closed before its Undo time ended: the next start finishes the deletion.
    held.delete(sessionLockName('undoable'));
    await refreshSessionList();
    expect(keysOf('undoable')).toEqual([]);
    expect(db.has(PENDING_DELETE_KEY)).toBe(false);
  });
});

describe('a page’s save cut short before the index listed it', () => {
  const sample = readFileSync(join(import.meta.dirname, '..', '..', 'public', 'samples', 'decay.csv'), 'utf8');
  autosaveInFakeTime();
  beforeEach(() => {
    db.clear();
    reopen();
    setState(initialState, true);
  });

  it('keeps its keys while the page has it open, and removes them once the page is gone', async () => {
    fakeFolderList([]);
    expect(await loadText(sample, 'decay.csv')).toBe(true);
    const id = getState().sessionId!;
    // The index write fails (the page goes on: it still has the session open).
    cutBefore.add(INDEX_KEY);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
    await flushSave();
    reopen();
    expect(db.has(INDEX_KEY)).toBe(false);
    expect(keysOf(id)).toEqual([sessionKey(id), dataKey(id)]);
    expect(await removeOrphanedSessions()).toBe(0);
    expect(keysOf(id)).toEqual([sessionKey(id), dataKey(id)]);

    // The page closes (its locks go with it); the next page's start removes them.
    setState(initialState, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(await removeOrphanedSessions()).toBe(1);
    expect(keysOf(id)).toEqual([]);
  });

  it('holds a deleted session’s lock while Undo can bring it back, and lets go of it after', async () => {
    const { held } = fakeFolderList([]);
    expect(await loadText(sample, 'decay.csv')).toBe(true);
    const id = getState().sessionId!;
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
    await flushSave();
    await deleteSession(id);
    await vi.advanceTimersByTimeAsync(0);
    expect(held.has(sessionLockName(id))).toBe(true);
    expect(keysOf(id)).toEqual([sessionKey(id), dataKey(id)]);
    await vi.advanceTimersByTimeAsync(UNDO_DELETE_MS + 10);
    expect(held.has(sessionLockName(id))).toBe(false);
    expect(keysOf(id)).toEqual([]);
  });

  it('adds its deletion to the pending list other tabs share, and takes out only its own', async () => {
    fakeFolderList([]);
    stored('other');
    db.set(PENDING_DELETE_KEY, ['other']);
    expect(await loadText(sample, 'decay.csv')).toBe(true);
    const id = getState().sessionId!;
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
    await flushSave();
    await deleteSession(id);
    expect(db.get(PENDING_DELETE_KEY)).toEqual(['other', id]);
    await vi.advanceTimersByTimeAsync(UNDO_DELETE_MS + 10);
    expect(db.get(PENDING_DELETE_KEY)).toEqual(['other']);
    expect(keysOf('other')).toEqual(sessionKeys('other'));
  });

  it('keeps its deletion pending when another tab takes out its own at the same moment', async () => {
    // Tab B's Undo time for "other" ends as this page deletes x: B reads the list, this page
    // changes it, B writes it without "other". Then B sweeps (it knows nothing of this deletion).
    await sweepStreamFolders(); // this page's sweep of the test before, if it still runs
    const { entries } = fakeFolderList([folderOf('x')]);
    stored('x');
    db.set(INDEX_KEY, [meta('x')]);
    db.set(PENDING_DELETE_KEY, ['other']);
    setState({ recentSessions: [meta('x')] });
    otherTabChanges(PENDING_DELETE_KEY, (ids) => readPending(ids).filter((id) => id !== 'other'));
    await deleteSession('x');
    expect(db.get(PENDING_DELETE_KEY)).toEqual(['x']);
    expect(await sweepStreamFolders()).toBe(0);
    expect([...entries]).toEqual([folderOf('x')]);
    // Undo brings x back whole, its streamed table's folder too.
    await undoDeleteSession();
    expect(db.get(INDEX_KEY)).toEqual([meta('x')]);
    expect(keysOf('x')).toEqual(sessionKeys('x'));
    expect(db.has(PENDING_DELETE_KEY)).toBe(false);
  });

  it('keeps the keys of a session whose save was under way as the page moved on to other data', async () => {
    fakeFolderList([]);
    expect(await loadText(sample, 'decay.csv')).toBe(true);
    const id = getState().sessionId!;
    // Its record is written, its index entry not yet: another file comes in (a new session, the
    // page's own now), and another tab starts.
    let removed: number | null = null;
    afterWrite.set(sessionKey(id), async () => {
      await loadText(sample, 'again.csv');
      removed = await removeOrphanedSessions();
    });
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
    await flushSave();
    expect(getState().sessionId).not.toBe(id);
    expect(removed).toBe(0);
    // Listed, and whole: it restores.
    expect((db.get(INDEX_KEY) as { id: string }[]).map((m) => m.id)).toContain(id);
    expect(keysOf(id)).toEqual([sessionKey(id), dataKey(id)]);
  });

  it('lists a session whose save met another tab’s deletion, and keeps it through the next start', async () => {
    fakeFolderList([]);
    db.set(INDEX_KEY, [meta('y')]);
    expect(await loadText(sample, 'decay.csv')).toBe(true);
    const id = getState().sessionId!;
    // Tab B deletes y as this page saves: B reads the index, this page writes it, B writes it
    // without y.
    otherTabChanges(INDEX_KEY, (index) => readIndex(index).filter((m) => m.id !== 'y'));
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
    await flushSave();
    expect(readIndex(db.get(INDEX_KEY)).map((m) => m.id)).toEqual([id]);
    // The page closes; the next start keeps its session.
    setState(initialState, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(await removeOrphanedSessions()).toBe(0);
    expect(keysOf(id)).toEqual([sessionKey(id), dataKey(id)]);
  });

  it('keeps the keys of a session saved whole', async () => {
    fakeFolderList([]);
    expect(await loadText(sample, 'decay.csv')).toBe(true);
    const id = getState().sessionId!;
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
    await flushSave();
    setState(initialState, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(await removeOrphanedSessions()).toBe(0);
    expect(keysOf(id)).toEqual([sessionKey(id), dataKey(id)]);
  });
});
