/**
 * Tied parameters travel (issue 10): in links (FitSpec.ties, written only when there are ties,
 * read field by field) and in saved sessions, and come back tied with the same fit. A link whose
 * ties are junk, or name a parameter the model lacks (`__proto__` among them), is refused with the
 * place and the reason; a parameter really called `__proto__` can be tied like any other.
 */
import { describe, expect, it, vi } from 'vitest';
import { updateIn } from '../../test/memoryStorage';
import { specFromJson, specToJson } from '../share/index';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { openLink, planCurrentLink } from './actions/link';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { flushSave, restoreLatestSession, SAVE_DELAY_MS } from './actions/sessions';
import { setTie } from './actions/ties';
import { readSessionSpec } from './sessions/lenientSpec';
import { currentSpec } from './selectors/spec';
import { getState, initialState, setState } from './store';
import { tiedModel } from './ties';
import { autosaveInFakeTime } from '../../test/autosave';

const db = new Map<string, unknown>();
vi.mock('../job/browser/storage', () => ({
  storageReason: (e: unknown) => String(e),
  readValue: async (key: string) => structuredClone(db.get(key)),
  writeValue: async (key: string, value: unknown) => void db.set(key, structuredClone(value)),
  deleteValue: async (key: string) => void db.delete(key),
  updateValue: async (key: string, change: (stored: unknown) => unknown) => updateIn(db, key, change),
}));

const CSV = ['x,y', ...Array.from({ length: 20 }, (_, i) => `${i},${(3 * Math.exp(-i / 4) + 1.5 * Math.exp(-i / 12) + 0.01 * Math.sin(7 * i)).toPrecision(12)}`)].join('\n');
const fitted = () => getState().outcome?.result.parameters.map((p) => [p.name, p.value] as const) ?? [];

async function tiedFit(model: string, tie: readonly [string, string], starts: Record<string, number>): Promise<void> {
  setState(initialState, true);
  expect(await loadText(CSV, 'two.csv')).toBe(true);
  setModelText(model);
  for (const [name, value] of Object.entries(starts)) setParamValue(name, value);
  expect(setTie(tie[0], tie[1])).toBeNull();
  await runFit();
  expect(getState().fitError).toBeNull();
  expect(getState().fitStatus).toBe('done');
}

describe('tied parameters in links and sessions', () => {
  autosaveInFakeTime();

  it.each([
    ['a*exp(-x/t1) + b*exp(-x/t2)', ['b', 'a/2'], { a: 3, t1: 4, t2: 12 }],
    ['__proto__*exp(-x/t1) + b*exp(-x/t2)', ['__proto__', '2*b'], { b: 1.5, t1: 4, t2: 12 }],
    ['a*exp(-x/constructor) + b*exp(-x/t2)', ['constructor', 't2/3'], { a: 3, b: 1.5, t2: 12 }],
  ] as const)('%s with %s tied comes back tied from a link and a session', async (model, tie, starts) => {
    await tiedFit(model, tie, starts);
    const before = fitted();
    expect(before.map(([n]) => n)).not.toContain(tie[0]);
    expect(currentSpec(getState()).ties).toEqual([{ name: tie[0], expression: tie[1] }]);

    const plan = await planCurrentLink();
    if (!plan.ok) throw new Error(plan.error.message);
    setState(initialState, true);
    expect(await openLink(plan.value.fragment)).toBe(true);
    expect(getState().linkError).toBeNull();
    expect(getState().ties).toEqual([{ name: tie[0], expression: tie[1] }]);
    expect(tiedModel(getState()).errors.size).toBe(0);
    expect(fitted()).toEqual(before);

    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
    await flushSave();
    setState(initialState, true);
    expect(await restoreLatestSession()).toBe(true);
    expect(getState().restored?.error ?? null).toBeNull();
    expect(getState().ties).toEqual([{ name: tie[0], expression: tie[1] }]);
    expect(fitted()).toEqual(before);
  });

  it('writes no ties field without ties, and refuses junk ties in a link with the place and reason', () => {
    setState(initialState, true);
    setModelText('a*x + b');
    const plain = JSON.parse(specToJson(currentSpec(getState())));
    expect(plain).not.toHaveProperty('ties');
    const valid = { ...plain, columns: { x: ['x'], y: 'y', sigma: null }, parameters: [{ name: 'a', value: 1, min: null, max: null, fixed: false }, { name: 'b', value: 1, min: null, max: null, fixed: false }] };
    expect(specFromJson(JSON.stringify(valid)).ok).toBe(true);
    const withTies = (ties: unknown) => specFromJson(JSON.stringify({ ...valid, ties }));
    expect(withTies([{ name: 'b', expression: '2*a' }])).toMatchObject({ ok: true, spec: { ties: [{ name: 'b', expression: '2*a' }] } });
    const refused = (ties: unknown, path: RegExp) => {
      const read = withTies(ties);
      expect(read.ok).toBe(false);
      if (!read.ok) expect(read.error.message).toMatch(path);
    };
    refused('b=2*a', /ties/);
    refused([{ name: '__proto__', expression: '1' }], /ties\[0\]\.name.*not a parameter of the model \(a, b\)/);
    refused([{ name: 'constructor', expression: '1' }], /ties\[0\]\.name/);
    refused([{ name: 'b', expression: 2 }], /ties\[0\]\.expression/);
    refused([{ name: 'b', expression: '' }], /ties\[0\]\.expression/);
    refused([{ name: 'b', expression: 'a', extra: 1 }], /ties\[0\]/);
    refused([{ name: 'b', expression: 'a' }, { name: 'b', expression: '2*a' }], /ties\[1\]\.name.*tied twice/);
    refused([{ name: 'b', expression: 'a' }, { name: 'a', expression: '1' }, { name: 'a', expression: '1' }], /ties/);
    refused(JSON.parse('[{"__proto__": {"name": "b"}, "expression": "a"}]'), /ties\[0\]/);
    // A saved session is read leniently: junk ties are left out, the rest of the page comes back.
    const session = readSessionSpec(JSON.stringify({ ...plain, ties: [{ name: 'b', expression: '2*a' }, { name: 3 }, 'x', { name: '__proto__', expression: '' }] }));
    expect(session?.ties).toEqual([{ name: 'b', expression: '2*a' }]);
    expect(readSessionSpec(JSON.stringify({ ...plain, ties: { __proto__: 1 } }))?.model).toBe('a*x + b');
  });

  it('a link whose tie no longer applies opens, with the reason at the row and no fit', async () => {
    await tiedFit('a*exp(-x/t1) + b*exp(-x/t2)', ['b', 'a/2'], { a: 3, t1: 4, t2: 12 });
    const spec = { ...currentSpec(getState()), ties: [{ name: 'b', expression: 'q/2' }] };
    const read = specFromJson(specToJson(spec));
    if (!read.ok) throw new Error(read.error.message);
    setState({ ties: read.spec.ties! });
    expect(tiedModel(getState()).errors.get('b')).toBe('b = q/2: "q" is not a parameter of the model; a tie is an expression of the other parameters (a, t1, t2).');
    await runFit();
    expect(getState().fitError?.message).toMatch(/Mend the tie in b's row, or untie it/);
  });
});
