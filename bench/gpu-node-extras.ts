/**
 * Follow-up measurements for bench/results/gpu-h100.md, through Dawn in Node:
 * 1. the GPU main phase alone (trf on the GPU evaluator, trial points by the cost kernel or by a
 *    speculative linearization) followed by a float64 *normal-equation* finish on the CPU, against
 *    curveFit's float64 QR polish as it was then — where a GPU fit's end-to-end time went;
 * 2. a random 16-parameter model (155 sums per row): one linearization, GPU against CPU.
 *
 *   npx tsx --import ./src/gpu/rawLoader.mjs bench/gpu-node-extras.ts 1e5 1e6   (or bundled)
 */
import { cpuEvaluator, type BoundModel } from '../src/fit/cpuEvaluator';
import { curveFit } from '../src/fit/curveFit';
import { DEFAULTS, defaultMaxNfev } from '../src/fit/defaults';
import { acquireGpu, createGpuEvaluator, type GpuContext } from '../src/gpu/index';
import { nodeGpu } from '../src/gpu/node';
import { LINEAR_LOSS } from '../src/solver/loss';
import { trf } from '../src/solver/trf';
import { compile } from '../e2e/harness/context';
import { normal, rng, uniform } from '../e2e/harness/random';
import { randomModel } from '../e2e/harness/randomModel';
import { standardProblem } from '../e2e/harness/standardModels';

const ms = (t0: number): number => performance.now() - t0;
const f = (x: number): string => (x < 10 ? x.toFixed(2) : x.toFixed(0));

async function finish(ctx: GpuContext, rows: number): Promise<void> {
  const problem = standardProblem('gaussian', rows, 7);
  const free = problem.model.params.map((_, i) => i);
  const x0 = Float64Array.from(problem.parameters, (p) => p.value);
  let reference: Awaited<ReturnType<typeof curveFit>> | null = null;
  for (const trialPoints of ['cost', 'linearize'] as const) {
    const gpu = createGpuEvaluator(ctx, { tape: problem.model.tape(), data: { ...problem.data, w: null }, rows, base: x0, free, loss: LINEAR_LOSS }, { trialPoints });
    await gpu.ready();
    let t0 = performance.now();
    const main = await trf(gpu, x0, { ftol: DEFAULTS.ftol, xtol: DEFAULTS.xtol, gtol: DEFAULTS.gtol, xScale: 'jac', maxNfev: defaultMaxNfev(free.length) });
    const gpuMs = ms(t0);
    const submits = gpu.submits;
    gpu.release();
    t0 = performance.now();
    const polished = await curveFit({ ...problem, parameters: problem.parameters.map((p, i) => ({ name: p.name, value: main.x[i] })), options: { method: 'normal' } });
    const finishMs = ms(t0);
    // The CPU-only reference after the GPU work: Dawn in Node was seen to abort (std::system_error
    // from a futex) when its first pipelines were made after a long CPU-only stretch.
    reference ??= await curveFit(problem);
    const agree = Math.max(...reference.parameters.map((p, i) => Math.abs(p.value - polished.parameters[i].value) / Math.abs(p.value)));
    console.log(`| ${rows.toExponential(0)} | ${trialPoints} | ${f(gpuMs)} | ${main.nfev} / ${main.njev} | ${submits} | ${f(finishMs)} (${polished.nit} it.) | ${f(gpuMs + finishMs)} | ${f(reference.fitMs)} | ${agree.toExponential(1)} |`);
  }
}

async function sixteen(ctx: GpuContext, rows: number): Promise<void> {
  const r = rng(116);
  const model = compile(randomModel(r, 16, 3).text);
  const x = Float64Array.from({ length: rows }, () => uniform(r, -1, 1));
  const p = Float64Array.from(model.params, () => uniform(r, 0.5, 1.5));
  const y = new Float64Array(rows);
  model.kernels().evaluate(p, [x], y, 0, rows);
  for (let i = 0; i < rows; i++) y[i] += 0.05 * normal(r);
  const free = model.params.map((_, i) => i);
  const bound: BoundModel = { kernels: model.kernels(), data: { vars: [x], y, w: null }, rows, base: p, free, loss: LINEAR_LOSS };
  const nudge = (i: number): Float64Array => p.map((v, j) => (j === 0 ? v * (1 + 1e-4 * (i + 1)) : v));
  const cpu = cpuEvaluator(bound, 'normal');
  await cpu.linearize(nudge(0));
  let t0 = performance.now();
  await cpu.linearize(nudge(1));
  const cpuMs = ms(t0);
  const gpu = createGpuEvaluator(ctx, { tape: model.tape(), data: bound.data, rows, base: p, free, loss: LINEAR_LOSS });
  t0 = performance.now();
  await gpu.linearize(nudge(2));
  const first = ms(t0);
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    t0 = performance.now();
    await gpu.linearize(nudge(10 + i));
    times.push(ms(t0));
  }
  times.sort((a, b) => a - b);
  const plan = (await gpu.ready()).plan;
  gpu.release();
  console.log(`| ${rows.toExponential(0)} | ${model.tape().instrs.length} | ${f(cpuMs)} | ${f(times[3])} | ${(rows / cpuMs / 1e3).toPrecision(3)} M | ${(rows / times[3] / 1e3).toPrecision(3)} M | ${plan.groups} × ${plan.rowsPerThread} rows/thread | ${f(first)} |`);
}

async function main(): Promise<void> {
  const sizes = process.argv.slice(2).map(Number);
  const ctx = await acquireGpu({ gpu: await nodeGpu() });
  if (!ctx) throw new Error('no GPU adapter');
  console.log(`Adapter: ${ctx.adapter.vendor} / ${ctx.adapter.device} / ${ctx.adapter.description}\n`);
  console.log('| rows | trial points | GPU main phase ms | nfev / njev | GPU passes | f64 normal finish ms | total ms | curveFit CPU-only ms | agreement |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const n of sizes) await finish(ctx, n);
  console.log('\n| rows (16 params) | tape instrs | CPU linearize ms | GPU linearize ms | CPU rows/s | GPU rows/s | workgroups | first pass ms (compile + upload) |\n| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const n of sizes) await sixteen(ctx, n);
  ctx.destroy();
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
