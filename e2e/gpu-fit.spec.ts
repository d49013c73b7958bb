/**
 * Whole fits with the main phase on WebGPU (SwiftShader here) and the float64 polish on the CPU.
 * Acceptance 1 (fits): five standard models with 10⁵ points agree with the CPU-only fit to 1e-6
 * in every parameter. Acceptance 2: the device destroyed in the middle of a fit (between passes,
 * and while a pass is in flight) — the fit finishes on the CPU with the same answer and reports it;
 * so does a pass that fails GPU validation, which leaves the device usable for the next fit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FitCase, FitComparison, GpuHarness, StandardModel } from './harness/api';
import { openSession, type BrowserSession } from './lib/harness';

declare const window: { fitbenchGpu: GpuHarness };

let session: BrowserSession;

beforeAll(async () => {
  session = await openSession({ path: 'e2e/harness/gpu.html', readyGlobal: 'fitbenchGpu', webgpu: true });
});

afterAll(async () => {
  await session?.close();
});

const compareFit = (c: FitCase): Promise<FitComparison> => session.page.evaluate((a) => window.fitbenchGpu.compareFit(a), c);

describe('whole fits: GPU main phase + float64 polish against the CPU-only fit', () => {
  const models: StandardModel[] = ['gaussian', 'decay', 'logistic4', 'dampedSine', 'lorentzian'];
  for (const model of models) {
    it(`${model}, 10⁵ points`, async () => {
      const r = await compareFit({ model, rows: 100_000, seed: 3 });
      expect(r.success).toBe(true);
      expect(r.maxRel, `GPU ${r.gpu.join(', ')} vs CPU ${r.cpu.join(', ')}`).toBeLessThan(1e-6);
      expect(r.phases[0]).toMatchObject({ role: 'fit', backend: 'gpu', linearization: 'normal', lost: false });
      expect(r.phases.some((p) => p.role === 'polish' && p.backend === 'cpu')).toBe(true);
      expect(r.gpuSubmits).toBeGreaterThan(0);
      expect(r.warnings).toEqual([]);
    });
  }
});

describe('the device lost in the middle of a fit', () => {
  for (const inFlight of [false, true]) {
    it(inFlight ? 'destroyed while a pass is in flight' : 'destroyed between two passes', async () => {
      const r = await compareFit({ model: 'gaussian', rows: 20_000, seed: 3, destroyAfter: 2, destroyInFlight: inFlight });
      expect(r.success).toBe(true);
      expect(r.maxRel).toBeLessThan(1e-6);
      expect(r.phases[0]).toMatchObject({ role: 'fit', backend: 'gpu', lost: true });
      expect(r.phases[1]).toMatchObject({ role: 'fit', backend: 'cpu', lost: false });
      expect(r.warnings.some((w) => /GPU device-lost after 2 iterations/.test(w) && /continued on the CPU/.test(w))).toBe(true);
    });
  }

  it('a validation error in a pass: the fit continues on the CPU and the device stays usable', async () => {
    const r = await compareFit({ model: 'gaussian', rows: 20_000, seed: 5, invalidAfter: 2 });
    expect(r.success).toBe(true);
    expect(r.maxRel).toBeLessThan(1e-6);
    expect(r.phases[0]).toMatchObject({ role: 'fit', backend: 'gpu', lost: true });
    expect(r.phases[1]).toMatchObject({ role: 'fit', backend: 'cpu', lost: false });
    expect(r.warnings.some((w) => /GPU validation after 2 iterations/.test(w) && /continued on the CPU/.test(w))).toBe(true);
    // Not a lost device: the same context runs the next fit on the GPU.
    expect(r.contextLost).toBeNull();
    const next = await compareFit({ model: 'gaussian', rows: 20_000, seed: 5, gpuOnly: true });
    expect(next.phases[0]).toMatchObject({ backend: 'gpu', lost: false });
  });

  it('a new context after the loss fits on the GPU again', async () => {
    const r = await compareFit({ model: 'decay', rows: 20_000, seed: 4 });
    expect(r.phases[0]).toMatchObject({ backend: 'gpu', lost: false });
    expect(r.maxRel).toBeLessThan(1e-6);
  });
});
