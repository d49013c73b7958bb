/**
 * The Web Worker backing of the worker pool (src/parallel/web) in headless Chromium: sums in
 * module workers, progress, a task that throws, a worker that dies mid-task, and a cancelled
 * running task, the same scenarios as the worker_threads tests (src/parallel/pool.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type BrowserSession } from './lib/harness';

declare const window: { fitbenchPool: { scenarios(): Promise<Record<string, unknown>> } };

let session: BrowserSession;
beforeAll(async () => {
  session = await openSession({ path: 'e2e/harness/pool.html', readyGlobal: 'fitbenchPool' });
});
afterAll(async () => {
  await session?.close();
});

describe('worker pool on Web Workers', () => {
  it('sums, fails, crashes and cancels with statuses, and goes on', async () => {
    const r = await session.page.evaluate(() => window.fitbenchPool.scenarios());
    expect(r.size).toBeGreaterThanOrEqual(1);
    expect(r.sums).toEqual([45, 4950, 499500].map((sum) => ({ ok: true, sum, prefixIsTyped: true })));
    expect(r.progress).toEqual([1, 2, 3]);
    expect(r.failed).toEqual({ ok: false, code: 'failed', message: 'bad input of 3 values' });
    expect(r.crashed).toMatchObject({ ok: false, code: 'crashed' });
    expect(r.aborted).toEqual({ ok: false, code: 'aborted', message: 'Cancelled while running; its worker was stopped.' });
    expect(r.after).toEqual({ ok: true, sum: 6, prefixIsTyped: true });
  });
});
