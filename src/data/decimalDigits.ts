/**
 * The digits of a decimal number text as exact integers: value = ±M × 10^scale, with M held in
 * chunks of at most 15 digits (each an exact double). Shared by the value (Clinger's fast path) and
 * the residual (`decimalResidual`), so each cell's text is scanned once for both.
 *
 * The caller has checked the grammar (`classifyCell` said Finite); this only reads digits. The
 * result lives in one reused object: read it before the next call.
 */

export const CHUNK = 15; // digits per exact-double chunk (10^15 < 2^53)
const MAX_DIGITS = 3 * CHUNK; // digits beyond this are below double-double precision
const MAX_EXPONENT = 100000; // clamp: anything past this is 0 or infinite anyway

/** Exact doubles 10^0..10^22. */
export const EXACT_POW10: readonly number[] = Array.from({ length: 23 }, (_, n) => Number(10n ** BigInt(n)));

export interface DecimalDigits {
  negative: boolean;
  /** M's digits, most significant chunk first; all chunks but the last have CHUNK digits. */
  chunks: [number, number, number];
  /** Chunks in use (1..3). */
  count: number;
  /** Digits in the last chunk. */
  lastLen: number;
  scale: number;
}

const scratch: DecimalDigits = { negative: false, chunks: [0, 0, 0], count: 0, lastLen: 0, scale: 0 };

export function readDigits(s: string, decimalComma: boolean): DecimalDigits {
  const sep = decimalComma ? 44 : 46;
  const d = scratch;
  d.count = 0;
  d.negative = false;
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
    if ((c | 32) === 101) break; // 'e' or 'E': the exponent follows
    if (c === 45) { d.negative = true; continue; }
    if (c < 48 || c > 57) continue; // blanks and '+'
    if (kept === 0 && c === 48) { if (afterSep) scale--; continue; } // leading zero
    if (kept < MAX_DIGITS) {
      chunk = chunk * 10 + (c - 48);
      kept++;
      if (++len === CHUNK) { d.chunks[d.count++] = chunk; chunk = 0; len = 0; }
      if (afterSep) scale--;
    } else if (!afterSep) {
      scale++; // a dropped digit before the separator still shifts the value
    }
  }
  if (len > 0 || d.count === 0) d.chunks[d.count++] = chunk;
  d.lastLen = len > 0 ? len : CHUNK;
  if (i < n) scale += readExponent(s, i + 1);
  d.scale = scale;
  return d;
}

function readExponent(s: string, from: number): number {
  let i = from;
  let sign = 1;
  if (s.charCodeAt(i) === 45) { sign = -1; i++; } else if (s.charCodeAt(i) === 43) i++;
  let e = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) break;
    if (e < MAX_EXPONENT) e = e * 10 + (c - 48);
  }
  return sign * e;
}

/**
 * The correctly rounded value when Clinger's fast path applies (M < 10^15 and |scale| ≤ 22: M and
 * 10^|scale| are exact doubles, so one IEEE multiply or divide rounds the exact value once), else
 * null. Covers nearly every cell of real data, and is several times faster than Number().
 */
export function fastValue(d: DecimalDigits): number | null {
  if (d.count !== 1 || d.scale < -22 || d.scale > 22) return null;
  const m = d.chunks[0];
  const v = d.scale >= 0 ? m * (EXACT_POW10[d.scale] as number) : m / (EXACT_POW10[-d.scale] as number);
  return d.negative ? -v : v;
}
