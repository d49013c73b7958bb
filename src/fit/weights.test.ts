import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../model';
import { curveFit } from './curveFit';
import { FitInputError } from './parameters';
import type { Weighting } from './weights';

/** scipy's curve_fit with the equivalent sigma (fixtures/scipy/make_weights.py). */
const ref = JSON.parse(readFileSync(new URL('../../fixtures/scipy/weights.json', import.meta.url), 'utf8')) as Record<
  string,
  { x: number[]; y: number[]; model: string; p0: number[]; fits: Record<string, { popt: number[]; pcov: number[][] }> }
>;

async function fit(name: string, weights: Weighting, sigma?: Float64Array) {
  const c = ref[name];
  const variable = name === 'counts' ? 't' : 'conc';
  const compiled = compileModel(c.model, { columns: [variable] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  return curveFit({
    model: compiled.value,
    data: { vars: [Float64Array.from(c.x)], y: Float64Array.from(c.y), sigma },
    parameters: compiled.value.params.map((n, i) => ({ name: n, value: c.p0[i] })),
    options: { weights },
  });
}

describe('weightings agree with scipy curve_fit given the equivalent sigma', () => {
  for (const [name, c] of Object.entries(ref)) {
    for (const [mode, expected] of Object.entries(c.fits)) {
      it(`${name}, ${mode}: popt and pcov`, async () => {
        const r = await fit(name, mode as Weighting);
        const k = expected.popt.length;
        r.free.forEach((_, i) => {
          expect(Math.abs(r.parameters[i].value - expected.popt[i]) / Math.sqrt(expected.pcov[i][i])).toBeLessThan(1e-6); // scipy stops at xtol: ~1e-7 se
          for (let j = 0; j < k; j++) expect(Math.abs(r.pcov[i * k + j] - expected.pcov[i][j]) / Math.sqrt(expected.pcov[i][i] * expected.pcov[j][j])).toBeLessThan(1e-7);
        });
        expect(r.weighting).toMatch(mode === 'poisson' ? /Poisson/ : mode === '1/y' ? /1\/\|y\|/ : /1\/y²/);
      });
    }
  }

  it('relative is 1/y²; the default is unweighted without a σ column', async () => {
    const rel = await fit('puromycin', 'relative');
    expect(rel.parameters[0].value).toBeCloseTo(ref.puromycin.fits['1/y2'].popt[0], 6);
    expect((await fit('puromycin', 'sigma')).weighting).toBe('unweighted');
  });

  it('bad input names the row and the fix: y = 0 under 1/y, negative counts, σ column and a weighting', async () => {
    const compiled = compileModel('a*x', { columns: ['x'] });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const run = (y: number[], weights: Weighting, sigma?: Float64Array) =>
      curveFit({ model: compiled.value, data: { vars: [Float64Array.from([1, 2, 3])], y: Float64Array.from(y), sigma }, parameters: [{ name: 'a', value: 1 }], options: { weights } });
    await expect(run([1, 0, 3], '1/y')).rejects.toThrow(/row 2 has y = 0/);
    await expect(run([1, -2, 3], 'poisson')).rejects.toThrow(/row 2 has y = -2/);
    await expect(run([1, 2, 3], '1/y2', Float64Array.from([1, 1, 1]))).rejects.toBeInstanceOf(FitInputError);
  });

  it('messages write 1/y² (not the option spelling 1/y2) and point counts with y = 0 to the Poisson choices', async () => {
    const compiled = compileModel('a*x', { columns: ['x'] });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const run = (y: number[], weights: Weighting, sigma?: Float64Array) =>
      curveFit({ model: compiled.value, data: { vars: [Float64Array.from([1, 2, 3])], y: Float64Array.from(y), sigma }, parameters: [{ name: 'a', value: 1 }], options: { weights } });
    const message = async (p: Promise<unknown>) => p.then(() => '', (e: Error) => e.message);
    for (const mode of ['1/y2', 'relative'] as const) {
      const text = await message(run([1, 0, 3], mode));
      expect(text).toMatch(/^1\/y² (\(relative\) )?weighting divides by y², and row 2 has y = 0/);
      expect(await message(run([1, 2, 3], mode, Float64Array.from([1, 1, 1])))).toMatch(/σ column and 1\/y² (\(relative\) )?weighting/);
    }
    const oneOverY = await message(run([1, 0, 3], '1/y'));
    expect(oneOverY).toMatch(/Poisson weighting \(σ² = y, σ = 1 where y = 0\)/);
    expect(oneOverY).toMatch(/Poisson likelihood objective/);
    for (const text of [oneOverY, await message(run([1, 0, 3], '1/y2'))]) expect(text).not.toMatch(/1\/y2/);
  });

  it('the Poisson weighting line says σ = 1 where y = 0 and how many rows that is', async () => {
    const compiled = compileModel('a*x', { columns: ['x'] });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const run = (y: number[]) =>
      curveFit({ model: compiled.value, data: { vars: [Float64Array.from([1, 2, 3, 4])], y: Float64Array.from(y) }, parameters: [{ name: 'a', value: 1 }], options: { weights: 'poisson' } });
    expect((await run([0, 3, 0, 8])).weighting).toBe('Poisson weighting, 1/y (σ = √y; σ = 1 where y = 0: 2 rows)');
    expect((await run([1, 3, 5, 8])).weighting).toBe('Poisson weighting, 1/y (σ = √y; σ = 1 where y = 0, no such row)');
  });
});
