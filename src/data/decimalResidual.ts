/**
 * The decimal residual of a number cell: lo such that the decimal text equals hi + lo to ~30
 * significant digits, where hi is the correctly rounded double of the text.
 *
 * Why: some reference problems live below binary64's resolution of their own data. NIST Lanczos1 has
 * a certified residual sum of squares of 1.4e-25, smaller than the rounding error of its y values in
 * float64; the fit statistics use hi + lo to report it correctly.
 *
 * Method: write the text as M × 10^s with M the (at most 45) significant digits as an integer.
 *  - Fast path, M < 10^15 and |s| ≤ 22 (nearly all real data): M and 10^|s| are exact doubles, so
 *    one TwoProduct gives the exact error of hi against them (no dd rounding at all).
 *  - Otherwise M is assembled from 15-digit chunks in dd (exact up to 30 digits), scaled by the
 *    correctly rounded dd power of ten, and lo = (dd − hi) with TwoSum. Results below ~1e-250 are
 *    computed scaled by 2^256 so that the dd low word does not fall into the subnormal range.
 *  - 16–30 digits with |s| ≤ 22 (17-digit files: Python's repr, %.17g): the same dd operations in
 *    the same order, written out on scalars (`twoChunkResidual`), so no [hi, lo] array is made per
 *    cell; the result is the general path's bit for bit (decimalResidual.test.ts).
 */
import { CHUNK, EXACT_POW10, readDigits, type DecimalDigits } from './decimalDigits';
// The model's double-double kernel (QD-style), shared rather than copied.
import { ddAdd, ddDiv, ddMul, ddMulD, twoSum, type DD } from '../model/doubleDouble';
import { MAX_POW10, pow10 } from './powersOfTen';
import { productError } from './productError';

const TINY = 1e-250;
const TWO_256 = 2 ** 256;

/** M as a dd (exact while it has ≤ 30 digits). */
function mantissa(d: DecimalDigits): DD {
  let m: DD = [d.chunks[0], 0];
  for (let k = 1; k < d.count; k++) {
    const width = k === d.count - 1 ? d.lastLen : CHUNK;
    m = ddAdd(ddMulD(m, EXACT_POW10[width] ?? 1), [d.chunks[k] ?? 0, 0]);
  }
  return m;
}

/**
 * lo for a cell whose text is a finite number with correctly rounded value `hi`.
 * Returns 0 when hi is 0 or not finite (nothing representable to add).
 */
export function decimalResidual(text: string, hi: number, decimalComma = false): number {
  return residualOf(readDigits(text, decimalComma), hi);
}

/** As `decimalResidual`, from digits already read. */
export function residualOf(d: DecimalDigits, hi: number): number {
  const s = d.scale;
  if (d.count === 1 && s >= -22 && s <= 22) return clingerResidual(d.chunks[0], s, hi);
  if (hi === 0 || !Number.isFinite(hi)) return 0;
  const sign = hi < 0 ? -1 : 1;
  const a = sign * hi; // work with the magnitude; the text's sign only flips the result
  if (d.count === 2 && s >= -22 && s <= 22) return sign * twoChunkResidual(d.chunks[0], d.chunks[1], d.lastLen, s, a) || 0;
  return sign * generalResidual(d, a) || 0;
}

/** `residualOf` for M = c0 · 10^lastLen + c1 (two chunks) and |s| ≤ 22, from scalars (the byte reader's 16–19 digit path). */
export function twoChunkResidualOf(c0: number, c1: number, lastLen: number, s: number, hi: number): number {
  if (hi === 0 || !Number.isFinite(hi)) return 0;
  const sign = hi < 0 ? -1 : 1;
  return sign * twoChunkResidual(c0, c1, lastLen, s, sign * hi) || 0;
}

/**
 * `residualOf` for M < 10^15 and |s| ≤ 22 (one chunk: Clinger's case), from scalars: the byte
 * reader's fast path calls it per cell without filling a DecimalDigits.
 */
export function clingerResidual(m: number, s: number, hi: number): number {
  if (hi === 0 || !Number.isFinite(hi)) return 0;
  const sign = hi < 0 ? -1 : 1;
  const a = sign * hi; // work with the magnitude; the text's sign only flips the result
  if (s >= 0) {
    const P = EXACT_POW10[s] as number;
    const p = m * P; // m·10^s = p + e exactly; p = a
    return sign * ((p - a) + productError(m, P, p)) || 0; // || 0: no −0 for exact cells
  }
  const P = EXACT_POW10[-s] as number;
  const p = a * P; // a·P = p + e exactly; value − a = (m − a·P) / P
  return sign * (((m - p) - productError(a, P, p)) / P) || 0;
}

/**
 * `generalResidual` for M = c0 · 10^L + c1 (two chunks) and |s| ≤ 22, where 10^|s| is an exact
 * double P (pow10's lo is 0) and a ≥ 10^-7 (no 2^256 scaling): mantissa's ddMulD and ddAdd, then
 * ddMul(m, [P, 0]) or ddDiv(m, [P, 0]), then the final TwoSum, each dd operation of
 * model/doubleDouble.ts expanded in place with its operations in its order (twoProd as
 * productError: its split's large-value branch needs |x| > 2^996), the zero low words kept as
 * terms (they only decide the sign of a zero, which the caller's `|| 0` drops anyway).
 */
function twoChunkResidual(c0: number, c1: number, lastLen: number, s: number, a: number): number {
  // m = ddMulD([c0, 0], W): twoProd, then quickTwoSum(p1, p2 + 0·W)
  const W = EXACT_POW10[lastLen] as number;
  let p1 = c0 * W;
  let p2 = productError(c0, W, p1) + 0 * W;
  let h = p1 + p2;
  let l = p2 - (h - p1);
  // m = ddAdd(m, [c1, 0])
  let s1 = h + c1;
  let bb = s1 - h;
  let s2 = (h - (s1 - bb)) + (c1 - bb);
  let t1 = l + 0;
  bb = t1 - l;
  let t2 = (l - (t1 - bb)) + (0 - bb);
  let u1 = s1 + (s2 + t1);
  let u2 = (s2 + t1) - (u1 - s1);
  const m0 = u1 + (u2 + t2);
  const m1 = (u2 + t2) - (m0 - u1);
  let v0: number;
  let v1: number;
  if (s >= 0) {
    // v = ddMul(m, [P, 0]): twoProd(m0, P), quickTwoSum(p1, p2 + (m0·0 + m1·P))
    const P = EXACT_POW10[s] as number;
    p1 = m0 * P;
    p2 = productError(m0, P, p1);
    const q = p2 + (m0 * 0 + m1 * P);
    v0 = p1 + q;
    v1 = q - (v0 - p1);
  } else {
    // v = ddDiv(m, [P, 0]): three quotient digits, each remainder r − ddMulD([P, 0], q) by ddAdd
    const P = EXACT_POW10[-s] as number;
    // Two quotient digits q1, q2, each followed by r = ddAdd(r, −ddMulD([P, 0], q)), r from m.
    let r0 = m0;
    let r1 = m1;
    let q1 = 0;
    let q2 = 0;
    for (let digit = 0; digit < 2; digit++) {
      const q = r0 / P;
      if (digit === 0) q1 = q;
      else q2 = q;
      p1 = P * q;
      p2 = productError(P, q, p1) + 0 * q;
      h = p1 + p2;
      l = p2 - (h - p1);
      s1 = r0 + -h;
      bb = s1 - r0;
      s2 = (r0 - (s1 - bb)) + (-h - bb);
      t1 = r1 + -l;
      bb = t1 - r1;
      t2 = (r1 - (t1 - bb)) + (-l - bb);
      u1 = s1 + (s2 + t1);
      u2 = (s2 + t1) - (u1 - s1);
      r0 = u1 + (u2 + t2);
      r1 = (u2 + t2) - (r0 - u1);
    }
    const q3 = r0 / P;
    // v = ddAdd(quickTwoSum(q1, q2), [q3, 0])
    const e0 = q1 + q2;
    const e1 = q2 - (e0 - q1);
    s1 = e0 + q3;
    bb = s1 - e0;
    s2 = (e0 - (s1 - bb)) + (q3 - bb);
    t1 = e1 + 0;
    bb = t1 - e1;
    t2 = (e1 - (t1 - bb)) + (0 - bb);
    u1 = s1 + (s2 + t1);
    u2 = (s2 + t1) - (u1 - s1);
    v0 = u1 + (u2 + t2);
    v1 = (u2 + t2) - (v0 - u1);
  }
  // twoSum(v0, −a), lo = t + (e + v1)
  const t = v0 + -a;
  bb = t - v0;
  const e = (v0 - (t - bb)) + (-a - bb);
  const lo = t + (e + v1);
  return Number.isFinite(lo) ? lo : 0;
}

/** The dd path for any digits: exported for the test that holds `twoChunkResidual` to it bit for bit. */
export function generalResidual(d: DecimalDigits, a: number): number {
  let m = mantissa(d);
  const s = d.scale;
  let v: DD;
  let k = 1;
  if (s >= 0) {
    if (s > MAX_POW10) return 0;
    v = ddMul(m, pow10(s));
  } else {
    if (a < TINY) { k = TWO_256; m = [m[0] * k, m[1] * k]; }
    const n = -s;
    v = ddDiv(m, pow10(Math.min(n, MAX_POW10)));
    if (n > MAX_POW10) v = ddDiv(v, pow10(n - MAX_POW10));
  }
  const [t, e] = twoSum(v[0], -a * k);
  const lo = (t + (e + v[1])) / k;
  return Number.isFinite(lo) ? lo : 0;
}
