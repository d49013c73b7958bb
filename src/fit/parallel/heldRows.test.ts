/**
 * Held rows (no shared memory: each worker gets a copy of its run of rows once per data set) on
 * real worker threads, against the serial CPU evaluator: the normal equations and a whole fit
 * (parameters, cost, statistics) to the last bit, the statistics' model values bit-equal, the rows
 * sent once per data set (later passes carry only the key), and a replaced worker gets them again.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { standardProblem } from '../../../e2e/harness/standardModels';
import { createNodePool } from '../../parallel/node/nodePool';
import { LINEAR_LOSS } from '../../solver/loss';
import { cpuEvaluator, fullParameters, type BoundModel } from '../cpuEvaluator';
import { curveFit } from '../curveFit';
import { heldRowPasses } from './heldRows';
import type { RowPool } from './rowParallelEvaluator';
import type { RowPassInput, RowPassOutput } from './rowPassTypes';

const single = (): RowPool => createNodePool<RowPassInput, RowPassOutput>({ module: new URL('./rowPassTask.ts', import.meta.url), size: 1 });
const pools = [single(), single()];
afterAll(() => pools.forEach((p) => p.close()));

// 300 000 rows: 5 chunks of 2¹⁶, split 2 + 3 over two workers.
const problem = standardProblem('gaussian', 300_000, 5);
const { model, data } = problem;
const x = Float64Array.from(problem.parameters, (p, i) => p.value * (1 + 0.02 * (i + 1)));
const free = model.params.map((_, i) => i);
const bound: BoundModel = { kernels: model.kernels(free), data: { vars: data.vars, y: data.y, w: null }, rows: data.y.length, base: Float64Array.from(problem.parameters, (p) => p.value), free, loss: LINEAR_LOSS };

/** Counts the column bytes each pool is sent. */
function counting(pool: RowPool): { pool: RowPool; sent: () => number } {
  let bytes = 0;
  const run = pool.run.bind(pool);
  const wrapped = Object.create(pool) as RowPool;
  wrapped.run = (input, options) => {
    if ('source' in input.setup) bytes += input.setup.y.byteLength;
    return run(input, options);
  };
  return { pool: wrapped, sent: () => bytes };
}

describe('held rows (no SharedArrayBuffer)', () => {
  it('the normal equations equal the serial pass to the last bit; the rows go once', async () => {
    const counted = pools.map(counting);
    const passes = heldRowPasses(counted.map((c) => c.pool), model);
    const evaluator = passes.evaluator(bound, 'normal');
    expect(evaluator.label).toBe('cpu-normal×2');
    const s = (await cpuEvaluator(bound, 'normal').linearize(x)) as unknown as { cost: number; JtJ: Float64Array; g: Float64Array };
    for (let round = 0; round < 3; round++) {
      const p = (await evaluator.linearize(Float64Array.from(x, (v) => v * (1 + round * 1e-3)))) as unknown as { cost: number; JtJ: Float64Array; g: Float64Array };
      if (round === 0) {
        expect(p.cost).toBe(s.cost);
        expect([...p.JtJ]).toEqual([...s.JtJ]);
        expect([...p.g]).toEqual([...s.g]);
      }
    }
    // 2 + 3 chunks of 2¹⁶ rows (the last short), y's bytes once per worker.
    expect(counted.map((c) => c.sent() / 8)).toEqual([2 * 65536, 300_000 - 2 * 65536]);
    const values = await passes.values(bound, x);
    const serial = new Float64Array(bound.rows);
    model.kernels(free).evaluate(fullParameters(bound, x), bound.data.vars, serial, 0, bound.rows);
    expect(Buffer.from(values.buffer).equals(Buffer.from(serial.buffer))).toBe(true);
    expect(counted.map((c) => c.sent() / 8)).toEqual([2 * 65536, 300_000 - 2 * 65536]);
  });

  it('a whole fit equals the serial fit (normal path: identical parameters, cost, statistics)', async () => {
    const serial = await curveFit({ model, data, parameters: problem.parameters, options: { method: 'normal' } });
    const held = await curveFit({ model, data, parameters: problem.parameters, options: { method: 'normal' }, rowPasses: heldRowPasses(pools, model) });
    expect(held.success).toBe(true);
    expect(held.parameters.map((p) => p.value)).toEqual(serial.parameters.map((p) => p.value));
    expect(held.parameters.map((p) => p.stderr)).toEqual(serial.parameters.map((p) => p.stderr));
    expect(held.cost).toBe(serial.cost);
    expect(held.stats).toEqual(serial.stats);
    expect(held.nfev).toBe(serial.nfev);
  });

  it('a worker that lost its rows fails that pass by name, and the next pass sends the rows again', async () => {
    const fresh = [single(), single()];
    const passes = heldRowPasses(fresh, model);
    const evaluator = passes.evaluator(bound, 'normal');
    const s = await cpuEvaluator(bound, 'normal').linearize(x);
    await evaluator.linearize(x);
    fresh[1].close(); // its worker and rows are gone: the pool answers 'closed'
    fresh[1] = single();
    await expect(passes.evaluator(bound, 'normal').linearize(x)).rejects.toThrow(/worker 2 of 2 failed: This worker does not hold the rows/);
    const again = await passes.evaluator(bound, 'normal').linearize(x);
    expect(again.cost).toBe(s.cost);
    fresh.forEach((p) => p.close());
  });
});
