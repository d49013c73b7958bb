/**
 * A fit restored from a saved session can be profiled and compared (issue 10): the worker holds a
 * restored fit by its result only, so the page first fits it again silently from its own values
 * (state/actions/refitRestored.ts). The profile ends then agree with R's exact profile
 * (fixtures/profile, Puromycin treated); the page's results are the restored ones, and a
 * comparison's F test is R's (fixtures/modelcompare). The Compare card's last comparison is kept
 * in the session and shown again after a reload (a damaged one is left out, the fit restored). A
 * tied fit restores with its tie and profiles the same way.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { updateIn } from '../../test/memoryStorage';
import { localClient } from '../client/localClient';
import { getClient, setClient } from '../client/worker';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { setModelText } from './actions/model';
import { runModelCompare } from './actions/modelCompare';
import { setParamValue } from './actions/params';
import { flushSave, openSession, restoreLatestSession, SAVE_DELAY_MS, startAutosave, stopAutosave } from './actions/sessions';
import { setTie } from './actions/ties';
import { runProfile } from './actions/uncertainty';
import { getState, initialState, setState } from './store';

const db = new Map<string, unknown>();
vi.mock('../job/browser/storage', () => ({
  storageReason: (e: unknown) => String(e),
  readValue: async (key: string) => structuredClone(db.get(key)),
  writeValue: async (key: string, value: unknown) => void db.set(key, structuredClone(value)),
  deleteValue: async (key: string) => void db.delete(key),
  updateValue: async (key: string, change: (stored: unknown) => unknown) => updateIn(db, key, change),
}));

const R = JSON.parse(readFileSync(new URL('../../fixtures/profile/reference.json', import.meta.url), 'utf8')).puromycin;
const RC = JSON.parse(readFileSync(new URL('../../fixtures/modelcompare/reference.json', import.meta.url), 'utf8')).cases.find((c: { name: string }) => c.name === 'puromycin-linear-term');
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);
const data = JSON.parse(readFileSync(new URL('../../fixtures/derived/derived.json', import.meta.url), 'utf8'));
const CSV = ['conc,rate', ...data.conc.map((c: number, i: number) => `${c},${data.rate[i]}`)].join('\n');

async function fitAndReload(model: string, tie: readonly [string, string] | null, before: () => Promise<void> = async () => undefined): Promise<void> {
  setState(initialState, true);
  expect(await loadText(CSV, 'puromycin.csv')).toBe(true);
  setModelText(model);
  setParamValue('Vm', 200);
  setParamValue('K', 0.05);
  if (tie) expect(setTie(tie[0], tie[1])).toBeNull();
  await runFit();
  expect(getState().fitStatus).toBe('done');
  await before();
  await reload();
}

async function reload(): Promise<void> {
  await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
  await flushSave();
  setState(initialState, true);
  // A fresh worker, as after a reload: it knows the fit only as the session restores it.
  setClient(localClient());
  expect(await restoreLatestSession()).toBe(true);
  expect(getState().restored?.error ?? null).toBeNull();
  expect(getState().fitStatus).toBe('done');
}

describe('tools on a fit restored from a session', () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    startAutosave();
  });
  afterAll(() => {
    stopAutosave();
    vi.useRealTimers();
  });

  it("profile intervals after a reload: R's exact profile ends, the page's results unchanged", async () => {
    setClient(localClient());
    await fitAndReload('Vm*conc/(K+conc)', null);
    const restored = getState().outcome;
    // The worker alone refuses: it has the result, not the table and options.
    const bare = await getClient().profile();
    expect(bare.ok || bare.error.code).toBe('profile-restored');
    await runProfile();
    const run = getState().profileRun;
    expect(run.error).toBeNull();
    expect(run.status).toBe('done');
    expect(run.outcome).toBe(restored);
    expect(getState().outcome).toBe(restored);
    run.result!.profiles.forEach((p, i) => {
      const width = R.exactUpper[i] - R.exactLower[i];
      expect(p.name).toBe(R.names[i]);
      expect(Math.abs((p.lower as number) - R.exactLower[i]) / width).toBeLessThan(1e-6);
      expect(Math.abs((p.upper as number) - R.exactUpper[i]) / width).toBeLessThan(1e-6);
    });
  });

  it("a comparison with another model after a reload: R's F test", async () => {
    setClient(localClient());
    await fitAndReload(RC.compareModel, null);
    await runModelCompare(RC.model, []);
    const run = getState().modelCompare;
    expect(run.error).toBeNull();
    expect(run.status).toBe('done');
    const c = run.result!.comparison;
    expect(c.nested).toBe('structure');
    expect(c.df).toEqual(RC.df);
    expect(rel(c.F, RC.F)).toBeLessThan(1e-6);
    expect(rel(c.p, RC.p)).toBeLessThan(1e-6);
  });

  it('the last comparison is kept in the session and shown after a reload; a damaged one is left out', async () => {
    setClient(localClient());
    await fitAndReload(RC.compareModel, null, async () => {
      await runModelCompare(RC.model, []);
      expect(getState().modelCompare.status).toBe('done');
    });
    const run = getState().modelCompare;
    expect(run.status).toBe('done');
    expect(run.outcome).toBe(getState().outcome);
    expect(run.result!.model).toBe(RC.model);
    expect(rel(run.result!.comparison.F, RC.F)).toBeLessThan(1e-6);
    expect(run.result!.comparison.constants).toEqual(new Map([['b', 0]]));
    expect(run.result!.second.parameters.map((p) => p.name)).toEqual(['Vm', 'K', 'b']);

    // Damage the saved comparison: the session still restores, without it.
    const key = `session:${(db.get('index') as { id: string }[])[0].id}`;
    const record = db.get(key) as { comparison: { comparison: Record<string, unknown> } };
    for (const damage of [{ p: 'x' }, { constants: { b: 0 } }, { models: [] }, { nested: 'maybe' }]) {
      db.set(key, { ...record, comparison: { ...record.comparison, comparison: { ...record.comparison.comparison, ...damage } } });
      setState(initialState, true);
      setClient(localClient());
      expect(await restoreLatestSession()).toBe(true);
      expect(getState().restored?.error ?? null).toBeNull();
      expect(getState().outcome).not.toBeNull();
      expect(getState().modelCompare.status).toBe('idle');
      // …and the restore notice says so, and what to do.
      expect(getState().restored?.note).toBe('The saved model comparison could not be read and was left out; press Compare to run it again.');
    }
    db.set(key, { ...record, comparison: { ...record.comparison, second: { success: true } } });
    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    expect(getState().modelCompare.status).toBe('idle');
    expect(getState().restored?.note).toMatch(/could not be read and was left out/);
    // Opened from the list, the same session gets the notice too.
    expect(await openSession((db.get('index') as { id: string }[])[0].id)).toBeNull();
    expect(getState().restored).toMatchObject({ opened: true, error: null, note: expect.stringMatching(/press Compare to run it again/) });
    // An intact comparison: no note.
    db.set(key, record);
    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    expect(getState().modelCompare.status).toBe('done');
    expect(getState().restored?.note ?? null).toBeNull();
  });

  it('a tied fit restores with its tie and profiles its free parameters', async () => {
    setClient(localClient());
    await fitAndReload('Vm*conc/(K+conc) + c', ['c', '-K*Vm/4']);
    expect(getState().ties).toEqual([{ name: 'c', expression: '-K*Vm/4' }]);
    await runProfile();
    expect(getState().profileRun.error).toBeNull();
    expect(getState().profileRun.result!.profiles.map((p) => p.name)).toEqual(['Vm', 'K']);
  });

  it('after an edit the refit is not silently another fit: it asks for Fit', async () => {
    setClient(localClient());
    await fitAndReload('Vm*conc/(K+conc)', null);
    setParamValue('K', 0.07);
    await runProfile();
    expect(getState().profileRun.status).toBe('error');
    expect(getState().profileRun.error!.message).toMatch(/press Fit, then try again/);
  });
});
