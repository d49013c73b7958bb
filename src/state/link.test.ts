/** Fit links through the store's actions with the worker API in-thread: make, open, fingerprint. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { decodeSpec } from '../share/index';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { mismatchMessage, openLink, planCurrentLink, provideLinkFile, setLinkBudget } from './actions/link';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { getState, initialState, setState } from './store';

const decay = readFileSync(join(import.meta.dirname, '..', '..', 'public', 'samples', 'decay.csv'), 'utf8');

async function fittedDecay(): Promise<number[]> {
  setState(initialState, true);
  expect(await loadText(decay, 'decay.csv')).toBe(true);
  setState({ source: { kind: 'file', name: 'decay.csv', sampleId: null } });
  setModelText('A*exp(-t/tau) + c');
  setParamValue('A', 800);
  setParamValue('tau', 3);
  setParamValue('c', 10);
  await runFit();
  expect(getState().fitStatus).toBe('done');
  return getState().outcome?.result.parameters.map((p) => p.value) ?? [];
}

const values = () => getState().outcome?.result.parameters.map((p) => p.value) ?? [];

describe('fit links', () => {
  beforeAll(() => setClient(localClient()));
  beforeEach(() => setLinkBudget(undefined));

  it('opens a link with inline data into the same fit', async () => {
    const before = await fittedDecay();
    const plan = await planCurrentLink();
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.dataIncluded).toBe(true);
    const spec = decodeSpec(plan.value.fragment);
    if (!spec.ok) throw new Error(spec.error.message);
    expect(spec.spec.data?.kind === 'inline' && spec.spec.data.fileName).toBe('decay.csv');
    expect(spec.spec.columns).toEqual({ x: ['t'], y: 'counts', sigma: 'sigma' });

    expect(await openLink(plan.value.fragment)).toBe(true);
    const s = getState();
    expect(s.source).toEqual({ kind: 'link', name: 'decay.csv', sampleId: null });
    expect(s.selection?.rows).toBe(81);
    expect(s.fitStatus).toBe('done');
    expect(values()).toEqual(before);
  });

  it('leaves a clean workbench with the reason for a bad link', async () => {
    await fittedDecay();
    expect(await openLink('#fit=v7.abc')).toBe(false);
    const s = getState();
    expect(s.linkError?.code).toBe('newer-version');
    expect(s.table).toBeNull();
    expect(s.modelText).toBe('');
    expect(s.outcome).toBeNull();
  });

  it('carries a fingerprint past the budget, asks for the file and checks it', async () => {
    const before = await fittedDecay();
    setLinkBudget(64);
    const plan = await planCurrentLink();
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.dataIncluded).toBe(false);
    expect(plan.value.data).toMatchObject({ kind: 'fingerprint', fileName: 'decay.csv', rows: 81 });

    await openLink(plan.value.fragment);
    let s = getState();
    expect(s.table).toBeNull();
    expect(s.pendingLink?.expected.rows).toBe(81);
    expect(s.modelText).toBe('A*exp(-t/tau) + c');
    // The model reads t as a variable before the data arrive: no stray parameter row.
    expect(s.params.map((p) => p.name)).toEqual(['A', 'tau', 'c']);

    const lines = decay.trimEnd().split('\n');
    expect(await provideLinkFile(new Blob([lines.slice(0, -1).join('\n')]), 'short.csv')).toBe(false);
    expect(getState().pendingLink?.fileError).toMatch(/short\.csv does not match the link: the rows differ \(80 usable rows, the link's data have 81\)/);
    const edited = [...lines];
    edited[5] = edited[5].replace(/,(\d+)/, (_, n: string) => `,${Number(n) + 1}`);
    expect(await provideLinkFile(new Blob([edited.join('\n')]), 'edited.csv')).toBe(false);
    expect(getState().pendingLink?.fileError).toMatch(/the values differ/);
    expect(await provideLinkFile(new Blob(['a,b\n1,2\n']), 'other.csv')).toBe(false);
    expect(getState().pendingLink?.fileError).toMatch(/other\.csv cannot be used for this link/);
    expect(getState().table).toBeNull();

    expect(await provideLinkFile(new Blob([decay]), 'decay.csv')).toBe(true);
    s = getState();
    expect(s.pendingLink).toBeNull();
    expect(s.source?.name).toBe('decay.csv');
    expect(s.fitStatus).toBe('done');
    expect(values()).toEqual(before);
  });

  it('says what differs', () => {
    const expected = { kind: 'fingerprint' as const, fileName: 'a.csv', rows: 1000, hash: '00000000000000ff' };
    expect(mismatchMessage('b.csv', { rows: 999, hash: '00000000000000ff' }, expected)).toContain('the rows differ (999 usable rows, the link\'s data have 1,000)');
    expect(mismatchMessage('b.csv', { rows: 1000, hash: '00000000000000fe' }, expected)).toContain('same number of rows (1,000), but the values differ');
    expect(mismatchMessage('a.csv', { rows: 1000, hash: '00000000000000FF'.toLowerCase() }, { ...expected, hash: '00000000000000FF' })).toBeNull();
  });

  it('refuses to make a link before there is a fit to share', async () => {
    setState(initialState, true);
    const plan = await planCurrentLink();
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(plan.error.message).toBe('Load data first.');
  });
});
