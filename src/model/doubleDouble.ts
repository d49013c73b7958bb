/**
 * Double-double arithmetic: a value is the unevaluated sum hi + lo of two doubles with
 * |lo| ≤ ½ulp(hi), about 106 significant bits (~32 decimal digits).
 *
 * Built on error-free transformations: TwoSum (Knuth, TAOCP vol. 2 §4.2.2; Møller 1965), FastTwoSum
 * and TwoProd via Veltkamp's split (Dekker, "A floating-point technique for extending the available
 * precision", Numer. Math. 18, 1971). The dd operations follow Hida, Li & Bailey's QD library
 * ("Algorithms for quad-double precision floating point arithmetic", ARITH-15, 2001; dd_real.cpp).
 *
 * These identities need round-to-nearest binary64 with no fused or reassociated operations. That
 * holds for JavaScript: numbers are IEEE binary64 and ECMAScript fixes the evaluation order, so V8
 * may neither contract a*b + c into an FMA nor reassociate. (It does not hold in WGSL: see
 * DESIGN.md; this file is for the CPU only.)
 */

/** [hi, lo], normalised: hi = fl(hi + lo). */
export type DD = readonly [number, number];

export const dd = (hi: number, lo = 0): DD => [hi, lo];

/** Knuth's TwoSum: s + e = a + b exactly, s = fl(a + b); no condition on a, b. */
export function twoSum(a: number, b: number): DD {
  const s = a + b;
  const bb = s - a;
  return [s, (a - (s - bb)) + (b - bb)];
}

/** Dekker's FastTwoSum: exact when |a| ≥ |b| (or a = 0). */
export function quickTwoSum(a: number, b: number): DD {
  const s = a + b;
  return [s, b - (s - a)];
}

const SPLITTER = 134217729; // 2^27 + 1
const SPLIT_THRESH = 6.69692879491417e299; // 2^996: beyond it a·SPLITTER overflows

/** Veltkamp's split: a = hi + lo exactly, each half with at most 26 significant bits. (For |a|
 *  above (1 − 2⁻²⁷)·2¹⁰²⁴, the last doubles before overflow, hi rounds to ±∞, as in QD.) */
export function split(a: number): DD {
  if (a > SPLIT_THRESH || a < -SPLIT_THRESH) {
    const s = a * 3.725290298461914e-9; // 2^-28
    const t = SPLITTER * s;
    const hi = t - (t - s);
    return [hi * 268435456, (s - hi) * 268435456];
  }
  const t = SPLITTER * a;
  const hi = t - (t - a);
  return [hi, a - hi];
}

/** Dekker's TwoProd: p + e = a·b exactly (barring overflow and underflow), p = fl(a·b). */
export function twoProd(a: number, b: number): DD {
  const p = a * b;
  const [ah, al] = split(a);
  const [bh, bl] = split(b);
  return [p, ((ah * bh - p) + ah * bl + al * bh) + al * bl];
}

/** a + b, QD's accurate ("IEEE") addition: relative error ~2⁻¹⁰⁶ even under cancellation. */
export function ddAdd(a: DD, b: DD): DD {
  const [s1, s2] = twoSum(a[0], b[0]);
  const [t1, t2] = twoSum(a[1], b[1]);
  const [u1, u2] = quickTwoSum(s1, s2 + t1);
  return quickTwoSum(u1, u2 + t2);
}

export function ddNeg(a: DD): DD {
  return [-a[0], -a[1]];
}

export function ddSub(a: DD, b: DD): DD {
  return ddAdd(a, ddNeg(b));
}

/** a · b. */
export function ddMul(a: DD, b: DD): DD {
  const [p1, p2] = twoProd(a[0], b[0]);
  return quickTwoSum(p1, p2 + (a[0] * b[1] + a[1] * b[0]));
}

/** a · b for a double b. */
export function ddMulD(a: DD, b: number): DD {
  const [p1, p2] = twoProd(a[0], b);
  return quickTwoSum(p1, p2 + a[1] * b);
}

/** a / b by long division with three quotient digits (QD's accurate_div). */
export function ddDiv(a: DD, b: DD): DD {
  const q1 = a[0] / b[0];
  let r = ddSub(a, ddMulD(b, q1));
  const q2 = r[0] / b[0];
  r = ddSub(r, ddMulD(b, q2));
  const q3 = r[0] / b[0];
  return ddAdd(quickTwoSum(q1, q2), [q3, 0]);
}

/** The double nearest to a. */
export function ddToNumber(a: DD): number {
  return a[0] + a[1];
}
