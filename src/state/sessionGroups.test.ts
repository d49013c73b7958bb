/**
 * Groups in saved sessions (issue 9): the group column, the picked groups, the mode and the shared
 * marks come back with the session, and so do the group results (issue 27: each group's fit, the
 * global fit and its comparison with separate fits, as they were; before, reopening showed only
 * the pooled fit and listed a per-group session as not fitted), and the mixed-effects fit (issue
 * 25: its card, comparisons and shrinkage as they were, no refit); saving and restoring through the store's actions, with the worker API in-thread and an
 * in-memory stand-in for IndexedDB (values structured-cloned, as IndexedDB stores them).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { updateIn } from '../../test/memoryStorage';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { loadText } from './actions/data';
import { runGroupFits } from './actions/batch';
import { compareWithSeparate, runGlobalFit, setGroupMode, setShared } from './actions/global';
import { runMixedFit, setRandom } from './actions/mixed';
import { setGroupBy, toggleGroup } from './actions/groups';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { flushSave, restoreLatestSession, SAVE_DELAY_MS, startAutosave, stopAutosave } from './actions/sessions';
import { DAMAGED_GROUP_RESULTS_NOTE, INDEX_KEY, sessionKey, type SessionRecord } from './sessions/record';
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

async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
  await flushSave();
}

describe('sessions with groups', () => {
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

  it('restores the group column, the picked groups, the global mode and the shared marks', async () => {
    const text = readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'groups', 'puromycin.csv'), 'utf8');
    expect(await loadText(text, 'puromycin.csv')).toBe(true);
    setModelText('Vm*conc/(K + conc)');
    setParamValue('Vm', 200);
    await setGroupBy('state');
    toggleGroup('untreated');
    setGroupMode('global');
    setShared('K', true);
    await settle();
    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    const s = getState();
    expect(s.restored?.error).toBeNull();
    expect(s.groupBy).toBe('state');
    expect(s.groupList?.groups.map((g) => g.key)).toEqual(['treated', 'untreated']);
    expect(s.groupPick).toEqual(['treated']);
    expect(s.groupMode).toBe('global');
    expect(s.sharedParams).toEqual(['K']);
  });

  const puromycin = async () => {
    setState(initialState, true);
    const text = readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'groups', 'puromycin.csv'), 'utf8');
    expect(await loadText(text, 'puromycin.csv')).toBe(true);
    setModelText('Vm*conc/(K + conc)');
    setParamValue('Vm', 200);
    setParamValue('K', 0.1);
    await setGroupBy('state');
  };
  const latestId = () => (db.get(INDEX_KEY) as { id: string }[])[0].id;

  it('restores the fit of each group as it was, and lists the session as fitted', async () => {
    await puromycin();
    await runGroupFits();
    const batch = getState().batch;
    expect(getState().batchStatus).toBe('done');
    expect(batch?.rows.map((r) => [r.key, r.success])).toEqual([['treated', true], ['untreated', true]]);
    expect(getState().outcome).toBeNull();
    await settle();
    expect(getState().recentSessions[0].fitted).toBe(true);

    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    const s = getState();
    expect(s.restored?.error).toBeNull();
    expect(s.restored?.note).toBeNull();
    expect(s.batchStatus).toBe('done');
    expect(s.batch?.rows.map((r) => r.key)).toEqual(['treated', 'untreated']);
    s.batch?.rows.forEach((r, i) => {
      expect(r.params).toEqual(batch?.rows[i].params);
      expect(r.stderr).toEqual(batch?.rows[i].stderr);
      expect(r.chi2).toBe(batch?.rows[i].chi2);
    });
    expect(s.batch?.overlay.map((o) => o.key)).toEqual(batch?.overlay.map((o) => o.key));
    expect(s.batchProgress).toEqual({ done: 2, total: 2, failed: 0 });
  });

  it('restores the global fit and its comparison with separate fits as they were', async () => {
    await puromycin();
    setGroupMode('global');
    setShared('Vm', true);
    await runGlobalFit();
    expect(getState().globalStatus).toBe('done');
    await compareWithSeparate();
    expect(getState().comparisonStatus).toBe('done');
    const global = getState().global;
    const verdict = getState().comparison?.comparison.verdict;
    expect(global?.shared).toEqual(['Vm']);
    await settle();
    expect(getState().recentSessions[0].fitted).toBe(true);

    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    const s = getState();
    expect(s.restored?.error).toBeNull();
    expect(s.globalStatus).toBe('done');
    expect(s.global?.cost).toBe(global?.cost);
    expect(s.global?.sharedCovariance).toEqual(global?.sharedCovariance);
    expect(s.global?.rows.map((r) => [r.key, ...r.params])).toEqual(global?.rows.map((r) => [r.key, ...r.params]));
    expect(s.comparisonStatus).toBe('done');
    expect(s.comparison?.comparison.verdict).toBe(verdict);
  });

  it('damaged group results are left out with a note; the rest of the session comes back', async () => {
    const key = sessionKey(latestId());
    const record = db.get(key) as SessionRecord;
    const global = record.groups?.global;
    expect(global).toBeTruthy();
    db.set(key, { ...record, groups: { ...record.groups, global: { ...global, rows: global?.rows.map((r) => ({ ...r, params: new Float64Array(1) })) } } });
    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    const s = getState();
    expect(s.restored?.error).toBeNull();
    expect(s.restored?.note).toBe(DAMAGED_GROUP_RESULTS_NOTE);
    expect(s.global).toBeNull();
    expect(s.groupBy).toBe('state');
    expect(s.sharedParams).toEqual(['Vm']);
  });

  it('restores the mixed-effects fit, its comparisons and each group\'s own fit as they were', async () => {
    setState(initialState, true);
    const text = readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'mixed', 'orange.csv'), 'utf8');
    expect(await loadText(text, 'orange.csv')).toBe(true);
    setModelText('Asym/(1 + exp((xmid - age)/scal))');
    for (const [name, v] of Object.entries({ Asym: 192, xmid: 728, scal: 353 })) setParamValue(name, v);
    await setGroupBy('Tree');
    setGroupMode('mixed');
    setRandom('Asym', true);
    setRandom('xmid', true);
    await runMixedFit({ random: ['Asym', 'xmid'], cov: 'diag' });
    expect(getState().mixedError).toBeNull();
    const mixed = getState().mixed!;
    expect(mixed.comparisons.map((c) => c.against)).toEqual(['global', 'random']);
    await settle();
    expect(getState().recentSessions[0].fitted).toBe(true);

    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    const s = getState();
    expect(s.restored?.error).toBeNull();
    expect(s.restored?.note).toBeNull();
    expect([s.groupBy, s.groupMode, s.randomParams, s.mixedStatus]).toEqual(['Tree', 'mixed', ['Asym', 'xmid'], 'done']);
    expect(s.mixed).toEqual(mixed);

    // A damaged mixed fit (a group's random effects of the wrong length) is left out with the note.
    const key = sessionKey(latestId());
    const record = db.get(key) as SessionRecord;
    const saved = record.groups!.mixed!;
    const rows = saved.mixed.rows.map((r) => ({ ...r, randomEffects: new Float64Array(1) }));
    db.set(key, { ...record, groups: { ...record.groups, mixed: { ...saved, mixed: { ...saved.mixed, rows } } } });
    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    expect(getState().restored?.note).toBe(DAMAGED_GROUP_RESULTS_NOTE);
    expect(getState().mixed).toBeNull();
    expect(getState().randomParams).toEqual(['Asym', 'xmid']);
  });
});
