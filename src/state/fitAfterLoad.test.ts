/**
 * Fit clicked while the columns of freshly loaded data are still being selected (issue 14, item 7:
 * seconds for 10⁷ rows) waits for the selection and fits; before, it said "Choose the x and y
 * columns" although they were chosen. The worker's select is held back here to open that window.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { loadText } from './actions/data';
import { cancelFit, runFit } from './actions/fit';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { getState, initialState, setState } from './store';

const decay = readFileSync(join(import.meta.dirname, '..', '..', 'public', 'samples', 'decay.csv'), 'utf8');

/** A client whose select answers only when `release()` is called. */
function slowSelectClient() {
  const base = localClient();
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const client = { ...base, select: async (...a: Parameters<typeof base.select>) => { await gate; return base.select(...a); } };
  return { client, release: () => release() };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('Fit right after a load', () => {
  beforeEach(async () => {
    // A first load with an instant select, to set the model and start values up.
    setClient(localClient());
    setState(initialState, true);
    await loadText(decay, 'decay.csv');
    setModelText('A*exp(-t/tau) + c');
    setParamValue('A', 800);
    setParamValue('tau', 3);
    setParamValue('c', 10);
  });

  it('waits for the columns being selected, then fits', async () => {
    const slow = slowSelectClient();
    setClient(slow.client);
    const loading = loadText(decay, 'again.csv');
    await tick();
    expect(getState().table).not.toBeNull();
    expect(getState().selection).toBeNull(); // the window: data adopted, columns not yet selected
    const fitting = runFit();
    await tick();
    expect(getState().fitError).toBeNull();
    expect(getState().fitStatus).toBe('running');
    slow.release();
    await loading;
    await fitting;
    const s = getState();
    expect(s.fitError).toBeNull();
    expect(s.fitStatus).toBe('done');
    expect(s.outcome?.result.success).toBe(true);
    expect(s.selection?.rows).toBe(81);
  });

  it('Cancel while it waits starts no fit', async () => {
    const slow = slowSelectClient();
    setClient(slow.client);
    const loading = loadText(decay, 'again.csv');
    await tick();
    const fitting = runFit();
    await tick();
    cancelFit();
    slow.release();
    await loading;
    await fitting;
    const s = getState();
    expect(s.fitStatus).toBe('idle');
    expect(s.outcome).toBeNull();
    expect(s.fitError).toBeNull();
  });
});
