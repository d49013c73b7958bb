/**
 * Benchmark entry (bench/gpu-chromium.ts drives it): one linearization on the float64 CPU
 * kernels and on the GPU, the GPU cost pass, and optionally whole fits, at one size. Timings are
 * medians of `repeats`; each GPU repeat moves the parameters a little so that the evaluator's
 * f32-keyed cache never answers.
 */
import { cpuEvaluator, type BoundModel } from '../../src/fit/cpuEvaluator';
import { curveFit } from '../../src/fit/curveFit';
import { createGpuEvaluator, gpuPrimary } from '../../src/gpu/index';
import { LINEAR_LOSS } from '../../src/solver/loss';
import type { BenchCase, BenchResult } from './api';
import { context } from './context';
import { standardProblem } from './standardModels';
import { timed } from './timing';


export async function bench(c: BenchCase): Promise<BenchResult> {
  const ctx = await context();
  const problem = standardProblem(c.model, c.rows, 7);
  const { model, data } = problem;
  const x0 = Float64Array.from(problem.parameters, (p) => p.value);
  const free = model.params.map((_, i) => i);
  const bound: BoundModel = { kernels: model.kernels(), data: { vars: data.vars, y: data.y, w: null }, rows: c.rows, base: x0, free, loss: LINEAR_LOSS };
  const nudge = (i: number): Float64Array => x0.map((v, j) => (j === 0 ? v * (1 + 1e-4 * (i + 1)) : v));

  const cpu = cpuEvaluator(bound, 'normal');
  const cpuLinearizeMs = await timed(c.repeats, (i) => cpu.linearize(nudge(i)));

  let t0 = performance.now();
  const gpu = createGpuEvaluator(ctx, { tape: model.tape(), data: bound.data, rows: c.rows, base: x0, free, loss: LINEAR_LOSS });
  await gpu.ready();
  await gpu.linearize(nudge(100)); // first pass: pipeline warm-up
  const gpuSetupMs = performance.now() - t0;
  const gpuLinearizeMs = await timed(c.repeats, (i) => gpu.linearize(nudge(200 + i)));
  const gpuCostMs = await timed(c.repeats, (i) => gpu.cost(nudge(300 + i)));
  gpu.release();

  let cpuFitMs: number | null = null;
  let gpuFitMs: number | null = null;
  let fitAgreement: number | null = null;
  if (c.fit) {
    t0 = performance.now();
    const a = await curveFit(problem);
    cpuFitMs = performance.now() - t0;
    const primary = gpuPrimary(ctx, { model });
    t0 = performance.now();
    const b = await curveFit({ ...problem, primary });
    gpuFitMs = performance.now() - t0;
    primary.release();
    fitAgreement = Math.max(...a.parameters.map((p, i) => Math.abs(p.value - b.parameters[i].value) / Math.abs(p.value)));
  }
  return { rows: c.rows, cpuLinearizeMs, gpuLinearizeMs, gpuCostMs, gpuSetupMs, cpuFitMs, gpuFitMs, fitAgreement };
}
