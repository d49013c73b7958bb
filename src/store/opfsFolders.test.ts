/**
 * Which streamed tables' folders stay (issue 12): removeStaleColumns over a stand-in for
 * navigator.storage and navigator.locks removes a folder only when no saved session refers to it
 * (`keep`, from referencedFolders over the sessions index and a deletion Undo can still take back)
 * and no page holds its lock; other entries of the storage are never touched.
 */
import { describe, expect, it } from 'vitest';
import { referencedFolders } from '../state/actions/streamFolders';
import type { SessionMeta } from '../state/slices/sessions';
import { holdFolderLock, removeStaleColumns, tryFolderLock } from './opfsFolders';
import { fakeFolderList, restoreNavigator } from '../../test/fakeLocks';

const meta = (id: string, folder?: string): SessionMeta => ({ id, name: id, fileName: 'f.csv', model: '', rows: 1, savedAt: 1, fitted: false, ...(folder ? { folder } : {}) });

restoreNavigator();

describe('streamed folders', () => {
  it('referencedFolders: the sessions’ folders and a pending deletion’s', () => {
    const index = [meta('a', 'fitbench-stream-1-a'), meta('b'), meta('c', 'fitbench-stream-3-c')];
    expect([...referencedFolders(index, [null, 'fitbench-stream-2-d', undefined])].sort()).toEqual(['fitbench-stream-1-a', 'fitbench-stream-2-d', 'fitbench-stream-3-c']);
    expect(referencedFolders([]).size).toBe(0);
  });

  it('removes only folders no session refers to and no page holds', async () => {
    const { entries } = fakeFolderList(['fitbench-stream-1-a', 'fitbench-stream-2-b', 'fitbench-stream-3-c', 'fitbench-stream-4-d', 'other-file']);
    const release = await holdFolderLock('fitbench-stream-3-c');
    const removed = await removeStaleColumns(referencedFolders([meta('a', 'fitbench-stream-1-a')], ['fitbench-stream-4-d']));
    expect(removed).toBe(1);
    expect([...entries].sort()).toEqual(['fitbench-stream-1-a', 'fitbench-stream-3-c', 'fitbench-stream-4-d', 'other-file']);
    // Let go of (a table replaced), and referred to by no session: the next sweep removes it.
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(await removeStaleColumns(new Set(['fitbench-stream-1-a']))).toBe(2);
    expect([...entries].sort()).toEqual(['fitbench-stream-1-a', 'other-file']);
  });

  it('asks again under each candidate’s lock, and only for candidates', async () => {
    const { entries } = fakeFolderList(['fitbench-stream-1-a', 'fitbench-stream-2-b', 'fitbench-stream-3-c', 'fitbench-stream-4-d', 'fitbench-stream-5-e']);
    const release = await holdFolderLock('fitbench-stream-3-c');
    const asked: string[] = [];
    const stillStale = async (name: string) => {
      asked.push(name);
      // b was named by a session meanwhile; e's references could not be read.
      if (name === 'fitbench-stream-5-e') throw new Error('storage gone');
      return name !== 'fitbench-stream-2-b';
    };
    expect(await removeStaleColumns(new Set(['fitbench-stream-1-a']), stillStale)).toBe(1);
    expect(asked).toEqual(['fitbench-stream-2-b', 'fitbench-stream-4-d', 'fitbench-stream-5-e']);
    expect([...entries].sort()).toEqual(['fitbench-stream-1-a', 'fitbench-stream-2-b', 'fitbench-stream-3-c', 'fitbench-stream-5-e']);
    release();
    // Nothing a candidate: nothing is asked.
    asked.length = 0;
    expect(await removeStaleColumns(new Set(entries), stillStale)).toBe(0);
    expect(asked).toEqual([]);
  });

  it('tryFolderLock takes a free lock at once and reports a held one as taken', async () => {
    fakeFolderList([]);
    const release = await tryFolderLock('fitbench-stream-5-e');
    expect(release).not.toBeNull();
    expect(await tryFolderLock('fitbench-stream-5-e')).toBeNull();
    release!();
    await new Promise((r) => setTimeout(r, 0));
    const again = await tryFolderLock('fitbench-stream-5-e');
    expect(again).not.toBeNull();
    again!();
  });
});
