/**
 * WebGPU kernels in headless Chromium (SwiftShader where there is no GPU: a CPU emulation,
 * correct but slow). Acceptance 1 (kernels): on random models over the whole model language, the
 * GPU linearize sums after the float64 reduce match the float64 CPU `normal` kernel to 1e-4
 * (norm-wise) for p = 2, 8, 16 and every robust loss (six of the fifteen pairs in `npm test`, each
 * loss and each p among them; all fifteen with FITBENCH_FULL=1); acceptance 3: chunked sums equal unchunked
 * ones; and the prelude's functions and the f32 literals hold up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOSS_NAMES } from '../src/solver/loss';
import type { GpuHarness, NormalCase } from './harness/api';
import { openSession, type BrowserSession } from './lib/harness';

declare const window: { fitbenchGpu: GpuHarness };

let session: BrowserSession;

beforeAll(async () => {
  session = await openSession({ path: 'e2e/harness/gpu.html', readyGlobal: 'fitbenchGpu', webgpu: true });
});

afterAll(async () => {
  await session?.close();
});

const harness = () => session.page;

describe('WebGPU in headless Chromium', () => {
  it('has an adapter on localhost', async () => {
    const report = await harness().evaluate(() => window.fitbenchGpu.adapter());
    expect(report.available, report.reason).toBe(true);
    expect(report.maxStorageBufferBindingSize).toBeGreaterThanOrEqual(128 * 1024 * 1024);
  });
});

/** Every p with every loss: 15 cases at ~1.5 s each on SwiftShader, run with FITBENCH_FULL=1. */
const ALL_CASES: NormalCase[] = [2, 8, 16].flatMap((p) =>
  LOSS_NAMES.map((loss, i) => ({ seed: 1000 * p + i, p, loss, rows: 3000, weighted: i % 2 === 1 })),
);
/** The suite's share of them (the same seeds, so each is one of the full sweep's cases): every
 *  loss at least once, every p at least twice, each p weighted and unweighted. */
const SUITE_CASES = ALL_CASES.filter(
  (c) => (c.p === 2 && (c.loss === 'linear' || c.loss === 'cauchy')) || (c.p === 8 && (c.loss === 'soft_l1' || c.loss === 'arctan')) || (c.p === 16 && (c.loss === 'huber' || c.loss === 'cauchy')),
);

describe('linearize sums against the float64 CPU normal kernel', () => {
  // Each p gets its own random model; the losses cycle through it, weights on every other case.
  const cases = process.env.FITBENCH_FULL ? ALL_CASES : SUITE_CASES;
  it('the suite samples every loss and every p, weighted and not', () => {
    expect(new Set(SUITE_CASES.map((c) => c.loss))).toEqual(new Set(LOSS_NAMES));
    for (const p of [2, 8, 16]) expect(new Set(SUITE_CASES.filter((c) => c.p === p).map((c) => c.weighted)), `p = ${p}`).toEqual(new Set([true, false]));
  });
  for (const c of cases) {
    it(`p = ${c.p}, ${c.loss}${c.weighted ? ', weighted' : ''}`, async () => {
      const r = await harness().evaluate((a) => window.fitbenchGpu.compareNormal(a), c);
      const detail = `${r.model}: JᵀJ ${r.relJtJ.toExponential(2)}, Jᵀf ${r.relG.toExponential(2)}, cost ${r.relCost.toExponential(2)}`;
      expect(r.nonfinite, detail).toBe(0);
      expect(r.relJtJ, detail).toBeLessThan(1e-4);
      expect(r.relG, detail).toBeLessThan(1e-4);
      expect(r.relCost, detail).toBeLessThan(1e-4);
    });
  }
});

describe('data over several storage bindings', () => {
  it('chunked sums equal unchunked ones, with progress per chunk', async () => {
    const r = await harness().evaluate(() => window.fitbenchGpu.compareChunked(20_000, 3_000, 5));
    expect(r.unchunkedChunks).toBe(1);
    expect(r.chunks).toBe(7);
    expect(r.rel).toBeLessThan(1e-6);
    expect(r.progress).toEqual(Array.from({ length: 7 }, (_, i) => `linearize ${i + 1}/7`));
  });

  it('a random 8-parameter model, chunked, still matches the CPU', async () => {
    const r = await harness().evaluate((a) => window.fitbenchGpu.compareNormal(a), { seed: 77, p: 8, loss: 'cauchy', rows: 5000, weighted: true, chunkRows: 700 } satisfies NormalCase);
    expect(r.chunks).toBe(8);
    expect(r.relJtJ).toBeLessThan(1e-4);
    expect(r.relG).toBeLessThan(1e-4);
  });
});

describe('the grid kernel', () => {
  it('gives the model and its derivatives on a plot grid, as the float64 kernels do', async () => {
    const r = await harness().evaluate(() => window.fitbenchGpu.gridCompare(2001));
    expect(r.k).toBe(5);
    expect(r.values).toBeLessThan(1e-5);
    expect(r.gradients).toBeLessThan(1e-5);
  });
});

describe('prelude functions and literals in f32', () => {
  it('erf, erfc, sin, cos, tan, sinh, tanh, acos … are f32-accurate', async () => {
    const results = await harness().evaluate(() => window.fitbenchGpu.functions());
    const byName = Object.fromEntries(results.map((f) => [f.name, f]));
    // erfc in its far tail inherits WGSL's exp accuracy (3 + 2|x| ULP); cosh, sinh and exp of
    // large |x| likewise; pow through exp2(y log2 x).
    const bound: Record<string, number> = { erfc: 2e-5, sinh: 1e-5, cosh: 1e-5, exp: 1e-5, pow: 1e-5 };
    for (const f of results) expect(f.maxRel, `${f.name} worst at ${f.worstX}`).toBeLessThan(bound[f.name] ?? 1e-6);
    expect(byName.erfc.maxRel).toBeGreaterThan(0); // evaluated, not skipped
  });

  it('constants become the nearest f32; out-of-range ones saturate or flush, never a rejected literal', async () => {
    const values = [1.5, 0.1, 1 / 3, 1e-45, 1e-40, 1.2e-38, 3.4e38, 3.4028234663852886e38, 1e39, -1e39, 1e300, -2.5e-7];
    const got = await harness().evaluate((a) => window.fitbenchGpu.literals(a), values);
    const F32_MAX = 3.4028234663852886e38;
    const expected = values.map((v) => {
      const f = Math.fround(v);
      if (!Number.isFinite(f)) return Math.sign(v) * F32_MAX;
      return Math.abs(f) < 1.1754943508222875e-38 ? 0 : f;
    });
    expect(got).toEqual(expected);
  });
});
