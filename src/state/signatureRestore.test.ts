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
import { setSigmaColumn, setWeights } from './actions/settings';
import { flushSave, restoreLatestSession, SAVE_DELAY_MS, startAutosave, stopAutosave } from './actions/sessions';
import { resultsFresh } from './signature';
import { getState, initialState, setState } from './store';

vi.mock('../worker/storage', () => import('../../test/memoryStorage'));
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

});
