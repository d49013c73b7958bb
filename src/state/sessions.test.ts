/**
 * Saving and restoring sessions through the store's actions, with the worker API in-thread and an
 * in-memory stand-in for IndexedDB (values structured-cloned, as IndexedDB stores them).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { updateIn } from '../../test/memoryStorage';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { loadText, reloadTable, setMapping } from './actions/data';
import { runFit } from './actions/fit';
import { setModelText } from './actions/model';
import { setCompareDraft } from './actions/modelCompare';
import { decodeSpec, encodeSpec, specToJson } from '../share/index';
import { currentSpec } from './selectors/spec';
import { setParamValue } from './actions/params';
import { deleteSession, flushSave, newSession, openSession, refreshSessionList, restoreLatestSession, SAVE_DELAY_MS, startAutosave, stopAutosave, undoDeleteSession, UNDO_DELETE_MS } from './actions/sessions';
import { INDEX_KEY } from './sessions/record';
import { getState, initialState, setState } from './store';

const db = new Map<string, unknown>();
let refuse: string | null = null;

vi.mock('../job/browser/storage', () => {
  const guard = () => {
    if (refuse) throw new DOMException(refuse, 'QuotaExceededError');
  };
  return {
    storageReason: (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e)),
    readValue: async (key: string) => (guard(), structuredClone(db.get(key))),
    writeValue: async (key: string, value: unknown) => (guard(), void db.set(key, structuredClone(value))),
    deleteValue: async (key: string) => (guard(), void db.delete(key)),
    updateValue: async (key: string, change: (stored: unknown) => unknown) => (guard(), updateIn(db, key, change)),
  };
});

const sample = (name: string) => readFileSync(join(import.meta.dirname, '..', '..', 'public', 'samples', name), 'utf8');
const values = () => getState().outcome?.result.parameters.map((p) => p.value) ?? [];

async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
  await flushSave();
}

describe('sessions', () => {
  beforeAll(() => {
    setClient(localClient());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    setState(initialState, true);
    startAutosave();
  });
  afterAll(() => {
    stopAutosave();
    vi.useRealTimers();
  });

  it('saves the page as it changes and restores it, fit included', async () => {
    expect(await loadText(sample('decay.csv'), 'decay.csv')).toBe(true);
    setModelText('A*exp(-t/tau) + c');
    setParamValue('A', 800);
    setParamValue('tau', 3);
    await runFit();
    const fitted = values();
    const id = getState().sessionId;
    expect(id).not.toBeNull();
    expect(getState().saveState).toBe('pending');
    await settle();
    expect(getState().saveState).toBe('saved');
    expect(getState().recentSessions.map((m) => [m.id, m.name, m.rows, m.fitted])).toEqual([[id, 'decay.csv · A*exp(-t/tau) + c', 81, true]]);
    expect(db.has(`data:${id}`)).toBe(true);

    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    const s = getState();
    expect(s.restored?.error).toBeNull();
    expect(s.sessionId).toBe(id);
    expect(s.table?.rows).toBe(81);
    expect(s.selection?.rows).toBe(81);
    expect(s.modelText).toBe('A*exp(-t/tau) + c');
    expect(s.params.map((p) => p.value)).toEqual(fitted);
    expect(values()).toEqual(fitted);
    expect(s.fitStatus).toBe('done');
    expect(s.fittedSignature).not.toBeNull();
    // Restoring writes nothing.
    expect(s.saveState).not.toBe('pending');
  });

  it('keeps one session per dataset, opens and deletes them', async () => {
    const first = getState().sessionId as string;
    await setMapping({ sigma: null });
    await settle();
    expect(getState().recentSessions).toHaveLength(1);
    expect(await loadText(sample('peaks.csv'), 'peaks.csv')).toBe(true);
    const second = getState().sessionId as string;
    expect(second).not.toBe(first);
    await settle();
    expect(getState().recentSessions.map((m) => m.id)).toEqual([second, first]);

    expect(await openSession(first)).toBeNull();
    expect(getState().sessionId).toBe(first);
    expect(getState().mapping.sigma).toBeNull();
    expect(getState().modelText).toBe('A*exp(-t/tau) + c');

    await deleteSession(second);
    expect(getState().recentSessions.map((m) => m.id)).toEqual([first]);
    // Undo can bring it back until UNDO_DELETE_MS: its record and data stay until then.
    expect(getState().deletedSession?.id).toBe(second);
    expect(db.has(`data:${second}`)).toBe(true);
    await vi.advanceTimersByTimeAsync(UNDO_DELETE_MS + 10);
    await flushSave();
    expect(getState().deletedSession).toBeNull();
    expect(db.has(`session:${second}`)).toBe(false);
    expect(db.has(`data:${second}`)).toBe(false);
    expect(await openSession(second)).toMatch(/could not be restored/);

    await newSession();
    expect(getState().table).toBeNull();
    expect(getState().recentSessions.map((m) => m.id)).toEqual([first]);
  });

  it('brings a deleted session back with Undo, the page\'s own included, and removes it for good otherwise', async () => {
    setState(initialState, true);
    expect(await loadText(sample('decay.csv'), 'decay.csv')).toBe(true);
    setModelText('A*exp(-t/tau) + c');
    await settle();
    const decay = getState().sessionId as string;
    expect(await loadText(sample('peaks.csv'), 'peaks.csv')).toBe(true);
    await settle();
    const peaks = getState().sessionId as string;
    const listed = () => getState().recentSessions.map((m) => m.id);
    expect(listed().slice(0, 2)).toEqual([peaks, decay]);

    // Another session: gone from the list, back with Undo (and it still opens, whole).
    await deleteSession(decay);
    expect(listed()).not.toContain(decay);
    const undoing = undoDeleteSession();
    // The notice stays until the session is stored again (a reload then must not lose it).
    expect(getState().deletedSession?.id).toBe(decay);
    await undoing;
    expect(getState().deletedSession).toBeNull();
    expect(db.has('pending-delete')).toBe(false);
    expect(listed().slice(0, 2)).toEqual([peaks, decay]);
    await vi.advanceTimersByTimeAsync(UNDO_DELETE_MS + 10);
    expect(db.has(`data:${decay}`)).toBe(true);
    expect(await openSession(decay)).toBeNull();
    expect(getState().modelText).toBe('A*exp(-t/tau) + c');
    expect(getState().table?.rows).toBe(81);

    // The page's own session: Undo makes it the page's session again, saved under its own id.
    await deleteSession(decay);
    expect(getState().sessionId).toBeNull();
    await undoDeleteSession();
    expect(getState().sessionId).toBe(decay);
    setModelText('A*exp(-t/tau) + c + 0*t');
    await settle();
    expect(listed()[0]).toBe(decay);
    expect(listed().filter((id) => id === decay)).toHaveLength(1);

    // A second deletion makes the first final; a page closed within the undo time (a fresh
    // module state is not available here, so the pending key is left by hand) is swept at the start.
    await deleteSession(peaks);
    await deleteSession(decay);
    expect(db.has(`data:${peaks}`)).toBe(false);
    expect(db.has(`data:${decay}`)).toBe(true);
    await vi.advanceTimersByTimeAsync(UNDO_DELETE_MS + 10);
    await flushSave();
    expect(db.has(`data:${decay}`)).toBe(false);
    db.set(`session:orphan`, {});
    db.set(`data:orphan`, {});
    db.set('pending-delete', ['orphan']);
    await refreshSessionList();
    expect(db.has('data:orphan')).toBe(false);
    expect(db.has('pending-delete')).toBe(false);
  });

  /** A fitted session saved to storage, then damaged by `damage` (as another version or a broken disk might). */
  async function damagedSession(damage: (record: Record<string, any>) => void): Promise<string> {
    setState(initialState, true);
    expect(await loadText(sample('decay.csv'), 'decay.csv')).toBe(true);
    setModelText('A*exp(-t/tau) + c');
    setParamValue('A', 800);
    setParamValue('tau', 3);
    await runFit();
    await settle();
    const id = getState().sessionId as string;
    const record = structuredClone(db.get(`session:${id}`)) as Record<string, any>;
    damage(record);
    db.set(`session:${id}`, record);
    return id;
  }

  const damages: [string, (r: Record<string, any>) => void, RegExp][] = [
    ['a statistic missing', (r) => delete r.outcome.result.stats.chi2, /outcome\.result\.stats\.chi2 is missing/],
    ['a VarPro record whose names are not a list', (r) => (r.outcome.varpro = { linear: 'A', nonlinear: ['tau'], nfev: 3, nit: 2 }), /outcome\.varpro\.linear is not a list/],
    ['a parameter without its error', (r) => (r.outcome.result.parameters[1].stderr = '0.1'), /outcome\.result\.parameters\[1\]\.stderr is not a number/],
    ['a covariance of the wrong size', (r) => (r.outcome.result.pcov = new Float64Array(2)), /outcome\.result\.pcov has the wrong length/],
    ['a curve without points', (r) => delete r.outcome.curve.y, /outcome\.curve\.y is missing/],
    ['bands that do not match the curve', (r) => (r.outcome.curve.confidence = { lower: new Float64Array(1), upper: new Float64Array(1) }), /outcome\.curve\.confidence does not match/],
    ['plot settings of the wrong type', (r) => (r.plot.logY = 'yes'), /plot\.logY is not true or false/],
    ['a history entry without its iterate', (r) => delete r.outcome.result.history[0].x, /outcome\.result\.history\[0\]\.x is missing/],
  ];

  it.each(damages)('refuses a saved session with %s: a clean workbench and a notice at startup', async (_, damage, why) => {
    const id = await damagedSession(damage);
    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(false);
    const s = getState();
    expect(s.table).toBeNull();
    expect(s.outcome).toBeNull();
    expect(s.modelText).toBe('');
    expect(s.restored?.error).toMatch(/could not be restored: its saved record is damaged/);
    expect(s.restored?.error).toMatch(why);
    // It is gone from the list, so the next visit starts clean instead of failing again.
    expect(s.recentSessions.map((m) => m.id)).not.toContain(id);
    expect(db.has(`session:${id}`)).toBe(false);
  });

  it('reports a storage failure once and keeps working', async () => {
    refuse = 'The quota has been exceeded.';
    expect(await loadText(sample('decay.csv'), 'decay.csv')).toBe(true);
    await settle();
    expect(getState().saveState).toBe('failed');
    expect(getState().storageError).toBe('Sessions cannot be saved in this browser (QuotaExceededError: The quota has been exceeded). Your work is not kept after you close the page; everything else works.');
    setState({ storageError: null });
    setModelText('A*exp(-t/tau) + c');
    await settle();
    expect(getState().storageError).toBeNull();
    expect(getState().storageFailed).toBe(true);
    refuse = null;
    expect(db.get(INDEX_KEY)).toHaveLength(1);
  });

  it('keeps an empty start value, also of a parameter named __proto__ (issue 11)', async () => {
    setState(initialState, true);
    expect(await loadText(sample('decay.csv'), 'decay.csv')).toBe(true);
    setModelText('__proto__*exp(-t/tau) + c');
    setParamValue('__proto__', null);
    setParamValue('tau', 3);
    setParamValue('c', 1);
    await settle();
    const id = getState().sessionId;
    setState(initialState, true);
    expect(await openSession(id as string)).toBeNull();
    expect(getState().params.map((p) => [p.name, p.value])).toEqual([
      ['__proto__', null],
      ['tau', 3],
      ['c', 1],
    ]);
  });
  it('keeps the second model typed for a comparison and its fixed list (nothing typed is lost), in a link too', async () => {
    setState(initialState, true);
    expect(await loadText(sample('decay.csv'), 'decay.csv')).toBe(true);
    setModelText('A*exp(-t/tau) + c');
    setCompareDraft({ model: 'A*exp(-t/tau) + c + d*t', fixed: 'd=0' });
    await settle();
    const id = getState().sessionId;
    setState(initialState, true);
    expect(await openSession(id as string)).toBeNull();
    expect(getState().compareDraft).toEqual({ model: 'A*exp(-t/tau) + c + d*t', fixed: 'd=0' });
    // A link carries it as well; without a second model the link is as before.
    const spec = currentSpec(getState());
    const back = decodeSpec(await encodeSpec(spec));
    if (!back.ok) throw new Error(back.error.message);
    expect(back.spec.compare).toEqual({ model: 'A*exp(-t/tau) + c + d*t', fixed: 'd=0' });
    setCompareDraft({ model: '  ', fixed: '' });
    expect(JSON.parse(specToJson(currentSpec(getState())))).not.toHaveProperty('compare');
  });

  it('a restored session reads its data again with other options: "First row is header" after a reload', async () => {
    // A trial found the switch gone after a reload: the session now keeps the text it was read from.
    setState(initialState, true);
    expect(await loadText(sample('decay.csv'), 'decay.csv')).toBe(true);
    await settle();
    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    const s = getState();
    expect(s.table?.rows).toBe(81);
    expect(s.reloadable).toBe(true);
    expect(s.table?.hasHeader).toBe(true);
    expect(await reloadTable({ header: false })).toBe(true);
    expect(getState().table?.hasHeader).toBe(false);
    expect(getState().table?.rows).toBe(82);
    expect(await reloadTable({ header: true })).toBe(true);
    expect(getState().table?.rows).toBe(81);
  });

  it('a session saved without its input (too large, or an older record) restores its table, not re-readable', async () => {
    await settle();
    for (const [key, saved] of db) if (key.startsWith('data:')) db.set(key, { ...(saved as object), input: undefined });
    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    expect(getState().table?.rows).toBe(81);
    expect(getState().reloadable).toBe(false);
  });

  it('a change not yet saved is saved as the page is hidden (a reload right after a fit keeps it)', async () => {
    expect(await loadText(sample('decay.csv'), 'decay.csv')).toBe(true);
    setModelText('A*exp(-t/tau) + c');
    setParamValue('tau', 3);
    await settle();
    // Node has no window events: the page's event target stands in for the test.
    const page = new EventTarget();
    const g = globalThis as unknown as { addEventListener?: unknown; removeEventListener?: unknown };
    g.addEventListener = page.addEventListener.bind(page);
    g.removeEventListener = page.removeEventListener.bind(page);
    try {
      stopAutosave();
      startAutosave();
      const stored = () => (db.get(`session:${getState().sessionId}`) as { spec: string }).spec;
      expect(stored()).not.toContain('7.25');
      setParamValue('tau', 7.25);
      expect(getState().saveState).toBe('pending');
      page.dispatchEvent(new Event('pagehide'));
      // Half the save delay: only the save the hidden page started can have run.
      await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS / 2);
      expect(stored()).toContain('7.25');
    } finally {
      stopAutosave();
      delete g.addEventListener;
      delete g.removeEventListener;
      startAutosave();
    }
  });
});
