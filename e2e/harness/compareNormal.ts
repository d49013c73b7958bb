/**
 * Acceptance 1 (kernels): the GPU's linearize sums, after the float64 reduce, against the float64
 * CPU `normal` kernel on a random model. Both see the same inputs — the data and parameters
 * rounded to f32, which is what the GPU receives — so the difference measured is the f32
 * arithmetic alone. The parameters are the true ones perturbed by 10%, so the residuals are model
 * misfit plus noise, not a cancelling near-zero sum.
 */
import { createGpuEvaluator } from '../../src/gpu/index';
import type { Loss } from '../../src/solver/loss';
import type { NormalCase, NormalComparison } from './api';
import { compile, context, f32, relNorm } from './context';
import { normal, rng, uniform } from './random';
import { randomModel } from './randomModel';

function median(values: Float64Array): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.floor(sorted.length / 2)];
}

export async function compareNormal(c: NormalCase): Promise<NormalComparison> {
  const ctx = await context();
  const r = rng(c.seed);
  const { text } = randomModel(r, c.p, c.depth ?? 3);
  const model = compile(text);
  const k = model.params.length;
  const kernels = model.kernels();
  const n = c.rows;
  const x = Float64Array.from({ length: n }, () => uniform(r, -1, 1));
  const truth = Float64Array.from({ length: k }, () => uniform(r, 0.5, 1.5));
  const at = f32(truth.map((v) => v * (1 + 0.1 * normal(r))));
  const clean = new Float64Array(n);
  kernels.evaluate(truth, [x], clean, 0, n);
  let spread = 0;
  for (const v of clean) spread += v * v;
  const noise = 0.05 * Math.sqrt(spread / n) + 0.01;
  const y = clean.map((v) => v + noise * normal(r));
  const w = c.weighted ? Float64Array.from({ length: n }, () => 1 / uniform(r, 0.5, 2)) : null;

  // f_scale: about the median |residual|, so about half the rows are outliers of the robust loss;
  // off by a little so no row sits exactly on the Huber loss's kink (z = 1), where scipy's
  // scaling jumps from 1 to 0 and f32 and float64 may take different sides.
  const fitted = new Float64Array(n);
  kernels.evaluate(at, [f32(x)], fitted, 0, n);
  const absR = fitted.map((v, i) => Math.abs((w ? Math.fround(w[i]) : 1) * (v - Math.fround(y[i]))));
  const loss: Loss = { name: c.loss, fScale: c.loss === 'linear' ? 1 : Math.fround(1.0137 * median(absR)) };

  const cpu = new Float64Array((k * (k + 1)) / 2 + k + 1);
  kernels.normal(at, { vars: [f32(x)], y: f32(y), w: w ? f32(w) : null }, loss, cpu, 0, n);

  const t0 = performance.now();
  const ev = createGpuEvaluator(ctx, { tape: model.tape(), data: { vars: [x], y, w }, rows: n, base: at, free: model.params.map((_, i) => i), loss }, { chunkRows: c.chunkRows });
  try {
    const setup = await ev.ready();
    const sums = await ev.normalSums(at);
    const ms = performance.now() - t0;
    const t = (k * (k + 1)) / 2;
    return {
      model: text,
      relJtJ: relNorm(sums.normal.subarray(0, t), cpu.subarray(0, t)),
      relG: relNorm(sums.normal.subarray(t, t + k), cpu.subarray(t, t + k)),
      relCost: Math.abs(sums.normal[t + k] - cpu[t + k]) / Math.abs(cpu[t + k]),
      cpuCost: 0.5 * cpu[t + k],
      gpuCost: 0.5 * sums.normal[t + k],
      nonfinite: sums.nonfiniteResiduals + sums.nonfiniteJacobianRows,
      chunks: setup.plan.chunks.length,
      ms,
    };
  } finally {
    ev.release();
  }
}
