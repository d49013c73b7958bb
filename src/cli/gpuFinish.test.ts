/**
 * `fitbench fit --backend gpu` end to end through Dawn (SwiftShader here: right answers, no
 * speed): the JSON's `gpu` object counts the float64 passes after the GPU phase (fit/gpuFinish.ts),
 * at most 3 for a well-conditioned fit, on one thread and on a worker pool; where the f32 solution
 * is not close (x needs more than f32's 24 bits) the finish goes on as the TRF loop; the
 * parameters and standard errors are the CPU run's in every case. `gpu` is null for a CPU fit.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempFiles } from '../../test/cli';

const { file } = tempFiles('fitbench-gpu-finish');
const icd = '/usr/lib/chromium/vk_swiftshader_icd.json';
const bin = new URL('../../bin/fitbench.mjs', import.meta.url).pathname;
const model = 'a*exp(-(x-mu)^2/(2*s^2))+c';

/** Deterministic normal noise (Park–Miller uniforms, Box–Muller). */
function csv(name: string, m: number, x: (i: number) => number, f: (x: number) => number, sd: number, seed: number): string {
  let s = seed;
  const u = () => (s = (s * 16807) % 2147483647) / 2147483647;
  const lines = ['x,y'];
  for (let i = 0; i < m; i++) {
    const v = x(i);
    lines.push(`${v},${f(v) + sd * Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u())}`);
  }
  return file(name, lines.join('\n') + '\n');
}

const m = 20_000;
const near = csv('gaussian.csv', m, (i) => -5 + (10 * i) / (m - 1), (v) => 3 * Math.exp(-((v - 0.5) ** 2) / (2 * 1.44)) + 0.3, 0.05, 31);
const far = csv('far.csv', m, (i) => 10_000 + i / (m - 1), (v) => 2 * Math.exp(-((v - 10_000.5) ** 2) / (2 * 0.01)) + 0.1, 0.01, 23);

function fit(path: string, p0: string, ...extra: string[]) {
  const r = spawnSync(process.execPath, [bin, 'fit', path, '--model', model, '--p0', p0, '--json', ...extra], {
    encoding: 'utf8',
    env: { ...process.env, VK_ICD_FILENAMES: icd, LD_LIBRARY_PATH: '/usr/lib/chromium' },
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

type Json = { params: Record<string, number>; stderr: Record<string, number> };
function expectSame(gpu: Json, cpu: Json) {
  for (const name of Object.keys(cpu.params)) {
    expect(Math.abs(gpu.params[name] - cpu.params[name]) / Math.abs(cpu.params[name]), name).toBeLessThan(1e-9);
    expect(Math.abs(gpu.stderr[name] - cpu.stderr[name]) / cpu.stderr[name], `stderr ${name}`).toBeLessThan(1e-8);
  }
}

describe.skipIf(!existsSync(icd))('fitbench fit --backend gpu: the float64 finish', () => {
  it('a well-conditioned Gaussian: at most 3 float64 passes after the GPU, one thread or a pool, the CPU result', () => {
    const p0 = 'a=2,mu=0,s=1,c=0';
    const cpu = fit(near, p0, '--backend', 'cpu');
    expect(cpu.gpu).toBeNull();
    for (const workers of ['0', '2']) {
      const gpu = fit(near, p0, '--backend', 'gpu', '--workers', workers);
      expect(gpu.backend).toBe('gpu+cpu');
      expect(gpu.gpu.finish).toBe('gauss-newton');
      expect(gpu.gpu.float64Passes).toBeLessThanOrEqual(3);
      const { normal, dense, cost, values } = gpu.gpu.passes;
      expect(normal + dense + cost + values).toBe(gpu.gpu.float64Passes);
      expectSame(gpu, cpu);
      expect(Math.abs(gpu.chi2 / cpu.chi2 - 1)).toBeLessThan(1e-12);
    }
  });

  it('x beyond f32 precision: the finish falls back to the TRF loop and reaches the CPU result', () => {
    const p0 = 'a=1,mu=10000.45,s=0.2,c=0';
    const gpu = fit(far, p0, '--backend', 'gpu');
    expect(gpu.backend).toBe('gpu+cpu');
    expect(gpu.gpu.finish).toBe('trf');
    expectSame(gpu, fit(far, p0, '--backend', 'cpu'));
  });
});
