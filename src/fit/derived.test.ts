/**
 * Derived quantities by the delta method (src/fit/derived.ts) against R: Puromycin (treated), nls
 * Vm·conc/(K + conc); Vm/K and K/2 with standard errors from vcov() and the analytic gradient
 * (fixtures/derived/make_derived.R). Then what is refused, a fixed parameter's zero variance and
 * an undetermined parameter's missing error.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../model';
import { curveFit } from './curveFit';
import { deriveQuantities, parseDerivedSpec } from './derived';

const r = JSON.parse(readFileSync(new URL('../../fixtures/derived/derived.json', import.meta.url), 'utf8'));

async function fit(text: string, parameters: { name: string; value: number; fixed?: boolean }[], x: number[], y: number[]) {
  const compiled = compileModel(text, { columns: ['conc'] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  return curveFit({ model: compiled.value, data: { vars: [Float64Array.from(x)], y: Float64Array.from(y) }, parameters });
}

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe('derived quantities', () => {
  it('agree with the delta method in R on Puromycin', async () => {
    const result = await fit('Vm*conc/(K + conc)', [{ name: 'Vm', value: 200 }, { name: 'K', value: 0.1 }], r.conc, r.rate);
    const [ratio, half] = deriveQuantities(result, [
      { name: 'ratio', expression: 'Vm/K' },
      { name: 'halfK', expression: 'K/2' },
    ]);
    // R's nls stops at a relative offset of 1e-5, so its estimates agree to about 6 digits.
    const vm = result.parameters[0].value;
    const k = result.parameters[1].value;
    expect(ratio.value).toBe(vm / k);
    expect(rel(ratio.value, r.ratio)).toBeLessThan(1e-5);
    expect(rel(ratio.stderr, r.se_ratio)).toBeLessThan(1e-4);
    expect(rel(half.stderr, r.se_halfK)).toBeLessThan(1e-4);
    expect(rel(ratio.ciUpper - ratio.value, r.t * r.se_ratio)).toBeLessThan(1e-4);
  });

  it('a fixed parameter carries no variance; an undetermined one leaves no finite error', async () => {
    const fixed = await fit('Vm*conc/(K + conc)', [{ name: 'Vm', value: 212.68, fixed: true }, { name: 'K', value: 0.1 }], r.conc, r.rate);
    const [onlyK] = deriveQuantities(fixed, [{ name: 'q', expression: 'Vm*K' }]);
    const sK = fixed.parameters.find((p) => p.name === 'K')!.stderr;
    expect(rel(onlyK.stderr, 212.68 * sK)).toBeLessThan(1e-12);
    const x = [0, 1, 2, 3, 4, 5, 6, 7];
    const same = await fit('a*exp(b*conc) + c*exp(b*conc)', [{ name: 'a', value: 1 }, { name: 'b', value: -0.3 }, { name: 'c', value: 1 }], x, x.map((v) => 3 * Math.exp(-0.5 * v) + 0.01 * Math.sin(7 * v)));
    const [sum, rate] = deriveQuantities(same, [
      { name: 'total', expression: 'a + c' },
      { name: 'tau', expression: '1/b' },
    ]);
    expect(sum.stderr).toBe(Infinity);
    expect(Number.isFinite(rate.stderr)).toBe(true);
  });

  it('refuses names and expressions it cannot use, with a message', async () => {
    const result = await fit('Vm*conc/(K + conc)', [{ name: 'Vm', value: 200 }, { name: 'K', value: 0.1 }], r.conc, r.rate);
    expect(() => deriveQuantities(result, [{ name: 'q', expression: 'Vm/Km' }])).toThrow(/uses "Km", which is not a parameter of the model; its parameters are Vm, K/);
    expect(() => deriveQuantities(result, [{ name: 'K', expression: 'Vm/2' }])).toThrow(/has the name of a model parameter/);
    expect(() => deriveQuantities(result, [{ name: 'q', expression: 'Vm/(' }])).toThrow(/Derived quantity "q"/);
    expect(parseDerivedSpec('half = ln(2)/k')).toEqual({ name: 'half', expression: 'ln(2)/k' });
    expect(parseDerivedSpec('=k')).toBeNull();
    expect(parseDerivedSpec('2x=k')).toBeNull();
  });
});
