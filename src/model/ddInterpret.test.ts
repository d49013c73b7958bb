import { describe, expect, it } from 'vitest';
import { compileModel } from './compile';
import { residualsDD, rssDD } from './ddInterpret';
import { ddExp, ddLog, ddPow, ddSqrt } from './ddMath';
import { ddAdd, ddDiv, ddMul, ddMulD, ddNeg, twoProd, type DD } from './doubleDouble';
import type { Tape } from './tape';

function tapeOf(text: string): Tape {
  const r = compileModel(text, { columns: ['x'] });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.tape();
}

const m = 40;
const x = Float64Array.from({ length: m }, (_, i) => 0.05 + i * 0.37);
const zeros = new Float64Array(m);

/** y as hi + lo from a double-double reference f(x). */
function exactY(f: (xi: number) => DD): { hi: Float64Array; lo: Float64Array } {
  const hi = new Float64Array(m);
  const lo = new Float64Array(m);
  x.forEach((xi, i) => {
    [hi[i], lo[i]] = f(xi);
  });
  return { hi, lo };
}

describe('double-double residuals', () => {
  const a = 2.5;
  const b = 0.37;
  const tape = tapeOf('a*exp(-b*x)');
  const y = exactY((xi) => ddMulD(ddExp(ddNeg(twoProd(b, xi))), a));
  const params = new Float64Array([a, b]);

  it('see an exact fit as exact (≤ 1e-30) where float64 sees ~1e-16 noise', () => {
    const f = new Float64Array(m);
    residualsDD(tape, params, [x], [zeros], y.hi, y.lo, null, f);
    expect(Math.max(...f.map(Math.abs))).toBeLessThanOrEqual(1e-30);
    const f64 = x.map((xi, i) => a * Math.exp(-b * xi) - y.hi[i]);
    expect(Math.max(...f64.map(Math.abs))).toBeGreaterThan(1e-17);
    expect(rssDD(tape, params, [x], [zeros], y.hi, y.lo, null)).toBeLessThanOrEqual(1e-58);
  });

  it('recover residuals below float64 resolution (the Lanczos1 situation)', () => {
    // y = model + δ_i with |δ| ~ 1e-13·y: invisible in yHi alone only to the extent of rounding
    const delta = x.map((_, i) => (i % 3 === 0 ? 1 : -1) * 3e-14 * (1 + i / m));
    const yd = exactY((xi) => ddAdd(ddMulD(ddExp(ddNeg(twoProd(b, xi))), a), [delta[x.indexOf(xi)], 0]));
    const f = new Float64Array(m);
    residualsDD(tape, params, [x], [zeros], yd.hi, yd.lo, null, f);
    f.forEach((fi, i) => expect(Math.abs(fi + delta[i])).toBeLessThanOrEqual(1e-30));
    const rssWant = delta.reduce((s, d) => s + d * d, 0);
    const rss = rssDD(tape, params, [x], [zeros], yd.hi, yd.lo, null);
    expect(Math.abs(rss - rssWant) / rssWant).toBeLessThan(1e-14);
    const rss64 = x.reduce((s, xi, i) => s + (a * Math.exp(-b * xi) - yd.hi[i]) ** 2, 0);
    expect(Math.abs(rss64 - rssWant) / rssWant).toBeGreaterThan(1e-5); // float64 gets it wrong
  });

  it('apply weights w_i·(model − y)', () => {
    const delta = 1e-20;
    const yd = exactY((xi) => ddAdd(ddMulD(ddExp(ddNeg(twoProd(b, xi))), a), [-delta, 0]));
    const w = x.map((_, i) => 1 + i);
    const f = new Float64Array(m);
    residualsDD(tape, params, [x], [zeros], yd.hi, yd.lo, w, f);
    f.forEach((fi, i) => expect(Math.abs(fi - w[i] * delta)).toBeLessThan(1e-33 * w[i]));
    const rss = rssDD(tape, params, [x], [zeros], yd.hi, yd.lo, w);
    const want = w.reduce((s, wi) => s + (wi * delta) ** 2, 0);
    expect(Math.abs(rss - want) / want).toBeLessThan(1e-14);
  });

  it('use x held as hi + lo', () => {
    const xLo = x.map((xi) => xi * 1e-18);
    const yh = new Float64Array(m);
    const yl = new Float64Array(m);
    x.forEach((xi, i) => {
      [yh[i], yl[i]] = ddMulD(ddExp(ddNeg(ddMulD([xi, xLo[i]], b))), a);
    });
    const f = new Float64Array(m);
    residualsDD(tape, params, [x], [xLo], yh, yl, null, f);
    expect(Math.max(...f.map(Math.abs))).toBeLessThanOrEqual(1e-30);
  });

  it('evaluate div, powi, sqrt, log and pow in double-double', () => {
    const t = tapeOf('c*x^3/(1 + sqrt(x)) + log(x)*d + x^e1');
    const [c, d, e1] = [1.3, -0.7, 0.45];
    const yy = exactY((xi) => {
      const x3 = ddMul(ddMul([xi, 0], [xi, 0]), [xi, 0]);
      const term1 = ddDiv(ddMulD(x3, c), ddAdd([1, 0], ddSqrt([xi, 0])));
      return ddAdd(ddAdd(term1, ddMulD(ddLog([xi, 0]), d)), ddPow([xi, 0], [e1, 0]));
    });
    const f = new Float64Array(m);
    residualsDD(t, new Float64Array([c, d, e1]), [x], [zeros], yy.hi, yy.lo, null, f);
    expect(Math.max(...f.map(Math.abs))).toBeLessThanOrEqual(1e-29);
  });

  it('fall back to float64 for functions without a double-double form', () => {
    const t = tapeOf('sin(a*x)');
    const yy = exactY((xi) => [Math.sin(1.1 * xi), 0]);
    const f = new Float64Array(m);
    residualsDD(t, new Float64Array([1.1]), [x], [zeros], yy.hi, yy.lo, null, f);
    expect(Math.max(...f.map(Math.abs))).toBeLessThan(1e-15);
  });

  it('propagate NaN and inf', () => {
    const t = tapeOf('log(x - a)');
    const f = new Float64Array(m);
    residualsDD(t, new Float64Array([1]), [x], [zeros], zeros, zeros, null, f);
    expect(f[0]).toBeNaN(); // log of a negative
    expect(rssDD(t, new Float64Array([1]), [x], [zeros], zeros, zeros, null)).toBeNaN();
  });
});
