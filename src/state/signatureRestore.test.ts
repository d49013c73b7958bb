/**
 * A fit's signature across a session restore: weights set back to "none" in the σ select are
 * written 'sigma', and a session reads them back unset; the fit must still describe the page after
 * the restore (fittedSignature, state/signature.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../test/memoryStorage';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { setSettings, setSigmaColumn, setWeights } from './actions/settings';
import { flushSave, restoreLatestSession, SAVE_DELAY_MS, startAutosave, stopAutosave } from './actions/sessions';
import { INDEX_KEY, sessionKey } from './sessions/record';
import { fitSignature, resultsFresh } from './signature';
import { DEFAULT_SETTINGS } from './slices/settings';
import { getState, initialState, setState } from './store';

vi.mock('../job/browser/storage', () => import('../../test/memoryStorage'));
const latestRecord = () => sessionKey((db.get(INDEX_KEY) as { id: string }[])[0].id);
const sample = (name: string) => readFileSync(join(import.meta.dirname, '..', '..', 'public', 'samples', name), 'utf8');
async function settle() { await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10); await flushSave(); }
async function fitDecay() {
  expect(await loadText(sample('decay.csv'), 'decay.csv')).toBe(true);
  setModelText('A*exp(-t/tau) + c');
  setParamValue('A', 800);
  setParamValue('tau', 3);
}

describe('fittedSignature across a restore', () => {
  beforeAll(() => { setClient(localClient()); vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); setState(initialState, true); startAutosave(); });
  afterAll(() => { stopAutosave(); vi.useRealTimers(); });

  it("weights chosen then set back to 'none': fresh on the page and after a restore", async () => {
    db.clear();
    await fitDecay();
    await setWeights('1/y');
    await setSigmaColumn(null); // the σ select back to "none (unweighted)": settings.weights = 'sigma'
    await runFit();
    expect(getState().settings.weights).toBe('sigma');
    expect(resultsFresh(getState())).toBe(true);
    await settle();
    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    expect(getState().outcome).not.toBeNull();
    expect(getState().settings.weights).toBeUndefined();
    expect(resultsFresh(getState())).toBe(true);
  });

  it('a record saved before the settings were signed, fitted with a robust loss: fresh after a restore', async () => {
    db.clear();
    setState(initialState, true);
    await fitDecay();
    setSettings({ loss: 'soft_l1', fScale: 2 });
    await runFit();
    expect(resultsFresh(getState())).toBe(true);
    await settle();
    // The record as a page before the change saved it: its signature had no settings part (the
    // one the defaults give), and it has no mark of the new signature.
    const { signatureWithSettings: _mark, ...record } = db.get(latestRecord()) as Record<string, unknown>;
    const s = getState();
    const oldSignature = fitSignature({ ...s, settings: DEFAULT_SETTINGS });
    expect(oldSignature).not.toBe(record.fittedSignature);
    db.set(latestRecord(), { ...record, fittedSignature: oldSignature });
    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    expect(getState().settings.loss).toBe('soft_l1');
    expect(resultsFresh(getState())).toBe(true);
    // Saved again (the plot changed), it carries the signature with its settings, and its mark.
    setState({ plot: { ...getState().plot, logX: !getState().plot.logX } });
    await settle();
    const saved = db.get(latestRecord()) as Record<string, unknown>;
    expect(saved.fittedSignature).toBe(fitSignature(getState()));
    expect(saved.signatureWithSettings).toBe(true);
  });

  it('a record saved now, the loss changed after its fit: stale after a restore', async () => {
    db.clear();
    setState(initialState, true);
    await fitDecay();
    await runFit();
    setSettings({ loss: 'soft_l1', fScale: 2 });
    expect(resultsFresh(getState())).toBe(false);
    await settle();
    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    expect(getState().settings.loss).toBe('soft_l1');
    expect(getState().outcome).not.toBeNull();
    expect(resultsFresh(getState())).toBe(false);
  });
});
