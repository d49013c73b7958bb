/**
 * The worker-pool harness page (e2e/pool.spec.ts): runs the Web Worker backing of src/parallel
 * through the scenarios its worker_threads tests cover, and returns plain results.
 */
import type { TaskStatus } from '../../src/parallel/types';
import type { SumInput, SumOutput } from '../../src/parallel/testing/sumTask';
import { createWebPool, defaultWebPoolSize } from '../../src/parallel/web/webPool';

const ramp = (n: number) => Float64Array.from({ length: n }, (_, i) => i);
const make = (size: number) => createWebPool<SumInput, SumOutput, number>(() => new Worker(new URL('./sumWorker.ts', import.meta.url), { type: 'module' }), size);
const brief = (s: TaskStatus<SumOutput>) => (s.ok ? { ok: true, sum: s.value.sum, prefixIsTyped: s.value.prefix instanceof Float64Array } : { ok: false, code: s.error.code, message: s.error.message });

async function scenarios() {
  const pool = make(2);
  const progress: number[] = [];
  const sums = await pool.map([ramp(10), ramp(100), ramp(1000)].map((values) => ({ values })), { onProgress: (p) => progress.push(p.done) });
  const failed = await pool.run({ values: ramp(3), mode: 'throw' });
  const crashed = await pool.run({ values: ramp(3), mode: 'crash' });
  const controller = new AbortController();
  const hung = pool.run({ values: ramp(3), mode: 'hang' }, { signal: controller.signal });
  setTimeout(() => controller.abort(), 200);
  const aborted = await hung;
  const after = await pool.run({ values: ramp(4) });
  pool.close();
  return {
    size: defaultWebPoolSize(),
    sums: sums.map(brief),
    progress,
    failed: brief(failed),
    crashed: brief(crashed),
    aborted: brief(aborted),
    after: brief(after),
  };
}

(window as unknown as { fitbenchPool: { scenarios: typeof scenarios } }).fitbenchPool = { scenarios };
