/**
 * The GPU path against the float64 CPU path in headless Chromium, through the GPU harness page
 * (e2e/harness/bench.ts): one linearization, one cost pass and whole fits at 10⁴ … 10⁷ points of
 * the Gaussian + offset model; writes bench/results/gpu-chromium.md.
 *
 *   npx tsx bench/gpu-chromium.ts [sizes…]
 *
 * On a machine without a GPU, Chromium's WebGPU adapter is SwiftShader, a CPU emulation of a GPU:
 * its timings measure the emulation, not a GPU (bench/results/gpu-h100.md has real ones).
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type { BenchResult, GpuHarness } from '../e2e/harness/api';
import { openSession } from '../e2e/lib/harness';

declare const window: { fitbenchGpu: GpuHarness };

const fmt = (ms: number | null): string => (ms === null ? '–' : ms < 10 ? ms.toFixed(2) : ms < 1000 ? ms.toFixed(1) : ms.toFixed(0));
const rate = (rows: number, ms: number | null): string => (ms === null ? '–' : `${(rows / (ms / 1000) / 1e6).toFixed(2)} M`);

const sizes = process.argv.length > 2 ? process.argv.slice(2).map(Number) : [1e4, 1e5, 1e6, 1e7];
const session = await openSession({ path: 'e2e/harness/gpu.html', readyGlobal: 'fitbenchGpu', webgpu: true });
try {
  const adapter = await session.page.evaluate(() => window.fitbenchGpu.adapter());
  const version = session.browser.version();
  const rows: BenchResult[] = [];
  for (const n of sizes) {
    const r = await session.page.evaluate((c) => window.fitbenchGpu.bench(c), { rows: n, model: 'gaussian' as const, fit: true, repeats: n >= 1e7 ? 3 : 7 });
    console.log(JSON.stringify(r));
    rows.push(r);
  }
  const lines = [
    '# GPU path in Chromium (SwiftShader) vs the float64 CPU path',
    '',
    `Chromium ${version}, headless, \`--enable-unsafe-webgpu\`; WebGPU adapter: ${adapter.vendor} / ${adapter.architecture}${adapter.software ? ' — **SwiftShader, a CPU emulation of a GPU: these GPU timings measure the emulation, not a GPU**' : ''}; workgroup ${adapter.workgroupSize}.`,
    `Machine: ${cpus()[0]?.model ?? '?'}, ${cpus().length} threads. CPU path: the generated float64 kernels in the page, one thread.`,
    'Model `a*exp(-(x - mu)^2/(2*s^2)) + c` (k = 4), start (4, 0.1, 1, 1), truth (5, 0.3, 0.8, 1.5), noise 0.1. Times are medians (ms);',
    '"linearize" is one pass producing JᵀJ, Jᵀf and the cost; "fit" is curveFit end to end (GPU: main phase on the GPU, then the float64 polish — normal equations unless κ² > 1e8 — and statistics on the CPU).',
    'Regenerate: `npx tsx bench/gpu-chromium.ts`.',
    '',
    '| points | CPU linearize ms | CPU rows/s | GPU linearize ms | GPU rows/s | GPU cost ms | GPU set-up ms | CPU fit ms | GPU fit ms | fit agreement |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.rows.toExponential(0)} | ${fmt(r.cpuLinearizeMs)} | ${rate(r.rows, r.cpuLinearizeMs)} | ${fmt(r.gpuLinearizeMs)} | ${rate(r.rows, r.gpuLinearizeMs)} | ${fmt(r.gpuCostMs)} | ${fmt(r.gpuSetupMs)} | ${fmt(r.cpuFitMs)} | ${fmt(r.gpuFitMs)} | ${r.fitAgreement === null ? '–' : r.fitAgreement.toExponential(1)} |`),
    '',
    '10⁷ points: the data live in the page as float64 (240 MB) and on the device as f32 (80 MB, one binding); the SwiftShader passes take seconds each, so the GPU fit is the slow one here by construction.',
    '',
  ];
  writeFileSync('bench/results/gpu-chromium.md', lines.join('\n'));
  console.log(lines.join('\n'));
} finally {
  await session.close();
}
