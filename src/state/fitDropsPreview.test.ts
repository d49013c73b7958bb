/**
 * Fit drops the curve preview waiting behind the one in flight (trial 5: on 10⁷ rows each preview
 * takes about a second in the worker, which runs one request at a time, so after a few edits the
 * fit said "Starting…" for up to 12 s). The preview of values the fit is about to replace is never
 * asked for; the fit brings its own curve.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { getState, initialState, setState } from './store';

const decay = readFileSync(join(import.meta.dirname, '..', '..', 'public', 'samples', 'decay.csv'), 'utf8');
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Fit and the curve previews', () => {
  it('drops the preview waiting behind the one in flight', async () => {
    const base = localClient();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    /** What the worker was asked, in order: 'fit', or the A of a curve request. */
    const asked: (number | 'fit')[] = [];
    setClient({
      ...base,
      curve: async (...a: Parameters<typeof base.curve>) => {
        asked.push(a[0].params[0]);
        await gate;
        return base.curve(...a);
      },
      fit: (...a: Parameters<typeof base.fit>) => {
        asked.push('fit');
        return base.fit(...a);
      },
    });
    setState(initialState, true);
    await loadText(decay, 'decay.csv');
    setModelText('A*exp(-t/tau) + c');
    setParamValue('tau', 3);
    setParamValue('c', 10);
    setParamValue('A', 700);
    await wait(40); // the preview at A = 700 is in flight (held)
    setParamValue('A', 800);
    await wait(40); // the preview at A = 800 waits behind it
    expect(asked).toEqual([700]);
    const fitting = runFit();
    release();
    await fitting;
    expect(getState().fitStatus).toBe('done');
    await wait(60);
    // The fit came right after the preview in flight; the one at A = 800 was never asked for, and
    // the curve shown is the fit's own (its outcome carries it).
    expect(asked).toEqual([700, 'fit']);
    expect(getState().curve).toBe(getState().outcome!.curve);
  });
});
