/**
 * The test that matters: for every model, data synthesised from known parameters (with seeded
 * noise, and without), the library's guess as the start, curveFit from there, and the truth
 * recovered: within 5 standard errors with noise, to 1e-6 relative without. A guess that lands
 * in another basin fails here even when it looks plausible.
 */
import { describe, expect, it } from 'vitest';
import { MODEL_LIBRARY, findModel } from './index';
import { RECOVERY_CASES, type RecoveryCase } from './recoveryCases.test';
import { evaluateModel, expectValidGuess, fitFromGuess, gaussianNoise, shuffle } from './testUtil.test';

function model(c: RecoveryCase) {
  const m = findModel(c.id);
  if (!m) throw new Error(`no model ${c.id}`);
  return m;
}

function difference(c: RecoveryCase, name: string, value: number): number {
  const d = value - c.truth[name];
  if (!c.periodic?.includes(name)) return d;
  return d - 2 * Math.PI * Math.round(d / (2 * Math.PI));
}

function dataFor(c: RecoveryCase, seed: number, noisy: boolean) {
  const clean = evaluateModel(model(c), c.truth, c.x);
  const z = gaussianNoise(seed);
  const sd = Float64Array.from(clean, (v) => (c.relative !== undefined ? c.relative * Math.abs(v) : c.noise!));
  const y = noisy ? clean.map((v, i) => v + sd[i] * z()) : clean;
  const [x, yy, s] = c.unsorted ? [...shuffle(c.x, y, seed + 1), shuffle(c.x, sd, seed + 1)[1]] : [c.x, y, sd];
  return { x, y: yy, sigma: c.relative !== undefined ? s : null };
}

describe('every library model has a recovery case', () => {
  it.each(MODEL_LIBRARY.map((m) => m.id))('%s', (id) => {
    expect(RECOVERY_CASES.some((c) => c.id === id)).toBe(true);
  });
});

describe('fits started from the guess recover the truth from noisy data (5 standard errors)', () => {
  it.each(RECOVERY_CASES.map((c, i) => [`${c.id}: ${c.label}`, c, i] as const))('%s', async (_, c, i) => {
    const m = model(c);
    const { x, y, sigma } = dataFor(c, 1000 + i, true);
    const { guess, result } = await fitFromGuess(m, x, y, sigma);
    expectValidGuess(m, guess);
    expect(result.success, result.message).toBe(true);
    for (const p of result.parameters) {
      const d = difference(c, p.name, p.value);
      expect(Number.isFinite(p.stderr), `${p.name} stderr`).toBe(true);
      expect(Math.abs(d), `${p.name} = ${p.value} ± ${p.stderr}, truth ${c.truth[p.name]}`).toBeLessThan(5 * p.stderr);
    }
    // The fit found the noise floor, not a local minimum: reduced χ² (unit-weighted: in units of
    // σ²) within 4 of its standard deviations √(2/ν) of 1.
    const chi2 = sigma ? result.stats.redchi2 : result.stats.redchi2 / c.noise! ** 2;
    const spread = 4 * Math.sqrt(2 / result.stats.dof);
    expect(chi2).toBeGreaterThan(Math.max(0.1, 1 - spread));
    expect(chi2).toBeLessThan(1 + spread);
  });
});

describe('fits started from the guess recover the truth from noise-free data (1e-6 relative)', () => {
  it.each(RECOVERY_CASES.map((c, i) => [`${c.id}: ${c.label}`, c, i] as const))('%s', async (_, c, i) => {
    const m = model(c);
    const { x, y } = dataFor(c, 2000 + i, false);
    const { result } = await fitFromGuess(m, x, y);
    for (const p of result.parameters) {
      const d = difference(c, p.name, p.value);
      expect(Math.abs(d), `${p.name} = ${p.value}, truth ${c.truth[p.name]}`).toBeLessThan(1e-6 * Math.max(1, Math.abs(c.truth[p.name])));
    }
  });
});
