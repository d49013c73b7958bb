/**
 * An interrupted fit resumed on the page (issue 12), through the store's actions with the worker
 * API in-thread and an in-memory stand-in for IndexedDB (values structured-cloned, as IndexedDB
 * stores them). The fit saves its state after every iteration here (checkpointTiming 0); a page
 * that died after any save finds that save in storage, so putting it back and reopening the
 * session is what a reload mid-fit leaves. The reference is the same fit run without interruption
 * (the float64 CPU path): the resumed fit ends at its parameters to 1e-9 with fewer evaluations
 * after the interruption than the whole fit took. A checkpoint of another fit says what differs; a
 * damaged one is discarded with its reason.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { updateIn } from '../../test/memoryStorage';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import type { CheckpointRecord } from '../store/checkpointRecord';
import { checkpointTiming } from '../job/browser/checkpoint';
import { discardInterruptedFit, offerInterruptedFit } from './actions/checkpoint';
import { resumeInterruptedFit } from './actions/resumeInterruptedFit';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { setModelText } from './actions/model';
import { setParamBound, setParamValue } from './actions/params';
import { flushSave, restoreLatestSession, startAutosave, stopAutosave } from './actions/sessions';
import { differenceWords, interruptedWords } from './checkpointWords';
import { checkpointKey } from './sessions/record';
import { getState, initialState, setState } from './store';

const db = new Map<string, unknown>();
/** Every value written under a checkpoint key, in order. */
const saves: CheckpointRecord[] = [];

vi.mock('../job/browser/storage', () => ({
  storageReason: (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e)),
  readValue: async (key: string) => structuredClone(db.get(key)),
  writeValue: async (key: string, value: unknown) => {
    if (key.startsWith('checkpoint:')) saves.push(structuredClone(value) as CheckpointRecord);
    db.set(key, structuredClone(value));
  },
  deleteValue: async (key: string) => void db.delete(key),
  updateValue: async (key: string, change: (stored: unknown) => unknown) => updateIn(db, key, change),
}));

const MODEL = 'a*exp(-((x - mu)/w)^2/2) + c';
const START = { a: 1, mu: 9, w: 4, c: 0 };

/** A Gaussian peak on 4000 rows with deterministic noise (the benchmark's data, smaller). */
function gaussCsv(): string {
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const lines = ['x,y'];
  for (let i = 0; i < 4000; i++) {
    const x = (20 * i) / 4000;
    lines.push(`${x},${3 * Math.exp(-(((x - 11) / 1.5) ** 2) / 2) + 0.4 + (rand() - 0.5) * 0.2}`);
  }
  return lines.join('\n');
}

const fitted = () => new Map(getState().outcome?.result.parameters.map((p) => [p.name, p.value]) ?? []);

/** A reload: the page's state gone, the latest session restored (and its checkpoint offered). */
async function reload(): Promise<void> {
  await flushSave();
  setState(initialState, true);
  expect(await restoreLatestSession()).toBe(true);
}

describe('an interrupted fit on the page', () => {
  let key = '';
  let whole: { params: Map<string, number>; nfev: number; nit: number; mainCosts: number[] };

  beforeAll(async () => {
    setClient(localClient());
    setState(initialState, true);
    startAutosave();
    checkpointTiming.everyMs = 0;
    expect(await loadText(gaussCsv(), 'gauss.csv')).toBe(true);
    setModelText(MODEL);
    for (const [name, value] of Object.entries(START)) setParamValue(name, value);
    await runFit();
    expect(getState().fitStatus).toBe('done');
    const r = getState().outcome!.result;
    whole = { params: fitted(), nfev: r.nfev, nit: r.nit, mainCosts: r.history.filter((h) => h.phase === 0).map((h) => h.cost) };
    key = checkpointKey(getState().sessionId as string);
  });

  afterAll(() => {
    stopAutosave();
    checkpointTiming.everyMs = 2000;
  });

  it('saves the state as the fit runs and deletes it when the fit ends', () => {
    expect(whole.nit).toBeGreaterThan(4);
    expect(saves.length).toBeGreaterThan(4);
    // One save per iteration of the main phase (the polish after it is not saved).
    expect(saves.map((s) => s.state.nit)).toEqual(whole.mainCosts.map((_, i) => i + 1));
    expect(saves[2].model).toBe(MODEL);
    expect(saves[2].data.rows).toBe(4000);
    expect(saves[2].history?.map((h) => h.iteration)).toEqual([1, 2, 3]);
    expect(db.has(key)).toBe(false);
    expect(getState().outcome?.checkpoint?.saves).toBe(saves.length);
  });

  it('a reload after any save offers it, and Resume ends where the whole fit ends with fewer evaluations', async () => {
    const all = [...saves];
    for (const k of [1, Math.floor(all.length / 2), all.length - 2]) {
      const saved = all[k];
      db.set(key, structuredClone(saved));
      await reload();
      const offered = getState().interruptedFit;
      expect(offered?.offer.kind).toBe('resumable');
      if (offered?.offer.kind !== 'resumable') return;
      expect(offered.offer.iteration).toBe(saved.state.nit);
      expect(interruptedWords(offered.offer, offered.fileName)).toBe(`A fit of ${MODEL} on gauss.csv was interrupted at iteration ${saved.state.nit} (cost ${saved.history!.at(-1)!.cost.toPrecision(6)}).`);

      await resumeInterruptedFit();
      const s = getState();
      expect(s.fitStatus).toBe('done');
      expect(s.interruptedFit).toBeNull();
      const r = s.outcome!.result;
      for (const [name, value] of whole.params) expect(Math.abs(fitted().get(name)! - value), name).toBeLessThanOrEqual(1e-9 * Math.abs(value));
      expect(s.outcome?.resumed).toEqual({ nit: saved.state.nit, nfev: saved.state.nfev });
      expect(r.nit).toBe(whole.nit);
      expect(r.nfev - saved.state.nfev).toBeLessThan(whole.nfev);
      // The cost-per-iteration history starts at iteration 1, the saved iterations first.
      const main = r.history.filter((h) => h.phase === 0);
      expect(main.map((h) => h.iteration)).toEqual(whole.mainCosts.map((_, i) => i + 1));
      main.forEach((h, i) => expect(h.cost).toBeCloseTo(whole.mainCosts[i], 9));
      // The parameter table shows the fitted values, and nothing is left to resume.
      expect(s.params.find((p) => p.name === 'mu')?.value).toBe(fitted().get('mu'));
      expect(db.has(key)).toBe(false);
    }
  });

  it('a checkpoint of another fit says what differs and Discard deletes it', async () => {
    db.set(key, structuredClone(saves[2]));
    setParamBound('mu', 'min', 5);
    await flushSave();
    await reload();
    const offered = getState().interruptedFit;
    expect(offered?.offer.kind).toBe('differs');
    if (offered?.offer.kind !== 'differs') return;
    expect(offered.offer.difference).toEqual({ part: 'parameters', names: ['mu'] });
    expect(differenceWords(offered.offer.difference, getState().modelText)).toBe('the fixed values or bounds of "mu" differ from the parameter table');
    discardInterruptedFit();
    expect(getState().interruptedFit).toBeNull();
    await vi.waitFor(() => expect(db.has(key)).toBe(false));
    setParamBound('mu', 'min', -Infinity);
    await flushSave();
  });

  it('a new fit replaces the offer, and a damaged or foreign record is discarded with its reason', async () => {
    db.set(key, structuredClone(saves[2]));
    await reload();
    expect(getState().interruptedFit?.offer.kind).toBe('resumable');
    await runFit();
    expect(getState().interruptedFit).toBeNull();
    expect(db.has(key)).toBe(false);

    const damaged = { ...structuredClone(saves[2]), state: { ...saves[2].state, Delta: -1 } };
    db.set(key, damaged);
    await offerInterruptedFit();
    const offer = getState().interruptedFit?.offer;
    expect(offer).toEqual({ kind: 'damaged', problem: 'the saved trust radius is not a positive number' });
    expect(db.has(key)).toBe(false);
    discardInterruptedFit();

    // An old format, and a record whose keys include "__proto__": refused or compared, never merged.
    db.set(key, { ...structuredClone(saves[2]), version: 0 });
    await offerInterruptedFit();
    expect(getState().interruptedFit?.offer).toEqual({ kind: 'damaged', problem: 'it is a checkpoint of another version (0; this one reads version 1)' });
    discardInterruptedFit();
    const hostile = JSON.parse(JSON.stringify(saves[2]).replace('"options":{', '"options":{"__proto__":{"polluted":1},'));
    db.set(key, hostile);
    await offerInterruptedFit();
    const foreign = getState().interruptedFit?.offer;
    expect(foreign?.kind === 'differs' && foreign.difference).toEqual({ part: 'options', keys: ['__proto__'] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    discardInterruptedFit();
  });
});
