/**
 * The correctly rounded double of ±M × 10^scale for 16–19 significant digits (M < 10^19) and
 * |scale| ≤ 22, without a string: the fast path for files written with 17 digits (Python's repr,
 * R's write.csv(digits = 17), numpy.savetxt('%.17g')), which Clinger's one-operation path
 * (M < 2^53) does not cover. Returns NaN when it cannot decide; the caller then asks Number().
 *
 * M comes as the 15-digit chunks of `DecimalDigits`: M = c0 · 10^L + c1 (c0 < 10^15, c1 < 10^L,
 * L ≤ 4), and 10^|scale| is an exact double P. With error-free transformations the value is written
 * exactly as V = h + T, h a double:
 *  - M = s + m exactly, s and m doubles: Dekker's product (T. J. Dekker, "A floating-point technique
 *    for extending the available precision", Numer. Math. 18, 1971: split and twoProduct) of c0 and
 *    10^L, then Knuth's twoSum (D. E. Knuth, TAOCP vol. 2, §4.2.2, Theorem B) with c1.
 *  - scale ≥ 0: h = fl(s · P) and its exact error by twoProduct; T = error + m · P.
 *  - scale < 0: h = fl(s / P); the remainder s − h · P is a double and is computed exactly with
 *    twoProduct (S. Boldo, M. Daumas, "Representable correcting terms for possibly underflowing
 *    floating point operations", ARITH 16, 2003); T = (remainder + m) / P.
 * T is then evaluated in floating point with a proven bound δ on its error (two roundings, each at
 * most 2^-53 relative, bounded generously by 2^-49), so T ∈ [t − δ, t + δ]. Rounding to nearest is
 * monotonic, and fl(h + u) is the correctly rounded h + u for doubles h, u: so when
 * fl(h + (t − δ)) = fl(h + (t + δ)) that double is the correctly rounded V. When they differ, V is
 * within δ of a rounding boundary (a tie or a near-tie, about one case in 2^48) and the caller falls
 * back to Number(text), so the result is always exactly parseFloat's. No FMA (JS has none), no
 * BigInt; all values stay normal (10^-7 ≤ V < 10^41), so no underflow spoils the transformations.
 */
import { EXACT_POW10 } from './decimalDigits';
import { productError } from './productError';

const BOUND = 2 ** -49; // generous relative bound on the error of t (two roundings of 2^-53 each)

/**
 * |value| for M = c0 · 10^lastLen + c1 (1 ≤ lastLen ≤ 4) and 10^scale, |scale| ≤ 22; NaN when the
 * value is too near a rounding boundary to decide here.
 */
export function exactDecimal19(c0: number, c1: number, lastLen: number, scale: number): number {
  // M = s + m exactly: c0 · 10^L = p + pe (Dekker), p + c1 = s + se (Knuth), m = se + pe.
  const p = c0 * (EXACT_POW10[lastLen] as number);
  const pe = productError(c0, EXACT_POW10[lastLen] as number, p);
  const s = p + c1;
  const z = s - p;
  const se = p - (s - z) + (c1 - z);
  const m = se + pe; // both integers of at most 2^10 (half an ulp of p < 2^64): exact
  let h: number;
  let t: number;
  let delta: number;
  if (scale >= 0) {
    const P = EXACT_POW10[scale] as number;
    h = s * P;
    const f = m * P;
    t = productError(s, P, h) + f; // T = error + m · P; two roundings: f's and the sum's
    delta = (Math.abs(f) + Math.abs(t)) * BOUND;
  } else {
    const P = EXACT_POW10[-scale] as number;
    h = s / P;
    const hp = h * P;
    const remainder = s - hp - productError(h, P, hp); // s − h·P: a double, so this is exact
    t = (remainder + m) / P; // two roundings: the sum's and the quotient's
    delta = Math.abs(t) * BOUND;
  }
  const low = h + (t - delta);
  return low === h + (t + delta) ? low : NaN;
}
