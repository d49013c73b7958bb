/**
 * A restored streamed session's folder and its lock (issue 12), over a stand-in for the Origin
 * Private File System and Web Locks (Node has neither): the worker API runs in-thread.
 *
 * - The folder this page's worker still holds is its own, not "open in another tab": opening a
 *   session whose data are gone leaves the worker's table (and lock) as they were, and opening the
 *   first session again must reuse that folder.
 * - A folder another tab holds: that tab still saves the session, so this page does not take the
 *   session's id; the data dropped again start a new session with the saved model and parameters.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeOpfs, ROWS, sample, savedStreamedSession } from '../../test/streamedSession';
import { db } from '../../test/memoryStorage';
import { holdFolderLock } from '../store/opfsFolders';
import { loadText } from './actions/data';
import { flushSave, openSession, SAVE_DELAY_MS } from './actions/sessions';
import { INDEX_KEY, sessionKey } from './sessions/record';
import { getState, initialState, setState } from './store';
import { autosaveInFakeTime } from '../../test/autosave';
import { restoreNavigator } from '../../test/fakeLocks';

vi.mock('../job/browser/storage', () => import('../../test/memoryStorage'));


describe('a restored streamed session’s folder', () => {
  autosaveInFakeTime();
  restoreNavigator(afterAll);
  beforeEach(() => {
    db.clear();
    setState(initialState, true);
  });

  it('held by this page’s worker is its own: S, then T whose data are gone, then S again', async () => {
    const s = await savedStreamedSession('fitbench-stream-1-s', 3);
    const t = await savedStreamedSession('fitbench-stream-2-t-gone', 5);
    // Made once the sessions refer to it (a sweep as the sample was loaded would remove it).
    fakeOpfs({ 'fitbench-stream-1-s': 3 });

    expect(await openSession(s)).toBeNull();
    expect(getState().table?.stream?.folder).toBe('fitbench-stream-1-s');
    expect(getState().streamGone).toBeNull();

    expect(await openSession(t)).toBeNull();
    expect(getState().streamGone).toMatchObject({ kind: 'gone' });

    expect(await openSession(s)).toBeNull();
    expect(getState().streamGone).toBeNull();
    expect(getState().table?.rows).toBe(ROWS);
    expect(getState().table?.stream?.folder).toBe('fitbench-stream-1-s');
    expect(getState().sessionId).toBe(s);
    expect(getState().params.find((p) => p.name === 'tau')?.value).toBe(3);
  });

  it('held by another tab: shown without data, and the data dropped again are a new session', async () => {
    const u = await savedStreamedSession('fitbench-stream-3-u', 4);
    fakeOpfs({ 'fitbench-stream-3-u': 3 });
    // Another tab's worker holds the folder.
    await holdFolderLock('fitbench-stream-3-u');

    expect(await openSession(u)).toBeNull();
    expect(getState().table).toBeNull();
    expect(getState().streamGone).toMatchObject({ kind: 'in-use' });
    expect(getState().sessionId).toBeNull();

    expect(await loadText(sample, 'decay.csv')).toBe(true);
    const id = getState().sessionId;
    expect(id).not.toBeNull();
    expect(id).not.toBe(u);
    expect(getState().modelText).toBe('A*exp(-t/tau) + c');
    expect(getState().params.find((p) => p.name === 'tau')?.value).toBe(4);
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
    await flushSave();
    // The other tab's session is as it saved it.
    expect((db.get(sessionKey(u)) as { meta: { folder?: string } }).meta.folder).toBe('fitbench-stream-3-u');
    expect((db.get(INDEX_KEY) as { id: string }[]).map((m) => m.id)).toEqual(expect.arrayContaining([u, id]));
  });
});
