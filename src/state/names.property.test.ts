/**
 * Names are data, never keys into a plain object: every Object.prototype member name (`__proto__`,
 * `constructor`, `toString`, …) and random identifiers go through the store as parameter and
 * column names, a fit, a link round trip and a session round trip, and come back as themselves
 * with the same numbers. (Issue 14, item 1: such a name once unmounted the whole page.)
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { updateIn } from '../../test/memoryStorage';
import { getClient } from '../client/worker';
import { rng } from '../../test/random';
import { loadText, setMapping } from './actions/data';
import { runFit } from './actions/fit';
import { openLink, planCurrentLink } from './actions/link';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { flushSave, restoreLatestSession, SAVE_DELAY_MS } from './actions/sessions';
import { getState, initialState, setState } from './store';
import { autosaveInFakeTime } from '../../test/autosave';

const db = new Map<string, unknown>();
vi.mock('../job/browser/storage', () => ({
  storageReason: (e: unknown) => String(e),
  readValue: async (key: string) => structuredClone(db.get(key)),
  writeValue: async (key: string, value: unknown) => void db.set(key, structuredClone(value)),
  deleteValue: async (key: string) => void db.delete(key),
  updateValue: async (key: string, change: (stored: unknown) => unknown) => updateIn(db, key, change),
}));

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);
const RESERVED = new Set(['exp', 'log', 'ln', 'log10', 'sqrt', 'abs', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2', 'sinh', 'cosh', 'tanh', 'erf', 'erfc', 'pow', 'min', 'max', 'pi', 'e']);
const identifier = fc
  .tuple(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_'), fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_0123456789'), maxLength: 10 }))
  .map(([h, t]) => h + t)
  .filter((n) => !RESERVED.has(n));
const anyName = fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), identifier);

/** y = a·x + b with a little noise, in columns named xName / yName. */
function csv(xName: string, yName: string): string {
  const rand = rng(7);
  const lines = [`${xName},${yName}`];
  for (let i = 0; i < 20; i++) lines.push(`${i},${(2.5 * i + 4 + (rand() - 0.5) * 0.1).toPrecision(12)}`);
  return lines.join('\n');
}

const fitted = () => getState().outcome?.result.parameters.map((p) => [p.name, p.value] as const) ?? [];

async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
  await flushSave();
}

/** Load, write the model with these names, fit, then open the link and restore the session. */
async function roundTrip(xName: string, yName: string, slope: string, offset: string): Promise<void> {
  setState(initialState, true);
  expect(await loadText(csv(xName, yName), 'names.csv')).toBe(true);
  await setMapping({ x: [xName], y: yName, sigma: null });
  setModelText(`${slope}*${xName} + ${offset}`);
  expect(getState().params.map((p) => p.name)).toEqual([slope, offset]);
  // New rows of a typed model have no start value (Fit would search for it).
  expect(getState().params.every((p) => p.value === null)).toBe(true);
  setParamValue(slope, 2);
  setParamValue(offset, 3);
  await runFit();
  expect(getState().fitError).toBeNull();
  expect(getState().fitStatus).toBe('done');
  const before = fitted();
  expect(before.map(([n]) => n)).toEqual([slope, offset]);
  expect(before[0][1]).toBeCloseTo(2.5, 2);
  expect(before[1][1]).toBeCloseTo(4, 1);

  const columns = await getClient().exportColumns();
  expect(columns.ok && Object.entries(columns.value).map(([n, v]) => [n, v.length])).toEqual([[xName, 20], [yName, 20]]);

  const plan = await planCurrentLink();
  if (!plan.ok) throw new Error(plan.error.message);
  expect(await openLink(plan.value.fragment)).toBe(true);
  expect(getState().linkError).toBeNull();
  expect(getState().mapping).toMatchObject({ x: [xName], y: yName });
  expect(fitted()).toEqual(before);

  await settle();
  setState(initialState, true);
  expect(await restoreLatestSession()).toBe(true);
  expect(getState().restored?.error ?? null).toBeNull();
  expect(getState().mapping).toMatchObject({ x: [xName], y: yName });
  expect(getState().params.map((p) => [p.name, p.value])).toEqual(before);
  expect(fitted()).toEqual(before);
}

describe('names that are Object.prototype members', () => {
  autosaveInFakeTime();

  it.each(PROTOTYPE_NAMES)('%s as a parameter and as a column', async (name) => {
    await roundTrip('x', 'y', name, 'b');
    await roundTrip(name, 'y', 'a', 'b');
    await roundTrip('x', name, 'a', 'b');
  });

  it('random identifiers as parameter and column names', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(anyName, { minLength: 4, maxLength: 4 }), async ([x, y, a, b]) => roundTrip(x, y, a, b)),
      { numRuns: 25, seed: 14 },
    );
  });
});
