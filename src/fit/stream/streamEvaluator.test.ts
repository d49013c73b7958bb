/**
 * The streamed passes against the in-memory evaluator (fit/cpuEvaluator.ts): with the same sum
 * chunks, cost, JᵀJ, Jᵀf and the dense QR triangle are equal to the last bit, whatever the streamed
 * chunk length (a multiple of the sum chunk). A naive float64 sum of the analytic residuals checks
 * that both are right, not only alike.
 */
import { describe, expect, it } from 'vitest';
import { compileModel } from '../../model/index';
import { makeLoss, type Loss } from '../../solver/loss';
import type { NormalLinearModel, QrLinearModel } from '../../solver/linearModel';
import { memoryChunks } from '../../store/chunkSource';
import { rng, normal } from '../../../test/random';
import { cpuEvaluator, type BoundModel } from '../cpuEvaluator';
import { streamEvaluator } from './streamEvaluator';
import type { StreamProgress } from './streamProgress';

function problem(m: number, loss: Loss): { bound: BoundModel; x: Float64Array; y: Float64Array; w: Float64Array } {
  const compiled = compileModel('a*exp(-t/tau) + c', { columns: ['t'] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const r = rng(12);
  const t = Float64Array.from({ length: m }, (_, i) => (10 * i) / m);
  const y = Float64Array.from(t, (v) => 3 * Math.exp(-v / 2) + 0.5 + 0.05 * normal(r));
  const w = Float64Array.from(t, () => 1 / (0.03 + 0.04 * r()));
  const free = [0, 1, 2];
  const bound: BoundModel = { kernels: compiled.value.kernels(free), data: { vars: [t], y, w }, rows: m, base: Float64Array.from([2.5, 1.7, 0.4]), free, loss };
  return { bound, x: Float64Array.from([2.7, 1.9, 0.45]), y, w };
}

const bits = (a: ArrayLike<number>) => Array.from(a, (v) => Object.is(v, -0) ? '-0' : v.toString());

describe('streamEvaluator', () => {
  for (const lossName of ['linear', 'soft_l1'] as const) {
    it(`normal pass (${lossName}): cost, JᵀJ and Jᵀf equal the in-memory pass bit for bit`, () => {
      const m = 10_007;
      const { bound, x } = problem(m, makeLoss(lossName, 0.5));
      const memory = cpuEvaluator(bound, 'normal', { chunkRows: 100 }).linearize(x) as NormalLinearModel;
      for (const chunkRows of [100, 300, 2_000, 20_000]) {
        const source = memoryChunks(bound.data, chunkRows);
        const streamed = streamEvaluator(bound, source, 'normal', { sumRows: 100 });
        const linear = streamed.linearize(x) as NormalLinearModel;
        expect(Object.is(linear.cost, memory.cost)).toBe(true);
        expect(bits(linear.JtJ)).toEqual(bits(memory.JtJ));
        expect(bits(linear.g)).toEqual(bits(memory.g));
        // cost() of a trial point is the same fused pass.
        expect(Object.is(streamed.cost(x), memory.cost)).toBe(true);
      }
      // Right, not only alike: the linear loss's cost against a naive sum of the residuals.
      if (lossName === 'linear') {
        const { data } = bound;
        let naive = 0;
        for (let i = 0; i < m; i++) naive += (data.w![i] * (x[0] * Math.exp(-data.vars[0][i] / x[1]) + x[2] - data.y[i])) ** 2;
        expect(Math.abs(memory.cost - 0.5 * naive) / memory.cost).toBeLessThan(1e-12);
      }
    });
  }

  it('dense pass: the QR triangle, Qᵀf and cost equal the in-memory pass bit for bit (blocks cut at the sum chunks)', () => {
    const { bound, x } = problem(5_003, makeLoss('huber', 0.1));
    // 100-row sum chunks in 16-row blocks: each chunk ends in a 4-row block, in memory and streamed.
    const memory = cpuEvaluator(bound, 'dense', { chunkRows: 100, blockRows: 16 }).linearize(x) as QrLinearModel;
    for (const chunkRows of [100, 700]) {
      const linear = streamEvaluator(bound, memoryChunks(bound.data, chunkRows), 'dense', { sumRows: 100, blockRows: 16 }).linearize(x) as QrLinearModel;
      expect(bits(linear.R)).toEqual(bits(memory.R));
      expect(bits(linear.qtf)).toEqual(bits(memory.qtf));
      expect(Object.is(linear.cost, memory.cost)).toBe(true);
    }
    const cost = cpuEvaluator(bound, 'dense', { chunkRows: 100 }).cost(x) as number;
    expect(Object.is(streamEvaluator(bound, memoryChunks(bound.data, 300), 'dense', { sumRows: 100 }).cost(x), cost)).toBe(true);
  });

  it('names each chunk of each pass, and refuses chunks that are not whole sum chunks', () => {
    const { bound, x } = problem(1_000, makeLoss('linear', 1));
    const seen: StreamProgress[] = [];
    const passes = { count: 0, onChunk: (p: StreamProgress) => seen.push(p) };
    const evaluator = streamEvaluator(bound, memoryChunks(bound.data, 300), 'normal', { sumRows: 100, passes });
    evaluator.cost(x);
    evaluator.linearize(Float64Array.from([1, 1, 1]));
    expect(seen.map((p) => `${p.pass} ${p.passIndex}: ${p.chunk}/${p.chunks}`)).toEqual([
      'linearize 1: 1/4', 'linearize 1: 2/4', 'linearize 1: 3/4', 'linearize 1: 4/4',
      'linearize 2: 1/4', 'linearize 2: 2/4', 'linearize 2: 3/4', 'linearize 2: 4/4',
    ]);
    expect(() => streamEvaluator(bound, memoryChunks(bound.data, 250), 'normal', { sumRows: 100 }).cost(x)).toThrow(/multiples of 100/);
  });
});
