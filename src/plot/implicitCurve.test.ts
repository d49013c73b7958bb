import { describe, expect, it } from 'vitest';
import type { FitData } from '../data/selectColumns';
import { compileEquation } from '../model/index';
import { implicitCurve } from './implicitCurve';

const plot = { plotVar: 0, logX: false, buckets: 800 };

describe('implicitCurve', () => {
  it("draws the circle's zero contour and each point's distance to it", () => {
    const eq = compileEquation('(px-a)^2 + (py-b)^2 = R^2', { columns: ['px', 'py'] });
    if (!eq.ok) throw new Error(eq.error.message);
    const [a, b, R] = [1, -2, 3];
    const angles = [0.1, 1.3, 2.2, 3.9, 5.1];
    const radii = [3.2, 2.9, 3.05, 3, 2.7];
    const px = Float64Array.from(angles, (t, i) => a + radii[i] * Math.cos(t));
    const py = Float64Array.from(angles, (t, i) => b + radii[i] * Math.sin(t));
    const data = { names: { x: ['px'], y: 'py', sigma: null }, vars: [px], varsLo: [null], y: py, yLo: null, sigma: null, rows: 5, lines: Int32Array.from([2, 3, 4, 5, 6]), dropped: [], droppedCount: 0 } as FitData;
    const c = implicitCurve(eq.value, data, () => null, Float64Array.of(a, b, R), plot);
    expect(c.implicit).toBe(true);
    let points = 0;
    for (let i = 0; i < c.x.length; i++) {
      if (Number.isNaN(c.x[i])) continue;
      points++;
      expect(Math.abs(Math.hypot(c.x[i] - a, c.y[i] - b) - R)).toBeLessThan(2e-3);
    }
    expect(points).toBeGreaterThan(100);
    // g/‖∇g‖ = (r² − R²)/(2r): the distance r − R to first order.
    c.residuals.y.forEach((d, k) => {
      const i = Array.from(data.lines).indexOf(c.residuals.lines[k]);
      const r = radii[i];
      expect(d).toBeCloseTo((r * r - R * R) / (2 * r), 12);
    });
    const chi2 = radii.reduce((s, r) => s + ((r * r - R * R) / (2 * r)) ** 2, 0);
    expect(c.chi2).toBeCloseTo(chi2, 12);
  });
});
