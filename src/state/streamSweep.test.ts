/**
 * The sweep of streamed folders (issue 12) during another tab's Undo window: that tab's pending
 * deletion is known here only from storage (PENDING_DELETE_KEY and the session's record, kept until
 * the deletion is final), so the deleted session's folder must stay; a folder nothing refers to goes.
 */
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../test/memoryStorage';
import { fakeFolderList, restoreNavigator } from '../../test/fakeLocks';
import { sweepStreamFolders } from './actions/streamFolders';
import { folderKey, INDEX_KEY, PENDING_DELETE_KEY, sessionKey } from './sessions/record';

vi.mock('../job/browser/storage', () => import('../../test/memoryStorage'));

restoreNavigator();

const meta = (id: string, folder: string) => ({ id, name: id, fileName: 'f.csv', model: '', rows: 1, savedAt: 1, fitted: false, folder });

describe('the sweep during another tab’s undo window', () => {
  it('keeps the folder of a deletion stored as pending, and removes the stale one', async () => {
    const { entries } = fakeFolderList(['fitbench-stream-1-kept', 'fitbench-stream-2-deleted', 'fitbench-stream-3-stale']);
    // Another tab deleted session d: the index no longer lists it, its record waits for Undo.
    db.set(INDEX_KEY, [meta('k', 'fitbench-stream-1-kept')]);
    db.set(PENDING_DELETE_KEY, ['d']);
    db.set(sessionKey('d'), { meta: meta('d', 'fitbench-stream-2-deleted') });
    expect(await sweepStreamFolders()).toBe(1);
    expect([...entries].sort()).toEqual(['fitbench-stream-1-kept', 'fitbench-stream-2-deleted']);
    // The deletion final (its record and the pending key removed): the next sweep removes it.
    db.delete(PENDING_DELETE_KEY);
    db.delete(sessionKey('d'));
    expect(await sweepStreamFolders()).toBe(1);
    expect([...entries]).toEqual(['fitbench-stream-1-kept']);
  });
});

describe('the sweep racing another tab that names its folder', () => {
  // The other tab holds folder X (its table), and between the sweep's reading of the references
  // and its lock checks it writes what names X and closes, letting go of X's lock.
  const X = 'fitbench-stream-7-other';

  it('keeps a folder whose session was listed after the references were read', async () => {
    db.clear();
    const { entries, held } = fakeFolderList([X, 'fitbench-stream-8-stale'], () => {
      db.set(folderKey('o'), X);
      db.set(INDEX_KEY, [meta('o', X)]);
      held.delete(X);
    });
    held.add(X);
    expect(await sweepStreamFolders()).toBe(1);
    expect([...entries]).toEqual([X]);
  });

  it('keeps a folder a listed session’s folderKey came to name meanwhile', async () => {
    // Session o is listed with its old folder (lost); its file dropped again streams to X, and
    // folderKey names X before the index does (src/state/actions/sessions.ts saveData).
    db.clear();
    db.set(INDEX_KEY, [meta('o', 'fitbench-stream-6-lost')]);
    const { entries, held } = fakeFolderList([X], () => {
      db.set(folderKey('o'), X);
      held.delete(X);
    });
    held.add(X);
    expect(await sweepStreamFolders()).toBe(0);
    expect([...entries]).toEqual([X]);
  });
});
