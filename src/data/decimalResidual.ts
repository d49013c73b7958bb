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
  if (hi === 0 || !Number.isFinite(hi)) return 0;
  const sign = hi < 0 ? -1 : 1;
  const a = sign * hi; // work with the magnitude; the text's sign only flips the result
  const s = d.scale;
  if (d.count === 1 && s >= -22 && s <= 22) {
    const m = d.chunks[0];
    if (s >= 0) {
      const P = EXACT_POW10[s] as number;
      const p = m * P; // m·10^s = p + e exactly; p = a
      return sign * ((p - a) + productError(m, P, p)) || 0; // || 0: no −0 for exact cells
    }
    const P = EXACT_POW10[-s] as number;
    const p = a * P; // a·P = p + e exactly; value − a = (m − a·P) / P
    return sign * (((m - p) - productError(a, P, p)) / P) || 0;
  }
  return sign * generalResidual(d, a) || 0;
}

function generalResidual(d: DecimalDigits, a: number): number {
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
