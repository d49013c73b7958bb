import { describe, expect, it } from 'vitest';
import { compileModel } from '../model';
import { studentTQuantile } from '../stats/studentT';
import { curveWithBands } from './bands';
import { curveFit } from './curveFit';

describe('confidence and prediction bands', () => {
  it('equal the textbook straight-line bands, s·t·√(1/n + (x−x̄)²/Sxx) and s·t·√(1 + 1/n + …)', async () => {
    const x = Float64Array.from({ length: 15 }, (_, i) => i * 0.7);
    const y = x.map((v, i) => 1.3 + 0.8 * v + 0.3 * Math.sin(7 * i));
    const c = compileModel('a + b*x', { columns: ['x'] });
    if (!c.ok) throw new Error(c.error.message);
    const r = await curveFit({ model: c.value, data: { vars: [x], y }, parameters: [{ name: 'a', value: 0 }, { name: 'b', value: 0 }] });
    const n = x.length;
    const mean = x.reduce((s, v) => s + v, 0) / n;
    const sxx = x.reduce((s, v) => s + (v - mean) ** 2, 0);
    const s = Math.sqrt(r.stats.chi2 / (n - 2));
    const t = studentTQuantile(0.975, n - 2);
    const grid = Float64Array.of(-2, 0, 3.3, 9.8, 15);
    const bands = curveWithBands(c.value, r, [grid]);
    grid.forEach((g, i) => {
      const fit = r.parameters[0].value + r.parameters[1].value * g;
      expect(bands.values[i]).toBeCloseTo(fit, 12);
      const conf = t * s * Math.sqrt(1 / n + (g - mean) ** 2 / sxx);
      const pred = t * s * Math.sqrt(1 + 1 / n + (g - mean) ** 2 / sxx);
      expect(bands.confidence.upper[i] - fit).toBeCloseTo(conf, 10);
      expect(fit - bands.confidence.lower[i]).toBeCloseTo(conf, 10);
      expect(bands.prediction.upper[i] - fit).toBeCloseTo(pred, 10);
    });
  });

  it('a nonlinear band matches the delta method computed by finite differences', async () => {
    const x = Float64Array.from({ length: 40 }, (_, i) => i * 0.2);
    const y = x.map((v, i) => 2 * Math.exp(-v / 1.5) + 0.2 + 0.02 * Math.cos(5 * i));
    const c = compileModel('A*exp(-x/tau) + c', { columns: ['x'] });
    if (!c.ok) throw new Error(c.error.message);
    const r = await curveFit({ model: c.value, data: { vars: [x], y }, parameters: [{ name: 'A', value: 1 }, { name: 'tau', value: 1 }, { name: 'c', value: 0 }] });
    const p = r.parameters.map((q) => q.value);
    const f = (q: number[], g: number) => q[0] * Math.exp(-g / q[1]) + q[2];
    const g0 = 2.5;
    const grad = p.map((_, j) => {
      const h = 1e-6 * Math.max(1, Math.abs(p[j]));
      const up = [...p];
      const dn = [...p];
      up[j] += h;
      dn[j] -= h;
      return (f(up, g0) - f(dn, g0)) / (2 * h);
    });
    let v = 0;
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) v += grad[i] * r.pcov[i * 3 + j] * grad[j];
    const bands = curveWithBands(c.value, r, [Float64Array.of(g0)]);
    expect((bands.confidence.upper[0] - bands.values[0]) / (r.tValue * Math.sqrt(v))).toBeCloseTo(1, 6);
  });
});
