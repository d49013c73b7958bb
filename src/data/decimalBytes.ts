/**
 * Decimal-to-double straight from bytes: one number field of a Uint8Array, no string made for it.
 *
 * It reads exactly the number grammar of `numberText.ts` (blanks excluded: the caller trims them)
 *
 *   [sign] (digits [sep digits*] | sep digits) [(e|E) [sign] digits]
 *
 * and fills the same `DecimalDigits` that `readDigits` fills for the same text (M in 15-digit chunks,
 * at most 45 digits kept, the scale), so the residual (`residualOf`) comes from the same scan.
 *
 * The value is the correctly rounded double, i.e. exactly what parseFloat returns:
 *  - Clinger's fast path (W. D. Clinger, "How to read floating point numbers accurately", PLDI 1990):
 *    when M < 10^15 and |scale| ≤ 22, M and 10^|scale| are exact doubles, so one IEEE multiply or
 *    divide rounds the exact quotient/product once. Nearly every cell of measured data is this case.
 *  - 16–19 significant digits (M < 10^19) and |scale| ≤ 22: `exactDecimal19`, exact with
 *    error-free transformations, deciding the rounding unless the value is within its error bound
 *    of a tie (then the next case).
 *  - Otherwise (20+ significant digits, undecided near-ties, large exponents, subnormals, overflow) the field's text is
 *    made and handed to Number(), which ECMA-262 requires to round correctly (StringToNumber; V8
 *    implements it with Eisel–Lemire, D. Lemire, "Number parsing at a gigabyte per second",
 *    Software: Practice and Experience 51(8), 2021, and a big-integer fallback). Rare in data, and
 *    still exact.
 *
 * Returns NaN when the bytes are not a number of that grammar (a finite number is never NaN), and
 * `decimalEnd` says where the number stopped, so a caller can parse fields in place.
 */
import { CHUNK, EXACT_POW10, type DecimalDigits } from './decimalDigits';
import { exactDecimal19 } from './exactDecimal19';

/** The 16–19 digit path on; FITBENCH_NO_FAST19=1 turns it off (the bench compares both in one run). */
export const FAST19 = typeof process === 'undefined' || process.env?.FITBENCH_NO_FAST19 !== '1';

const MAX_DIGITS = 3 * CHUNK; // as readDigits: digits beyond this are below double-double precision
const MAX_EXPONENT = 100000; // as readDigits' exponent clamp

/** The digits of the last number read (reused: read it before the next call). */
export const bytesDigits: DecimalDigits = { negative: false, chunks: [0, 0, 0], count: 0, lastLen: 0, scale: 0 };

/** Index just past the last number read (valid after a non-NaN result). */
export let decimalEnd = 0;

/**
 * Reads a number starting at `from` (no leading blanks) and stopping at the first byte that cannot
 * continue it, at most `to`. `sep` is the decimal separator byte ('.' = 46 or ',' = 44).
 */
export function decimalFromBytes(b: Uint8Array, from: number, to: number, sep: number): number {
  const d = bytesDigits;
  let i = from;
  let c = i < to ? (b[i] as number) : 0;
  let negative = false;
  if (c === 45) { negative = true; i++; } else if (c === 43) i++;
  let chunk = 0;
  let len = 0;
  let kept = 0;
  let scale = 0;
  let count = 0;
  let seen = 0; // digits of the mantissa, leading zeros included
  let afterSep = false;
  for (; i < to; i++) {
    c = b[i] as number;
    if (c === sep && !afterSep) { afterSep = true; continue; }
    const v = c - 48;
    if (v < 0 || v > 9) break;
    seen++;
    if (kept === 0 && v === 0) { if (afterSep) scale--; continue; } // leading zero
    if (kept < MAX_DIGITS) {
      chunk = chunk * 10 + v;
      kept++;
      if (++len === CHUNK) { d.chunks[count++] = chunk; chunk = 0; len = 0; }
      if (afterSep) scale--;
    } else if (!afterSep) scale++; // a dropped digit before the separator still shifts the value
  }
  if (seen === 0) return NaN;
  if (i < to && ((b[i] as number) | 32) === 101) {
    i++;
    let sign = 1;
    c = i < to ? (b[i] as number) : 0;
    if (c === 45) { sign = -1; i++; } else if (c === 43) i++;
    const start = i;
    let e = 0;
    for (; i < to; i++) {
      const v = (b[i] as number) - 48;
      if (v < 0 || v > 9) break;
      if (e < MAX_EXPONENT) e = e * 10 + v;
    }
    if (i === start) return NaN;
    scale += sign * e;
  }
  if (len > 0 || count === 0) d.chunks[count++] = chunk;
  d.count = count;
  d.lastLen = len > 0 ? len : CHUNK;
  d.scale = scale;
  d.negative = negative;
  decimalEnd = i;
  if (count === 1 && scale >= -22 && scale <= 22) {
    const m = d.chunks[0];
    const x = scale >= 0 ? m * (EXACT_POW10[scale] as number) : m / (EXACT_POW10[-scale] as number);
    return negative ? -x : x;
  }
  if (count === 2 && len > 0 && len <= 4 && scale >= -22 && scale <= 22 && FAST19) {
    const x = exactDecimal19(d.chunks[0], d.chunks[1], len, scale); // 16–19 digits; NaN near a tie
    if (x === x) return negative ? -x : x;
  }
  return Number(asciiText(b, from, i, sep));
}

/** The number's bytes as JS text, the decimal separator as '.': only for the rare hard cases. */
function asciiText(b: Uint8Array, from: number, to: number, sep: number): string {
  let s = '';
  for (let i = from; i < to; i++) {
    const c = b[i] as number;
    s += String.fromCharCode(c === sep ? 46 : c);
  }
  return s;
}
