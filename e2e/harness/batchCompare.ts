/**
 * The GPU batch (f32 kernel + float64 check and finish, src/fit/batch/acceleratedBatch.ts) against
 * the float64 CPU batch (fitGroups) on the same seeded groups, inside the page; and the kernel's
 * own statuses on a hand-made pack (a good fit, a start with non-finite residuals, one row).
 */
import { fitGroupsAccelerated } from '../../src/fit/batch/acceleratedBatch';
import { fitGroups } from '../../src/fit/batch/fitGroups';
import { packBatches } from '../../src/fit/batch/packBatch';
import { gpuBatchDevice, runBatchPack } from '../../src/gpu/batchRun';
import { BATCH_STATUS, batchFitSource } from '../../src/gpu/batchSource';
import { michaelisMenten, plate4pl, type BatchProblem } from '../../test/batchGroups';
import type { BatchCase, BatchComparison, KernelStatuses } from './api';
import { compile, context } from './context';

function problemFor(c: BatchCase): BatchProblem {
  const p = c.model === 'pl4' ? plate4pl(c.groups, c.seed) : michaelisMenten(c.groups, c.seed, c.weighted);
  if (c.bad) {
    const x = p.groups[0].data.vars[0];
    const y = p.groups[0].data.y;
    const missing = Float64Array.from(y);
    missing[1] = NaN;
    missing[4] = NaN;
    p.groups.push(
      { key: 'one row', data: { vars: [x.subarray(0, 1)], y: y.subarray(0, 1) } },
      { key: 'all NaN', data: { vars: [x], y: y.map(() => NaN) } },
      { key: 'two missing', data: { vars: [x], y: missing } },
    );
  }
  return p;
}

export async function batchCompare(c: BatchCase): Promise<BatchComparison> {
  const ctx = await context();
  const p = problemFor(c);
  const model = compile(p.source, p.columns);
  const input = { model, groups: p.groups, parameters: p.parameters };
  const device = gpuBatchDevice(ctx);
  const t0 = performance.now();
  const gpu = await fitGroupsAccelerated(input, device);
  const gpuMs = performance.now() - t0;
  const t1 = performance.now();
  const cpu = await fitGroups(input);
  const cpuMs = performance.now() - t1;
  let worstRatio = 0;
  let worstStderr = 0;
  let successMismatch = 0;
  const statuses: BatchComparison['statuses'] = {};
  cpu.rows.forEach((ref, g) => {
    const row = gpu.rows[g];
    if (row.key !== ref.key || row.success !== ref.success || row.code !== ref.code || row.rows !== ref.rows) successMismatch++;
    if (c.bad && g >= c.groups) statuses[row.key] = { success: row.success, code: row.code, rows: row.rows, skippedRows: row.skippedRows };
    if (!ref.success || !row.success) return;
    ref.params.forEach((v, i) => {
      if (!(ref.stderr[i] > 0)) return;
      worstRatio = Math.max(worstRatio, Math.abs(row.params[i] - v) / ref.stderr[i]);
      worstStderr = Math.max(worstStderr, Math.abs(row.stderr[i] - ref.stderr[i]) / ref.stderr[i]);
    });
  });
  const a = gpu.accelerated;
  return {
    adapter: device.name,
    note: gpu.note,
    groups: p.groups.length,
    deviceFits: a?.deviceFits ?? 0,
    agreed: a?.agreed ?? 0,
    polished: a?.polished ?? 0,
    cpuFits: a?.cpuFits ?? 0,
    worstAgreedRatio: a?.worstAgreedRatio ?? NaN,
    worstRatio,
    worstStderr,
    successMismatch,
    cpuFailed: cpu.failed,
    gpuFailed: gpu.failed,
    statuses,
    gpuMs,
    cpuMs,
    deviceMs: a?.deviceMs ?? NaN,
  };
}

/** Michaelis–Menten: a good group, a start where K + x = 0 (residual ∞), one row; kernel statuses. */
export async function kernelStatuses(): Promise<KernelStatuses> {
  const ctx = await context();
  const model = compile('Vm*x/(K + x)');
  const x = Float64Array.of(0.02, 0.06, 0.11, 0.22, 0.56, 1.1);
  const y = Float64Array.from(x, (v) => (200 * v) / (0.07 + v) + 3 * Math.sin(17 * v));
  const packs = packBatches({
    data: [
      { vars: [x], y, w: null },
      { vars: [x], y, w: null },
      { vars: [x.subarray(0, 1)], y: y.subarray(0, 1), w: null },
    ],
    starts: [Float64Array.of(150, 0.1), Float64Array.of(150, -0.02), Float64Array.of(150, 0.1)],
    nParams: 2,
    nVars: 1,
    lb: [-Infinity, -Infinity],
    ub: [Infinity, Infinity],
    weighted: false,
    maxIter: 50,
    maxBytes: 1 << 20,
  });
  const source = batchFitSource(model.tape([0, 1]), false);
  const out = await runBatchPack(ctx, source, packs[0]);
  const row = (g: number) => Array.from(out.subarray(g * source.outStride, (g + 1) * source.outStride));
  return { rows: [row(0), row(1), row(2)], codes: BATCH_STATUS };
}
