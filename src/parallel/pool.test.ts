/**
 * The worker pool on worker_threads, with a real task module (testing/sumTask.ts): results against
 * a plain loop, distribution over workers, progress, typed-array transfer both ways, a task that
 * throws, a worker that dies mid-task (replaced, its task 'crashed', the rest go on), cancellation
 * of queued and running tasks, and close.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createNodePool } from './node/nodePool';
import type { WorkerPool } from './pool';
import type { SumInput, SumOutput } from './testing/sumTask';
import { transferables } from './transfer';

const MODULE = new URL('./testing/sumTask.ts', import.meta.url);
let pool: WorkerPool<SumInput, SumOutput, number> | null = null;
afterEach(() => pool?.close());

const make = (size: number) => (pool = createNodePool<SumInput, SumOutput, number>({ module: MODULE, size }));
const ramp = (n: number, from = 0) => Float64Array.from({ length: n }, (_, i) => from + i);

describe('WorkerPool on worker_threads', () => {
  it('sums arrays in workers, equal to a plain loop, results in input order', async () => {
    const p = make(2);
    const inputs = Array.from({ length: 9 }, (_, k) => ({ values: ramp(1000 + k, k) }));
    const progress: number[] = [];
    const out = await p.map(inputs, { onProgress: (e) => progress.push(e.done) });
    out.forEach((status, k) => {
      if (!status.ok) throw new Error(status.error.message);
      const want = inputs[k]!.values.reduce((a, b) => a + b, 0);
      expect(status.value.sum).toBe(want);
      expect(status.value.prefix).toBeInstanceOf(Float64Array);
      expect(status.value.prefix[status.value.prefix.length - 1]).toBe(want);
    });
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(p.workers).toBe(2); // started on demand, never more than size
  });

  it('warm() starts every worker ahead of the first task', async () => {
    const p = make(2);
    p.warm();
    p.warm();
    expect(p.workers).toBe(2);
    const out = await p.map([{ values: ramp(3) }, { values: ramp(4) }]);
    expect(out.map((s) => s.ok && s.value.sum)).toEqual([3, 6]);
    expect(p.workers).toBe(2);
  });

  it('streams a task\'s progress to the caller', async () => {
    const p = make(1);
    const seen: number[] = [];
    const r = await p.run({ values: ramp(3), steps: 4 }, { onProgress: (v) => seen.push(v) });
    expect(r.ok).toBe(true);
    expect(seen).toEqual([1, 2, 3, 4]);
  });

  it('transfers an input buffer when asked (the caller\'s array is detached)', async () => {
    const p = make(1);
    const values = ramp(100);
    const r = await p.run({ values }, { transfer: [values.buffer as ArrayBuffer] });
    expect(r.ok && r.value.inputLength).toBe(100);
    expect(values.length).toBe(0); // moved, not copied
  });

  it('a task that throws fails with its message; its worker serves the next task', async () => {
    const p = make(1);
    const bad = await p.run({ values: ramp(5), mode: 'throw' });
    expect(bad).toEqual({ ok: false, error: { code: 'failed', message: 'bad input of 5 values' } });
    const good = await p.run({ values: ramp(5) });
    expect(good.ok && good.value.sum).toBe(10);
    expect(p.workers).toBe(1);
  });

  it('a worker that dies mid-task is replaced; its task is reported crashed, the others finish', async () => {
    const p = make(2);
    const inputs: SumInput[] = [{ values: ramp(10) }, { values: ramp(3), mode: 'crash' }, ...Array.from({ length: 6 }, () => ({ values: ramp(10) }))];
    const failed: number[] = [];
    const out = await p.map(inputs, { onProgress: (e) => failed.push(e.failed) });
    expect(out[1]).toMatchObject({ ok: false, error: { code: 'crashed' } });
    expect(!out[1]!.ok && out[1]!.error.message).toMatch(/^Its worker died: worker lost/);
    expect(out.filter((s) => s.ok).map((s) => s.ok && s.value.sum)).toEqual(Array(7).fill(45));
    expect(failed[failed.length - 1]).toBe(1);
  });

  it('cancels queued tasks at once and stops a running one; finished results are kept', async () => {
    const p = make(1);
    const controller = new AbortController();
    const first = p.run({ values: ramp(4) }, { signal: controller.signal });
    const hung = p.run({ values: ramp(4), mode: 'hang' }, { signal: controller.signal });
    const queued = p.run({ values: ramp(4) }, { signal: controller.signal });
    expect((await first).ok).toBe(true);
    setTimeout(() => controller.abort(), 200);
    expect(await hung).toMatchObject({ ok: false, error: { code: 'aborted', message: 'Cancelled while running; its worker was stopped.' } });
    expect(await queued).toMatchObject({ ok: false, error: { code: 'aborted', message: 'Cancelled before it started.' } });
    // The pool goes on with a fresh worker.
    const after = await p.run({ values: ramp(4) });
    expect(after.ok && after.value.sum).toBe(6);
  });

  it('map under a signal: aborting mid-batch keeps the finished groups', async () => {
    const p = make(2);
    const controller = new AbortController();
    const inputs: SumInput[] = [{ values: ramp(2) }, { values: ramp(2) }, { values: ramp(2), mode: 'hang' }, ...Array.from({ length: 5 }, () => ({ values: ramp(2) }))];
    let finished = 0;
    const out = await p.map(inputs, {
      signal: controller.signal,
      onResult: (_, s) => { if (s.ok && ++finished === 3) controller.abort(); }, // the hung task holds one worker
    });
    expect(out[2]).toMatchObject({ ok: false, error: { code: 'aborted' } });
    expect(out.filter((s) => s.ok).length).toBe(3);
    expect(out.every((s) => s.ok || s.error.code === 'aborted')).toBe(true);
  });

  it('an already aborted signal and a closed pool answer at once', async () => {
    const p = make(1);
    expect(await p.run({ values: ramp(2) }, { signal: AbortSignal.abort() })).toMatchObject({ ok: false, error: { code: 'aborted' } });
    const pending = p.run({ values: ramp(2), mode: 'hang' });
    await new Promise((r) => setTimeout(r, 50));
    p.close();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'closed' } });
    expect(await p.run({ values: ramp(2) })).toMatchObject({ ok: false, error: { code: 'closed' } });
  });

  it('a task module without a task function fails its tasks as crashed, never hangs', async () => {
    const broken = createNodePool<SumInput, SumOutput>({ module: new URL('./transfer.ts', import.meta.url), size: 1 });
    try {
      const r = await broken.run({ values: ramp(2) });
      expect(r).toMatchObject({ ok: false, error: { code: 'crashed' } });
      expect(!r.ok && r.error.message).toMatch(/exports no task function/);
    } finally {
      broken.close();
    }
  });
});

describe('transferables', () => {
  it('lists each typed array\'s buffer once, through records and arrays', () => {
    const a = new Float64Array(4);
    const b = new Int32Array(2);
    const list = transferables({ a, nested: [{ b, again: a.subarray(1) }], n: 3, s: 'x' });
    expect(list).toEqual([a.buffer, b.buffer]);
    expect(transferables({ shared: new Float64Array(new SharedArrayBuffer(8)) })).toEqual([]);
  });
});
