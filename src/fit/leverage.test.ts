/**
 * Leverages against the closed form of a straight line, hᵢᵢ = 1/n + (xᵢ − x̄)²/Sxx (weighted:
 * the same with weights wᵢ² = 1/σᵢ², Draper & Smith, Applied Regression Analysis, §2.11), and the
 * residual bootstrap's modified residuals eᵢ/√(1 − hᵢᵢ), centred (Davison & Hinkley 1997, §6.2.3).
 */
import { describe, expect, it } from 'vitest';
import { compileModel } from '../model';
import { curveFit } from './curveFit';
import { leverages } from './leverage';
import { modifiedResiduals } from './bootstrap';

const compiled = compileModel('a + b*x', { columns: ['x'] });
if (!compiled.ok) throw new Error(compiled.error.message);
const model = compiled.value;
const x = Float64Array.from([0, 1, 2, 3, 5, 8, 13]);
const y = Float64Array.from(x, (v, i) => 1 + 0.5 * v + 0.1 * Math.sin(3 * i));
const sigma = Float64Array.from(x, (_, i) => 0.5 + 0.25 * i);

describe('leverages', () => {
  it.each([false, true])('of a straight line are the closed form (σ given: %s)', async (weighted) => {
    const input = { model, data: { vars: [x], y, sigma: weighted ? sigma : null }, parameters: [{ name: 'a', value: 0 }, { name: 'b', value: 1 }] };
    const fit = await curveFit(input);
    const h = leverages(input, fit)!;
    const w = Float64Array.from(x, (_, i) => (weighted ? 1 / sigma[i] ** 2 : 1));
    const W = w.reduce((s, v) => s + v, 0);
    const xbar = x.reduce((s, v, i) => s + w[i] * v, 0) / W;
    const sxx = x.reduce((s, v, i) => s + w[i] * (v - xbar) ** 2, 0);
    x.forEach((v, i) => expect(h[i]).toBeCloseTo(w[i] * (1 / W + (v - xbar) ** 2 / sxx), 12));
    expect(h.reduce((s, v) => s + v, 0)).toBeCloseTo(2, 12);
  });

  it('modified residuals are eᵢ/√(1 − hᵢᵢ) centred; without leverages, centred and rescaled by √(n/(n − k))', () => {
    const e = Float64Array.from([0.3, -0.1, 0.2, -0.4]);
    const h = Float64Array.from([0.75, 0.36, 0.19, 0.7]);
    const r = Array.from(e, (v, i) => v / Math.sqrt(1 - h[i]));
    const mean = r.reduce((s, v) => s + v, 0) / 4;
    modifiedResiduals(e, h, 2).forEach((v, i) => expect(v).toBeCloseTo(r[i] - mean, 14));
    const eMean = e.reduce((s, v) => s + v, 0) / 4;
    modifiedResiduals(e, null, 2).forEach((v, i) => expect(v).toBeCloseTo((e[i] - eMean) * Math.sqrt(2), 14));
  });
});
