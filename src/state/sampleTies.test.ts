/**
 * Issue 27 (smaller items): ties from a link carried into a newly loaded sample. A sample brings
 * its own model, so a tie written for the earlier one (c = A/100 here) silently constrained the
 * sample's parameter of the same name. Now loading a sample starts it untied, with its own starts;
 * loading the user's own file keeps the model and its ties, as before.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { loadText } from './actions/data';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { loadSample } from './actions/samples';
import { setTie } from './actions/ties';
import type { SampleEntry } from './slices/view';
import { getState, initialState, setState } from './store';

const SAMPLES = join(import.meta.dirname, '../../public/samples');
const decay = (JSON.parse(readFileSync(join(SAMPLES, 'index.json'), 'utf8')) as SampleEntry[]).find((s) => s.id === 'decay')!;
const CSV = ['t,y', ...Array.from({ length: 20 }, (_, i) => `${i},${(900 * Math.exp(-i / 4) + 25 + Math.sin(7 * i)).toPrecision(10)}`)].join('\n');

afterEach(() => vi.unstubAllGlobals());

describe('a sample after a tied fit', () => {
  it('comes untied, with the sample\'s starts; the user\'s own file keeps the ties', async () => {
    setClient(localClient());
    setState(initialState, true);
    expect(await loadText(CSV, 'mine.csv')).toBe(true);
    setModelText('A*exp(-t/tau) + c');
    setParamValue('A', 900);
    setParamValue('tau', 4);
    expect(setTie('c', 'A/100')).toBeNull();
    expect(getState().ties.map((t) => t.name)).toEqual(['c']);
    // Another file of the user's: the model and its tie stay.
    expect(await loadText(CSV.replace('t,y', 't,y2'), 'mine2.csv')).toBe(true);
    expect(getState().ties.map((t) => t.name)).toEqual(['c']);

    vi.stubGlobal('document', { baseURI: 'http://localhost/' });
    vi.stubGlobal('fetch', async (url: string) => new Response(readFileSync(join(SAMPLES, String(url).split('/').pop()!))));
    const loaded = await loadSample(decay);
    expect(getState().loadError).toBeNull();
    expect(loaded).toBe(true);
    expect(getState().modelText).toBe(decay.model);
    expect(getState().ties).toEqual([]);
    const starts = Object.fromEntries(getState().params.map((p) => [p.name, p.value]));
    expect(starts).toEqual(decay.params);
  });
});
