/**
 * Issue 10 defect 7 on the page's path: the prediction band of a robust fit adds the covariance's
 * own variance scale s² = Σρ/(m − n) (scipy: 2·res.cost/(m − n)), not the plain reduced χ², which
 * counts the outliers by their square. Reference: fixtures/scipy/make_uncertainty.py.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FitData } from '../data/selectColumns';
import { curveFit } from '../fit/curveFit';
import { compileModel } from '../model';
import { fitBands, observationVariance } from './bands';

const c = JSON.parse(readFileSync(new URL('../../fixtures/scipy/uncertainty.json', import.meta.url), 'utf8')).robust_band as {
  model: string;
  params: string[];
  f_scale: number;
  t: number[];
  y: number[];
  p0: number[];
  s_sq: number;
  grid: number[];
  prediction_half: number[];
};

describe('prediction band of a robust fit (page path)', () => {
  it('uses s² = Σρ/(m − n) as the noise variance, and its half-widths are scipy’s', async () => {
    const compiled = compileModel(c.model, { columns: ['t'] });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const t = Float64Array.from(c.t);
    const y = Float64Array.from(c.y);
    const data: FitData = { names: { x: ['t'], y: 'y', sigma: null }, vars: [t], varsLo: [null], y, yLo: null, sigma: null, rows: y.length, lines: Int32Array.from(y, (_, i) => i + 2), dropped: [], droppedCount: 0 };
    const r = await curveFit({
      model: compiled.value,
      data,
      parameters: c.params.map((name, i) => ({ name, value: c.p0[i] })),
      options: { loss: 'soft_l1', fScale: c.f_scale },
    });
    const grid = Float64Array.from(c.grid);
    const noise = observationVariance(r, data, false, t, grid);
    expect(Math.abs((noise as number) - c.s_sq) / c.s_sq).toBeLessThan(1e-6);
    const bands = fitBands(compiled.value, r, grid, data, false, t)!;
    c.prediction_half.forEach((h, i) => {
      const mid = 0.5 * (bands.prediction.upper[i] + bands.prediction.lower[i]);
      expect(Math.abs(bands.prediction.upper[i] - mid - h) / h).toBeLessThan(1e-5);
    });
  });
});
