import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ddExp, ddLog, ddPow, ddPowi, ddSqrt } from './ddMath';
import { ddAdd, ddDiv, ddMul, ddSub, split, twoProd, twoSum, type DD } from './doubleDouble';

/** x = m·2^e exactly, with BigInt m (finite x). */
function exact(x: number): { m: bigint; e: number } {
  const dv = new DataView(new ArrayBuffer(8));
  dv.setFloat64(0, x);
  const hi = dv.getUint32(0);
  const lo = dv.getUint32(4);
  const bexp = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (bexp !== 0) m |= 1n << 52n;
  const e = (bexp === 0 ? 1 : bexp) - 1075;
  return { m: hi >>> 31 ? -m : m, e };
}

/** Σ terms (each a product of doubles) as an exact scaled BigInt at exponent `base`. */
function exactSum(terms: number[][], base = -2300): bigint {
  let s = 0n;
  for (const factors of terms) {
    let m = 1n;
    let e = 0;
    for (const f of factors) {
      const x = exact(f);
      m *= x.m;
      e += x.e;
    }
    s += m << BigInt(e - base);
  }
  return s;
}

const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e150, max: 1e150 });

/** |a − ref| / |ref| with ref = [hi, lo] from 50-digit mpmath. */
function ddRelErr(a: DD, ref: DD): number {
  const d = ddSub(a, ref);
  return Math.abs(d[0] + d[1]) / Math.abs(ref[0]);
}

describe('error-free transformations (Dekker 1971, Knuth)', () => {
  it('TwoSum: s + e = a + b exactly and s = fl(a + b)', () => {
    fc.assert(fc.property(finite, finite, (a, b) => {
      const [s, e] = twoSum(a, b);
      expect(s).toBe(a + b);
      expect(exactSum([[s], [e]])).toBe(exactSum([[a], [b]]));
    }), { numRuns: 2000 });
  });

  it('Veltkamp split: hi + lo = a exactly, both halves ≤ 26 bits', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1.7e308, max: 1.7e308 }), (a) => {
      const [hi, lo] = split(a);
      expect(hi + lo === a).toBe(true);
      for (const part of [hi, lo]) {
        if (part === 0) continue;
        const { m } = exact(part);
        const abs = m < 0n ? -m : m;
        const bits = abs.toString(2).replace(/0+$/, '').length;
        expect(bits).toBeLessThanOrEqual(26);
      }
    }), { numRuns: 2000 });
  });

  it('TwoProd: p + e = a·b exactly and p = fl(a·b)', () => {
    fc.assert(fc.property(finite, finite, (a, b) => {
      const [p, e] = twoProd(a, b);
      expect(p).toBe(a * b);
      if (Math.abs(p) > 1e-290) expect(exactSum([[p], [e]])).toBe(exactSum([[a, b]]));
    }), { numRuns: 2000 });
  });
});

describe('double-double arithmetic (QD, Hida–Li–Bailey 2001)', () => {
  it('adds, multiplies and divides to ~1e-31 relative', () => {
    const third = ddDiv([1, 0], [3, 0]);
    expect(ddRelErr(third, [0.3333333333333333, 1.850371707708594e-17])).toBeLessThan(1e-31);
    expect(ddRelErr(ddMul(third, [3, 0]), [1, 0])).toBeLessThan(1e-31);
    // (1 + 2^-60) − 1 keeps the 2^-60 that float64 loses
    expect(ddSub(ddAdd([1, 0], [2 ** -60, 0]), [1, 0])).toEqual([2 ** -60, 0]);
  });

  it('exp, log, sqrt and pow agree with 50-digit references', () => {
    expect(ddRelErr(ddExp([1, 0]), [2.718281828459045, 1.4456468917292502e-16])).toBeLessThan(1e-31);
    expect(ddRelErr(ddExp([-3.7, 0]), [0.024723526470339388, -1.294857794723138e-18])).toBeLessThan(1e-30);
    expect(ddRelErr(ddExp([50.3, 0]), [6.998620422451237e21, -343876.13244887604])).toBeLessThan(1e-30);
    expect(ddRelErr(ddLog([2, 0]), [0.6931471805599453, 2.3190468138462996e-17])).toBeLessThan(1e-31);
    expect(ddRelErr(ddLog([10, 0]), [2.302585092994046, -2.1707562233822494e-16])).toBeLessThan(1e-31);
    expect(ddRelErr(ddLog([0.001, 0]), [-6.907755278982137, -2.1613487097372872e-16])).toBeLessThan(1e-30);
    expect(ddRelErr(ddSqrt([2, 0]), [1.4142135623730951, -9.667293313452913e-17])).toBeLessThan(1e-31);
    expect(ddRelErr(ddPow([2, 0], [0.3, 0]), [1.2311444133449163, -3.572339831433251e-17])).toBeLessThan(1e-30);
  });

  it('log inverts exp, sqrt squares back, powi matches repeated products', () => {
    for (const x of [-20, -1.5, -1e-3, 0.37, 2, 11.25, 300]) {
      expect(ddRelErr(ddLog(ddExp([x, 0])), [x, 0])).toBeLessThan(1e-30);
    }
    for (const x of [1e-8, 0.5, 3, 1e10]) {
      const s = ddSqrt([x, 0]);
      expect(ddRelErr(ddMul(s, s), [x, 0])).toBeLessThan(1e-31);
    }
    const a: DD = [1.1, 0];
    expect(ddRelErr(ddPowi(a, 5), ddMul(ddMul(ddMul(a, a), ddMul(a, a)), a))).toBeLessThan(1e-31);
    expect(ddRelErr(ddPowi(a, -3), ddDiv([1, 0], ddMul(ddMul(a, a), a)))).toBeLessThan(1e-31);
  });

  it('falls back to float64 semantics outside the domains', () => {
    expect(ddLog([0, 0])[0]).toBe(-Infinity);
    expect(ddLog([-1, 0])[0]).toBeNaN();
    expect(ddSqrt([-1, 0])[0]).toBeNaN();
    expect(ddSqrt([0, 0])[0]).toBe(0);
    expect(ddExp([1000, 0])[0]).toBe(Infinity);
    expect(ddExp([-1000, 0])[0]).toBe(0);
    expect(ddExp([NaN, 0])[0]).toBeNaN();
    expect(ddPow([-2, 0], [3, 0])[0]).toBe(-8);
  });
});
