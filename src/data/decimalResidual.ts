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
 * The caller has checked the grammar (`classifyCell` said Finite); this only reads digits.
 */
import { addD, div, mul, mulD, twoProd, twoSum, type DD } from './doubleDouble';
import { EXACT_POW10, MAX_POW10, pow10 } from './powersOfTen';

const CHUNK = 15; // digits per exact-double chunk (10^15 < 2^53)
const MAX_DIGITS = 3 * CHUNK; // digits beyond this are below dd precision
const TINY = 1e-250;
const TWO_256 = 2 ** 256;

/** Significant digits and decimal scale of a validated number text, reused across calls. */
interface Digits {
  chunks: number[];
  lastLen: number; // digits in the last chunk
  scale: number; // value = M × 10^scale
}

const scratch: Digits = { chunks: [0, 0, 0], lastLen: 0, scale: 0 };

function readDigits(s: string, decimalComma: boolean): Digits {
  const sep = decimalComma ? 44 : 46;
  const d = scratch;
  d.chunks.length = 0;
  let chunk = 0;
  let len = 0;
  let kept = 0;
  let scale = 0;
  let afterSep = false;
  let i = 0;
  const n = s.length;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === sep) { afterSep = true; continue; }
    if ((c | 32) === 101) break; // exponent
    if (c < 48 || c > 57) continue; // blanks and sign
    if (kept === 0 && c === 48) { if (afterSep) scale--; continue; } // leading zero
    if (kept < MAX_DIGITS) {
      chunk = chunk * 10 + (c - 48);
      kept++;
      if (++len === CHUNK) { d.chunks.push(chunk); chunk = 0; len = 0; }
      if (afterSep) scale--;
    } else if (!afterSep) {
      scale++; // a dropped digit before the separator still shifts the value
    }
  }
  if (len > 0 || d.chunks.length === 0) d.chunks.push(chunk);
  d.lastLen = len > 0 ? len : CHUNK;
  if (i < n) scale += Number(s.slice(i + 1).trim());
  d.scale = scale;
  return d;
}

/** M as a dd (exact while it has ≤ 30 digits). */
function mantissa(d: Digits): DD {
  let m: DD = [d.chunks[0] ?? 0, 0];
  for (let k = 1; k < d.chunks.length; k++) {
    const width = k === d.chunks.length - 1 ? d.lastLen : CHUNK;
    m = addD(mulD(m, EXACT_POW10[width] ?? 1), d.chunks[k] ?? 0);
  }
  return m;
}

/**
 * lo for a cell whose text is a finite number with correctly rounded value `hi`.
 * Returns 0 when hi is 0 or not finite (nothing representable to add).
 */
export function decimalResidual(text: string, hi: number, decimalComma = false): number {
  if (hi === 0 || !Number.isFinite(hi)) return 0;
  const d = readDigits(text, decimalComma);
  const sign = hi < 0 ? -1 : 1;
  const a = sign * hi; // work with the magnitude; the text's sign only flips the result
  const s = d.scale;
  if (d.chunks.length === 1 && s >= -22 && s <= 22) {
    const m = d.chunks[0] ?? 0;
    if (s >= 0) {
      const [p, e] = twoProd(m, EXACT_POW10[s] ?? 1);
      return sign * ((p - a) + e) || 0; // || 0: no −0 for exact cells
    }
    const P = EXACT_POW10[-s] ?? 1;
    const [p, e] = twoProd(a, P); // a·P = p + e exactly; value − a = (m − a·P) / P
    return sign * (((m - p) - e) / P) || 0;
  }
  return sign * generalResidual(d, a) || 0;
}

function generalResidual(d: Digits, a: number): number {
  let m = mantissa(d);
  const s = d.scale;
  let v: DD;
  let k = 1;
  if (s >= 0) {
    if (s > MAX_POW10) return 0;
    v = mul(m, pow10(s));
  } else {
    if (a < TINY) { k = TWO_256; m = [m[0] * k, m[1] * k]; }
    const n = -s;
    v = div(m, pow10(Math.min(n, MAX_POW10)));
    if (n > MAX_POW10) v = div(v, pow10(n - MAX_POW10));
  }
  const [t, e] = twoSum(v[0], -a * k);
  const lo = (t + (e + v[1])) / k;
  return Number.isFinite(lo) ? lo : 0;
}
