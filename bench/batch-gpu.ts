/**
 * Per-group batch fits, CPU against GPU, side by side: the float64 CPU batch (fitGroups: SmallTrf
 * per group, one thread) and the GPU batch (the WGSL kernel, one f32 Levenberg–Marquardt fit per
 * thread, then the float64 check and finish on the CPU; src/fit/batch/acceleratedBatch.ts) on the
 * same seeded groups (test/batchGroups.ts): 4PL curves of 12 points, Michaelis–Menten curves of 10.
 * Prints the adapter, fits/s of each path, the GPU path's split (device dispatch + read-back, the
 * float64 check, the CPU finish), the device's own fits/s (the number to hold against Gpufit's),
 * and the agreement with the CPU fits in standard errors.
 *
 * Run: npx tsx bench/batch-gpu.ts [groups] [--repeats N] [--out FILE]   (default 10 000 groups)
 * WebGPU in Node comes from the optional `webgpu` package (Dawn) and a Vulkan driver. Without a
 * GPU, SwiftShader (a CPU emulation: correct, its speed meaningless) is reached with
 *   LD_LIBRARY_PATH=/usr/lib/chromium VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import type { AcceleratedBatchResult, BatchDevice } from '../src/fit/batch/acceleratedBatch';
import { fitGroupsAccelerated } from '../src/fit/batch/acceleratedBatch';
import { fitGroups } from '../src/fit/batch/fitGroups';
import type { BatchResult } from '../src/fit/batch/types';
import { compileModel } from '../src/model';
import { now } from '../src/solver/clock';
import { michaelisMenten, plate4pl, type BatchProblem } from '../test/batchGroups';

// The WGSL templates are Vite `?raw` imports: register the loader before src/gpu is imported.
await import(new URL('../src/gpu/rawLoader.mjs', import.meta.url).href);
const { probeNodeGpu } = await import('../src/gpu/node');
const { acquireGpu } = await import('../src/gpu/device');
const { gpuBatchDevice } = await import('../src/gpu/batchRun');

const argv = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv.splice(i, 2)[1] : undefined;
};
const repeats = Number(option('--repeats') ?? 3);
const out = option('--out');
const G = Number(argv[0] ?? 10_000);

const probe = await probeNodeGpu();
const ctx = probe.ok ? await acquireGpu({ gpu: probe.gpu }) : null;
if (!ctx) {
  console.error(`No WebGPU adapter: ${probe.ok ? 'no device' : probe.reason}`);
  console.error('Without a GPU, SwiftShader: LD_LIBRARY_PATH=/usr/lib/chromium VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json npx tsx bench/batch-gpu.ts');
  process.exit(2);
}
const device: BatchDevice = gpuBatchDevice(ctx);
const software = ctx.adapter.software;
console.log(`Adapter: ${device.name}${software ? ' — a SOFTWARE renderer: the GPU numbers below measure a CPU emulation and mean nothing for speed (correctness only)' : ''}`);

async function best<T extends BatchResult>(f: () => Promise<T>): Promise<{ ms: number; result: T }> {
  let ms = Infinity;
  let result: T | null = null;
  for (let r = 0; r < repeats; r++) {
    const t0 = now();
    const res = await f();
    const t = now() - t0;
    if (t < ms) {
      ms = t;
      result = res;
    }
  }
  return { ms, result: result as T };
}

interface Row {
  name: string;
  groups: number;
  cpuMs: number;
  gpuMs: number;
  deviceMs: number;
  checkMs: number;
  finishMs: number;
  agreed: number;
  polished: number;
  cpuFits: number;
  worst: number;
  iterations: number;
}

async function measure(name: string, p: BatchProblem): Promise<Row> {
  const compiled = compileModel(p.source, { columns: [...p.columns] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const input = { model: compiled.value, groups: p.groups, parameters: p.parameters };
  // Warm-up: JIT of the CPU path, pipeline compilation of the GPU path (cached per device).
  await fitGroupsAccelerated({ ...input, groups: p.groups.slice(0, 64) }, device);
  await fitGroups({ ...input, groups: p.groups.slice(0, 64) });
  const cpu = await best(() => fitGroups(input));
  const gpu = await best<AcceleratedBatchResult>(() => fitGroupsAccelerated(input, device));
  const a = gpu.result.accelerated;
  if (!a) throw new Error(`the GPU batch did not run: ${gpu.result.note}`);
  let worst = 0;
  cpu.result.rows.forEach((ref, g) => {
    const row = gpu.result.rows[g];
    if (!ref.success || !row.success) return;
    ref.params.forEach((v, i) => {
      if (ref.stderr[i] > 0) worst = Math.max(worst, Math.abs(row.params[i] - v) / ref.stderr[i]);
    });
  });
  return { name, groups: p.groups.length, cpuMs: cpu.ms, gpuMs: gpu.ms, deviceMs: a.deviceMs, checkMs: a.checkMs, finishMs: a.cpuMs, agreed: a.agreed, polished: a.polished, cpuFits: a.cpuFits, worst, iterations: a.iterations / a.deviceFits };
}

const rate = (n: number, ms: number): string => {
  const r = n / (ms / 1000);
  return r >= 1e6 ? `${(r / 1e6).toFixed(2)} M` : r >= 1e3 ? `${(r / 1e3).toFixed(1)} k` : r.toFixed(0);
};

const rows = [await measure('4PL, 12 points', plate4pl(G, 12345)), await measure('Michaelis–Menten, 10 points', michaelisMenten(G, 54321))];
ctx.destroy();

const table = [
  `Per-group batch fits, CPU vs GPU (best of ${repeats}). Adapter: ${device.name}${software ? ' (software: GPU speeds meaningless)' : ''}.`,
  `Machine: ${cpus()[0]?.model ?? '?'}, ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)}. CPU batch: one thread, float64 TRF per group. GPU batch: f32 LM per thread, then the float64 check (and a Gauss–Newton step or a CPU finish where needed) on one CPU thread.`,
  '',
  '| model | groups | CPU batch fits/s | GPU batch fits/s (whole) | GPU device fits/s (dispatch + read-back) | device / check / finish ms | kept f32 / GN step / CPU | mean f32 iterations | worst \\|Δp\\|/se vs CPU |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map((r) =>
    `| ${r.name} | ${r.groups} | ${rate(r.groups, r.cpuMs)} | ${rate(r.groups, r.gpuMs)} | ${rate(r.groups, r.deviceMs)} | ${r.deviceMs.toFixed(0)} / ${r.checkMs.toFixed(0)} / ${r.finishMs.toFixed(0)} | ${r.agreed} / ${r.polished} / ${r.cpuFits} | ${r.iterations.toFixed(1)} | ${r.worst.toExponential(1)} |`,
  ),
].join('\n');
console.log(table);
if (out) writeFileSync(out, table + '\n');
process.exit(0);
