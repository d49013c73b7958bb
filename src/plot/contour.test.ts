import { describe, expect, it } from 'vitest';
import { zeroContour } from './contour';

const linspace = (lo: number, hi: number, n: number) => Float64Array.from({ length: n }, (_, i) => lo + ((hi - lo) * i) / (n - 1));
function sample(xs: Float64Array, ys: Float64Array, g: (x: number, y: number) => number): Float64Array {
  const v = new Float64Array(xs.length * ys.length);
  for (let j = 0; j < ys.length; j++) for (let i = 0; i < xs.length; i++) v[j * xs.length + i] = g(xs[i], ys[j]);
  return v;
}
/** The polylines between the NaN separators. */
function pieces(x: Float64Array, y: Float64Array): [number, number][][] {
  const out: [number, number][][] = [];
  let cur: [number, number][] = [];
  for (let i = 0; i < x.length; i++) {
    if (Number.isNaN(x[i])) {
      out.push(cur);
      cur = [];
    } else cur.push([x[i], y[i]]);
  }
  return out;
}

describe('zeroContour (marching squares)', () => {
  it('draws a circle as one closed polyline on the analytic circle', () => {
    const [a, b, R] = [0.3, -0.2, 1.7];
    const xs = linspace(-2, 2.5, 181);
    const ys = linspace(-2.4, 2, 161);
    const c = zeroContour(xs, ys, sample(xs, ys, (x, y) => (x - a) ** 2 + (y - b) ** 2 - R * R));
    expect(c.count).toBe(1);
    expect(c.closed).toBe(1);
    const [loop] = pieces(c.x, c.y);
    expect(loop[0]).toEqual(loop[loop.length - 1]);
    const h = 4.5 / 180;
    let length = 0;
    let worst = 0;
    for (let k = 0; k < loop.length; k++) {
      const [x, y] = loop[k];
      // Linear interpolation along an edge of a convex g is off the curve by O(h²/R).
      worst = Math.max(worst, Math.abs(Math.hypot(x - a, y - b) - R));
      if (k > 0) length += Math.hypot(x - loop[k - 1][0], y - loop[k - 1][1]);
    }
    expect(worst).toBeLessThan((h * h) / R);
    // A chord polygon inscribed in the circle: its perimeter a little under 2πR.
    expect(length).toBeLessThan(2 * Math.PI * R);
    expect(length).toBeGreaterThan(2 * Math.PI * R * (1 - 1e-3));
  });

  it('draws a line across the box as one open polyline from border to border', () => {
    const xs = linspace(0, 1, 21);
    const ys = linspace(0, 1, 11);
    const c = zeroContour(xs, ys, sample(xs, ys, (x, y) => y - 0.25 - 0.5 * x));
    expect(c.count).toBe(1);
    expect(c.closed).toBe(0);
    const [line] = pieces(c.x, c.y);
    for (const [x, y] of line) expect(Math.abs(y - 0.25 - 0.5 * x)).toBeLessThan(1e-12);
    const xsOf = line.map((p) => p[0]).sort((p, q) => p - q);
    expect(xsOf[0]).toBeCloseTo(0, 12);
    expect(xsOf[xsOf.length - 1]).toBeCloseTo(1, 12);
  });

  it('keeps two circles apart and leaves a gap where g is not finite', () => {
    const xs = linspace(-3, 3, 121);
    const ys = linspace(-1.5, 1.5, 61);
    const two = zeroContour(xs, ys, sample(xs, ys, (x, y) => Math.min((x + 1.5) ** 2 + y * y, (x - 1.5) ** 2 + y * y) - 1));
    expect(two.count).toBe(2);
    expect(two.closed).toBe(2);
    const cut = zeroContour(xs, ys, sample(xs, ys, (x, y) => (x > 0.05 && x < 0.4 && y > 0 ? NaN : x * x + y * y - 1)));
    expect(cut.closed).toBe(0);
    expect(cut.count).toBe(1);
  });

  it('returns nothing where g has one sign', () => {
    const xs = linspace(0, 1, 5);
    const c = zeroContour(xs, xs, sample(xs, xs, () => 1));
    expect(c.count).toBe(0);
    expect(c.x.length).toBe(0);
  });
});
