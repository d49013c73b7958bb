/**
 * The CPU evaluator's checkpoints: a pass can stop between spans of rows (per dense block, per
 * chunk, per part of a chunk when there are many parameters), and walking in spans leaves the
 * sums as they were. The reference for JᵀJ and Jᵀf is the analytic Jacobian of a linear model,
 * summed naively in float64.
 */
import { describe, expect, it } from 'vitest';
import { compileModel } from '../model/index';
import { LINEAR_LOSS } from '../solver/loss';
import { cpuEvaluator, type BoundModel, type ChunkProgress } from './cpuEvaluator';

/** y = Σ_j a_j·sin((j+1)·x): J_ij = sin((j+1)·x_i), known exactly. */
function sineSeries(k: number, m: number): { bound: BoundModel; x: Float64Array; a: Float64Array; y: Float64Array } {
  const text = Array.from({ length: k }, (_, j) => `a${j}*sin(${j + 1}*x)`).join(' + ');
  const compiled = compileModel(text, { columns: ['x'] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const x = Float64Array.from({ length: m }, (_, i) => (6 * i) / m);
  const y = Float64Array.from(x, (v) => Math.cos(v) + 0.1 * v);
  const a = Float64Array.from({ length: k }, (_, j) => 1 / (j + 1));
  const free = Array.from({ length: k }, (_, j) => j);
  const bound: BoundModel = { kernels: compiled.value.kernels(free), data: { vars: [x], y, w: null }, rows: m, base: Float64Array.from(a), free, loss: LINEAR_LOSS };
  return { bound, x, a, y };
}

class Stop extends Error {}

describe('cpuEvaluator checkpoints', () => {
  it('a normal pass over many parameters walks each chunk in parts and keeps the sums (vs the analytic Jᵀf)', async () => {
    // k = 50: k(k+1)/2 + k + 1 = 1326 sums per row, so a part is 2²⁶ / 1326 = 50 610 rows and the
    // one chunk of 60 000 rows is walked in two parts, with one checkpoint between them.
    const k = 50;
    const m = 60_000;
    const { bound, x, a, y } = sineSeries(k, m);
    let checkpoints = 0;
    const linear = await cpuEvaluator(bound, 'normal', { checkpoint: () => void (checkpoints += 1) }).linearize(a);
    expect(checkpoints).toBe(1);
    // Chunks of 20 000 rows are short enough to be summed whole: another grouping of the same sums.
    const whole = await cpuEvaluator(bound, 'normal', { chunkRows: 20_000 }).linearize(a);

    const f = Float64Array.from(x, (xi, i) => a.reduce((s, aj, j) => s + aj * Math.sin((j + 1) * xi), 0) - y[i]);
    const g = Float64Array.from({ length: k }, (_, j) => x.reduce((s, xi, i) => s + Math.sin((j + 1) * xi) * f[i], 0));
    const cost = 0.5 * f.reduce((s, v) => s + v * v, 0);
    const gScale = Math.max(...g.map(Math.abs));
    for (const got of [linear, whole]) {
      expect(Math.abs(got.cost - cost) / cost).toBeLessThan(1e-12);
      got.g.forEach((v, j) => expect(Math.abs(v - g[j]) / gScale).toBeLessThan(1e-12));
    }
  });

  it('a checkpoint that throws stops a normal pass at the next span, not at its end', () => {
    const { bound, a } = sineSeries(3, 10_000);
    let stop = false;
    const seen: ChunkProgress[] = [];
    const evaluator = cpuEvaluator(bound, 'normal', {
      chunkRows: 1000,
      onChunk: (c) => {
        seen.push(c);
        if (c.chunk === 2) stop = true;
      },
      checkpoint: () => {
        if (stop) throw new Stop();
      },
    });
    expect(() => evaluator.linearize(a)).toThrow(Stop);
    expect(seen.map((c) => c.chunk)).toEqual([1, 2]);
  });

  it('a dense pass checks between blocks, and a checkpoint that yields makes the pass a promise that can be stopped', async () => {
    const { bound, a } = sineSeries(4, 2048);
    let calls = 0;
    const dense = cpuEvaluator(bound, 'dense', { blockRows: 256, checkpoint: () => void (calls += 1) });
    const plain = await cpuEvaluator(bound, 'dense', { blockRows: 256 }).linearize(a);
    expect((await dense.linearize(a)).cost).toBe(plain.cost);
    expect(calls).toBe(2048 / 256 - 1);

    let blocks = 0;
    let stop = false;
    const yielding = cpuEvaluator(bound, 'dense', {
      blockRows: 256,
      checkpoint: () => {
        blocks += 1;
        if (stop) throw new Stop();
        // Yield at every block; the "cancel" arrives while the pass waits after its third block.
        return new Promise<void>((resolve) =>
          setTimeout(() => {
            if (blocks === 3) stop = true;
            resolve();
          }, 0),
        );
      },
    });
    const pending = yielding.linearize(a);
    expect(pending).toBeInstanceOf(Promise);
    await expect(pending).rejects.toThrow(Stop);
    expect(blocks).toBe(4);
  });
});
