/**
 * The GPU batch fit (issue 9, "On the GPU") in headless Chromium's WebGPU (SwiftShader where there
 * is no GPU: correct, not fast; no timing is asserted). The WGSL batch kernel (one f32
 * Levenberg–Marquardt fit per thread, src/gpu/batchSource.ts) with the float64 check and finish
 * (src/fit/batch/acceleratedBatch.ts) against the float64 CPU batch (fitGroups) on the same groups:
 * every parameter within 1e-3 of its standard error, the same standard errors, the same failures;
 * and the kernel's own statuses for a non-finite start and a one-row group.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchCase, GpuHarness } from './harness/api';
import { openSession, type BrowserSession } from './lib/harness';

declare const window: { fitbenchGpu: GpuHarness };

let session: BrowserSession;

beforeAll(async () => {
  session = await openSession({ path: 'e2e/harness/gpu.html', readyGlobal: 'fitbenchGpu', webgpu: true });
});

afterAll(async () => {
  await session?.close();
});

const compare = (c: BatchCase) => session.page.evaluate((a) => window.fitbenchGpu.batchCompare(a), c);

describe('GPU batch fits against the float64 CPU batch', () => {
  it('1 000 4PL groups of 12 points, with a one-row, an all-NaN and a two-missing group', async () => {
    const r = await compare({ model: 'pl4', groups: 1000, seed: 9, bad: true });
    console.log(`4PL on ${r.adapter}: ${r.agreed}/${r.deviceFits} f32 fits kept, ${r.polished} finished by a Gauss–Newton step, ${r.cpuFits} on the CPU; worst |Δp|/se ${r.worstRatio.toExponential(2)}, kept ${r.worstAgreedRatio.toExponential(2)}; GPU batch ${r.gpuMs.toFixed(0)} ms (device ${r.deviceMs.toFixed(0)} ms), CPU ${r.cpuMs.toFixed(0)} ms`);
    expect(r.note).toBeNull();
    expect(r.groups).toBe(1003);
    // The one-row and the all-NaN groups never reach the device; the two-missing one does.
    expect(r.deviceFits).toBe(1001);
    // Most f32 answers stand on their own (the check keeps half the tolerance in reserve).
    expect(r.agreed).toBeGreaterThan(800);
    expect(r.worstAgreedRatio).toBeLessThanOrEqual(5e-4);
    expect(r.agreed + r.polished + r.cpuFits).toBe(r.groups);
    expect(r.worstRatio).toBeLessThan(1e-3);
    expect(r.worstStderr).toBeLessThan(1e-3);
    expect(r.successMismatch).toBe(0);
    expect(r.statuses['one row']).toEqual({ success: false, code: 'too-few-rows', rows: 1, skippedRows: 0 });
    expect(r.statuses['all NaN']).toEqual({ success: false, code: 'too-few-rows', rows: 0, skippedRows: 12 });
    expect(r.statuses['two missing']).toEqual({ success: true, code: null, rows: 10, skippedRows: 2 });
    expect(r.gpuFailed).toBe(r.cpuFailed);
  });

  it('Michaelis–Menten groups, unweighted and with σ', async () => {
    for (const weighted of [false, true]) {
      const r = await compare({ model: 'mm', groups: 300, seed: 31, weighted });
      console.log(`MM${weighted ? ' weighted' : ''}: ${r.agreed}/${r.deviceFits} kept, ${r.polished} by a Gauss–Newton step, worst |Δp|/se ${r.worstRatio.toExponential(2)}`);
      expect(r.note).toBeNull();
      expect(r.deviceFits).toBe(300);
      expect(r.agreed).toBeGreaterThan(200);
      expect(r.worstRatio).toBeLessThan(1e-3);
      expect(r.worstStderr).toBeLessThan(1e-3);
      expect(r.successMismatch).toBe(0);
      expect(r.cpuFailed).toBe(0);
    }
  });
});

describe('the batch kernel on its own', () => {
  it('says converged, non-finite and too few rows per fit', async () => {
    const { rows, codes } = await session.page.evaluate(() => window.fitbenchGpu.kernelStatuses());
    // Per fit: Vm, K, χ², status, iterations.
    const [good, nonfinite, oneRow] = rows;
    expect([codes.converged, codes.stalled]).toContain(good[3]);
    expect(good[4]).toBeGreaterThan(0);
    expect(good[0]).toBeGreaterThan(150);
    expect(nonfinite[3]).toBe(codes.nonfinite);
    expect(nonfinite[4]).toBe(0);
    expect(oneRow[3]).toBe(codes.tooFewRows);
    expect(oneRow[4]).toBe(0);
  });
});
