/**
 * The worker's checkpoint writer (issue 12) on a clock of its own and an in-memory stand-in for
 * IndexedDB: a fit shorter than the interval never touches storage; a longer one saves once per
 * interval (not per iteration), the latest state with the iterations so far; a write still in
 * flight is not queued behind; the end of the fit deletes what was saved, and a refused write
 * stops the saves without stopping the fit.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IterationSummary } from '../../solver/summary';
import type { TrfState } from '../../solver/trfState';
import type { CheckpointRecord } from '../../store/checkpointRecord';
import { checkpointWriter } from './checkpoint';

const db = new Map<string, unknown>();
const log: string[] = [];
let gate: Promise<void> | null = null;
let refuse = false;

vi.mock('./storage', () => ({
  storageReason: (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e)),
  readValue: async (key: string) => structuredClone(db.get(key)),
  writeValue: async (key: string, value: unknown) => {
    log.push(`write ${(value as CheckpointRecord).state.nit}`);
    if (gate) await gate;
    if (refuse) throw new DOMException('disk full', 'QuotaExceededError');
    db.set(key, structuredClone(value));
  },
  deleteValue: async (key: string) => {
    log.push('delete');
    db.delete(key);
  },
}));

const x = Float64Array.from({ length: 20 }, (_, i) => i);
const input = { model: 'a*x + b', data: { vars: [x], y: x.map((v) => 2 * v + 1) }, parameters: [{ name: 'a', value: 1 }, { name: 'b', value: 0 }], options: {} };
const state = (nit: number): TrfState => ({ x: [nit, -nit], Delta: 1 / nit, alpha: 0, scaleInv: null, nfev: nit + 1, njev: nit + 1, nit });
const summary = (nit: number): IterationSummary => ({ iteration: nit, nfev: nit + 1, njev: nit + 1, cost: 100 / nit, optimality: 1, Delta: 1 / nit, stepNorm: 0.1, actualReduction: 1, stepKind: 'trust-region', x: Float64Array.from([nit, -nit]), elapsedMs: nit });

/** Iterations 1…n of a fit, `stepMs` apart on the writer's clock. */
async function iterate(writer: ReturnType<typeof checkpointWriter>, clock: { t: number }, from: number, to: number, stepMs: number) {
  for (let nit = from; nit <= to; nit++) {
    clock.t += stepMs;
    await writer.hooks.onState?.(state(nit));
    writer.onIteration(summary(nit), 'fit');
    await Promise.resolve();
  }
}

beforeEach(() => {
  db.clear();
  log.length = 0;
  gate = null;
  refuse = false;
});

describe('the checkpoint writer', () => {
  it('a fit shorter than the interval never touches storage', async () => {
    const clock = { t: 0 };
    const writer = checkpointWriter('k', input, null, 2000, () => clock.t);
    await iterate(writer, clock, 1, 15, 100);
    expect(await writer.close()).toMatchObject({ saves: 0, failed: null });
    expect(log).toEqual([]);
  });

  it('saves once per interval with the iterations so far, and deletes at the end', async () => {
    const clock = { t: 0 };
    const writer = checkpointWriter('k', input, null, 2000, () => clock.t);
    await iterate(writer, clock, 1, 25, 300);
    // 300 ms per iteration: due at 2.1 s, 4.2 s, 6.3 s (iterations 7, 14, 21).
    expect(log).toEqual(['write 7', 'write 14', 'write 21']);
    const saved = db.get('k') as CheckpointRecord;
    expect(saved.state).toEqual(state(21));
    expect(saved.history?.map((h) => h.iteration)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(saved.history?.[20].x).toEqual([21, -21]);
    expect(saved.data.rows).toBe(20);
    expect((await writer.close()).saves).toBe(3);
    expect(log.at(-1)).toBe('delete');
    expect(db.has('k')).toBe(false);
  });

  it('skips a save while the last is still being written, and goes on without saves when storage refuses', async () => {
    const clock = { t: 0 };
    let open: () => void = () => undefined;
    gate = new Promise((resolve) => (open = resolve));
    const writer = checkpointWriter('k', input, null, 0, () => clock.t);
    await iterate(writer, clock, 1, 5, 10);
    expect(log).toEqual(['write 1']);
    open();
    gate = null;
    await new Promise((resolve) => setTimeout(resolve, 0));
    refuse = true;
    await iterate(writer, clock, 6, 8, 10);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await iterate(writer, clock, 9, 10, 10);
    expect(log).toEqual(['write 1', 'write 6']);
    const stats = await writer.close();
    expect(stats.saves).toBe(1);
    expect(stats.failed).toBe('QuotaExceededError: disk full');
  });

  it('a resumed fit starts its history with the saved iterations and deletes the checkpoint even without a save', async () => {
    const clock = { t: 0 };
    const saved = { format: 'fitbench-checkpoint', version: 1, savedAt: 'then', model: 'a*x + b', data: { rows: 20, hash: '0123456789abcdef' }, parameters: [], options: {}, state: state(3), history: [1, 2, 3].map((n) => ({ ...summary(n), x: [n, -n] })) } as CheckpointRecord;
    const writer = checkpointWriter('k', input, saved, 2000, () => clock.t);
    expect(writer.hooks.resume).toEqual(state(3));
    await iterate(writer, clock, 4, 6, 10);
    expect(writer.history().map((h) => h.iteration)).toEqual([1, 2, 3, 4, 5, 6]);
    await writer.close();
    expect(log).toEqual(['delete']);
  });
});
