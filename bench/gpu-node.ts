/**
 * GPU kernels against the float64 CPU kernels in Node, through Dawn (the optional `webgpu`
 * package): one linearization, one cost pass, the set-up (upload + compile), and whole fits, at
 * the sizes given. Written for a machine with a real GPU (bench/results/gpu-h100.md); here it runs
 * on SwiftShader with
 *   LD_LIBRARY_PATH=/usr/lib/chromium VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json \
 *     npx tsx --import ./src/gpu/rawLoader.mjs bench/gpu-node.ts 1e4 1e5
 * and, bundled by bench/gpu-bundle.ts, wherever node and dawn.node are carried.
 *
 * Usage: gpu-node [--fit-max N] [--models gaussian,…] sizes… ; prints a markdown table and, with
 * --out FILE, writes it there too.
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { cpuEvaluator, type BoundModel } from '../src/fit/cpuEvaluator';
import { curveFit } from '../src/fit/curveFit';
import { acquireGpu, createGpuEvaluator, gpuPrimary, type GpuContext } from '../src/gpu/index';
import { nodeGpu } from '../src/gpu/node';
import { LINEAR_LOSS } from '../src/solver/loss';
import type { StandardModel } from '../e2e/harness/api';
import { standardProblem } from '../e2e/harness/standardModels';
import { timed } from '../e2e/harness/timing';

const fmtMs = (ms: number | null): string => (ms === null ? '–' : ms < 10 ? ms.toFixed(2) : ms < 1000 ? ms.toFixed(1) : ms.toFixed(0));
const rate = (rows: number, ms: number | null): string => (ms === null ? '–' : `${(rows / (ms / 1000) / 1e6).toFixed(1)} M`);


interface Row {
  model: string;
  k: number;
  rows: number;
  cpuLin: number;
  gpuLin: number;
  gpuCost: number;
  setup: number;
  cpuFit: number | null;
  gpuFit: number | null;
  gpuFitPhase: number | null;
  agree: number | null;
  submits: number | null;
}

async function measure(ctx: GpuContext, name: StandardModel, rows: number, fit: boolean): Promise<Row> {
  const problem = standardProblem(name, rows, 7);
  const { model, data } = problem;
  const x0 = Float64Array.from(problem.parameters, (p) => p.value);
  const free = model.params.map((_, i) => i);
  const bound: BoundModel = { kernels: model.kernels(), data: { vars: data.vars, y: data.y, w: null }, rows, base: x0, free, loss: LINEAR_LOSS };
  const nudge = (i: number): Float64Array => x0.map((v, j) => (j === 0 ? v * (1 + 1e-4 * (i + 1)) : v));
  const repeats = rows >= 1e8 ? 3 : rows >= 1e7 ? 5 : 15;
  const cpu = cpuEvaluator(bound, 'normal');
  const cpuLin = await timed(rows >= 1e8 ? 1 : Math.min(repeats, 5), (i) => cpu.linearize(nudge(i)));
  let t0 = performance.now();
  const gpu = createGpuEvaluator(ctx, { tape: model.tape(), data: bound.data, rows, base: x0, free, loss: LINEAR_LOSS });
  await gpu.ready();
  await gpu.linearize(nudge(1000));
  const setup = performance.now() - t0;
  const gpuLin = await timed(repeats, (i) => gpu.linearize(nudge(2000 + i)));
  const gpuCost = await timed(repeats, (i) => gpu.cost(nudge(3000 + i)));
  gpu.release();
  const row: Row = { model: name, k: free.length, rows, cpuLin, gpuLin, gpuCost, setup, cpuFit: null, gpuFit: null, gpuFitPhase: null, agree: null, submits: null };
  if (fit) {
    t0 = performance.now();
    const a = await curveFit(problem);
    row.cpuFit = performance.now() - t0;
    const primary = gpuPrimary(ctx, { model });
    t0 = performance.now();
    const b = await curveFit({ ...problem, primary });
    row.gpuFit = performance.now() - t0;
    row.gpuFitPhase = b.phases.find((p) => p.backend === 'gpu')?.ms ?? null;
    row.submits = primary.evaluator?.submits ?? null;
    primary.release();
    row.agree = Math.max(...a.parameters.map((p, i) => Math.abs(p.value - b.parameters[i].value) / Math.abs(p.value)));
  }
  return row;
}

function table(rows: Row[]): string {
  const head = '| model (k) | rows | CPU f64 linearize ms | GPU linearize ms | GPU cost ms | CPU rows/s | GPU rows/s (linearize) | GPU set-up ms | CPU fit ms | GPU fit ms (GPU phase) | GPU passes | fit agreement |';
  const sep = '|' + ' --- |'.repeat(12);
  const lines = rows.map((r) =>
    `| ${r.model} (${r.k}) | ${r.rows.toExponential(0)} | ${fmtMs(r.cpuLin)} | ${fmtMs(r.gpuLin)} | ${fmtMs(r.gpuCost)} | ${rate(r.rows, r.cpuLin)} | ${rate(r.rows, r.gpuLin)} | ${fmtMs(r.setup)} | ${fmtMs(r.cpuFit)} | ${r.gpuFit === null ? '–' : `${fmtMs(r.gpuFit)} (${fmtMs(r.gpuFitPhase)})`} | ${r.submits ?? '–'} | ${r.agree === null ? '–' : r.agree.toExponential(1)} |`,
  );
  return [head, sep, ...lines].join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string): string | undefined => {
    const at = args.indexOf(name);
    if (at < 0) return undefined;
    const [value] = args.splice(at, 2).slice(1);
    return value;
  };
  const out = option('--out');
  const fitMax = Number(option('--fit-max') ?? '1e7');
  const models = (option('--models') ?? 'gaussian').split(',') as StandardModel[];
  const sizes = args.length > 0 ? args.map(Number) : [1e4, 1e5, 1e6];
  const gpuObject = await nodeGpu();
  const ctx = await acquireGpu({ gpu: gpuObject });
  if (!ctx) throw new Error('no GPU adapter');
  const a = ctx.adapter;
  const header = [
    `Adapter: ${[a.vendor, a.architecture, a.device, a.description].filter((s) => s).join(' / ')}${a.software ? ' (software: a CPU emulation)' : ''}`,
    `maxStorageBufferBindingSize ${ctx.limits.maxStorageBufferBindingSize}, maxBufferSize ${ctx.limits.maxBufferSize}, workgroup ${ctx.workgroupSize}`,
    `CPU: ${cpus()[0]?.model ?? '?'} (${cpus().length} threads; the float64 kernels use one), Node ${process.version}`,
    '',
  ].join('\n');
  console.log(header);
  const results: Row[] = [];
  for (const name of models) {
    for (const rows of sizes) {
      const r = await measure(ctx, name, rows, rows <= fitMax);
      results.push(r);
      console.log(table([r]).split('\n')[2]);
    }
  }
  const text = `${header}\n${table(results)}\n`;
  console.log(`\n${text}`);
  if (out) writeFileSync(out, text);
  ctx.destroy();
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
