/**
 * One line of bytes read as a row of finite numbers, in place: the fast path of the byte ingest.
 *
 * A line qualifies only when it is exactly what the general path would turn into `count` finite
 * number cells with no side effect beyond appending them: `count` fields (delimited: separated by the
 * delimiter byte; whitespace: by runs of spaces and tabs), each optional blanks, a number of the
 * cell grammar (decimalBytes.ts), optional blanks. Anything else (an empty or text cell, NaN/inf, a
 * quote, a wrong field count, a non-ASCII byte) returns false and the caller hands the line to the
 * general path, which says what is wrong with it exactly as before.
 */
import { bytesDigits, decimalEnd, decimalFromBytes } from './decimalBytes';
import { CHUNK, type DecimalDigits } from './decimalDigits';
import { residualOf } from './decimalResidual';

export interface RowShape {
  /** Delimiter byte, or -1 for runs of blanks. */
  readonly delimiter: number;
  /** Decimal separator byte. */
  readonly sep: number;
  /** Fields a row must have. */
  readonly count: number;
}

const SPACE = 32;
const TAB = 9;

/**
 * Parses b[start, end) into values (and lo, when given). Returns false when the line is not a plain
 * numeric row; values may then hold garbage.
 */
export function readNumericRow(
  b: Uint8Array,
  start: number,
  end: number,
  shape: RowShape,
  values: Float64Array,
  lo: Float64Array | null,
): boolean {
  const { delimiter, sep, count } = shape;
  const blanks = delimiter < 0;
  let i = start;
  for (let k = 0; k < count; k++) {
    while (i < end && (b[i] === SPACE || (b[i] === TAB && delimiter !== TAB))) i++;
    if (i >= end) return false;
    let v = quickDecimal(b, i, end, sep);
    if (v === v) {
      i = quickEnd;
      if (lo) {
        quick.chunks[0] = quickM;
        quick.scale = quickScale;
        lo[k] = residualOf(quick, v);
      }
    } else {
      v = decimalFromBytes(b, i, end, sep); // the general reader: hard digit strings, or not a number
      if (v !== v) return false;
      i = decimalEnd;
      if (lo) lo[k] = residualOf(bytesDigits, v);
    }
    values[k] = v;
    let c = i < end ? (b[i] as number) : -1;
    if (blanks) {
      if (c !== -1 && c !== SPACE && c !== TAB) return false;
      while (i < end && (b[i] === SPACE || b[i] === TAB)) i++;
      if (k === count - 1) return i === end;
      continue;
    }
    while (c === SPACE || (c === TAB && delimiter !== TAB)) c = ++i < end ? (b[i] as number) : -1;
    if (k === count - 1) return i === end;
    if (c !== delimiter) return false;
    i++;
  }
  return false;
}

const LF = 10;
const CR = 13;

/**
 * As `readNumericRow` for the line that starts at `start`, without knowing where it ends: the
 * fields are read up to the line break, so the caller need not scan for it first (an indexOf per
 * line cost ~15% of a parse). Returns the index of the LF that ends the row (a CR before it is
 * part of the break), or −1 when the line is not a plain numeric row or has no LF before `limit`;
 * the caller then finds the line end and takes the general path, which gives the same verdict.
 * The same rows qualify as for `readNumericRow(b, start, end)` with end the line's end (CR or LF):
 * a number never takes a line break, blank or delimiter byte, so the bound changes nothing but
 * where the last field must stop.
 */
export function readNumericLine(
  b: Uint8Array,
  start: number,
  limit: number,
  shape: RowShape,
  values: Float64Array,
  lo: Float64Array | null,
): number {
  const { delimiter, sep, count } = shape;
  const blanks = delimiter < 0;
  let i = start;
  for (let k = 0; k < count; k++) {
    while (i < limit && (b[i] === SPACE || (b[i] === TAB && delimiter !== TAB))) i++;
    if (i >= limit || b[i] === LF || b[i] === CR) return -1;
    let v = quickDecimal(b, i, limit, sep);
    if (v === v) {
      i = quickEnd;
      if (lo) {
        quick.chunks[0] = quickM;
        quick.scale = quickScale;
        lo[k] = residualOf(quick, v);
      }
    } else {
      v = decimalFromBytes(b, i, limit, sep);
      if (v !== v) return -1;
      i = decimalEnd;
      if (lo) lo[k] = residualOf(bytesDigits, v);
    }
    values[k] = v;
    let c = i < limit ? (b[i] as number) : -1;
    if (blanks) {
      if (c !== LF && c !== CR && c !== SPACE && c !== TAB) return -1;
      while (i < limit && (b[i] === SPACE || b[i] === TAB)) i++;
      if (k === count - 1) return lineBreak(b, i, limit);
      continue;
    }
    while (c === SPACE || (c === TAB && delimiter !== TAB)) c = ++i < limit ? (b[i] as number) : -1;
    if (k === count - 1) return lineBreak(b, i, limit);
    if (c !== delimiter) return -1;
    i++;
  }
  return -1;
}

/** The LF at i, or after a CR at i; else −1 (a lone CR, more bytes, or the limit). */
function lineBreak(b: Uint8Array, i: number, limit: number): number {
  if (i < limit && b[i] === LF) return i;
  if (i + 1 < limit && b[i] === CR && b[i + 1] === LF) return i + 1;
  return -1;
}

const EXACT: readonly number[] = Array.from({ length: 23 }, (_, n) => Number(10n ** BigInt(n)));
let quickEnd = 0;
let quickM = 0;
let quickScale = 0;
/** The digits of a quick number for `residualOf`, whose fast case reads only count, chunks[0] and scale. */
const quick: DecimalDigits = { negative: false, chunks: [0, 0, 0], count: 1, lastLen: CHUNK, scale: 0 };

/**
 * Clinger's fast path only, in one tight pass: [sign] digits [sep digits] [e [sign] digits] with at most
 * 15 digits after the leading zeros and |scale| ≤ 22, the value m × 10^scale rounded once (the same
 * operation `decimalFromBytes` performs in that case, so the same double). NaN for anything else
 * (more digits, a larger exponent, or not a number): the caller then asks `decimalFromBytes`.
 */
function quickDecimal(b: Uint8Array, from: number, to: number, sep: number): number {
  let i = from;
  let c = b[i] as number;
  const negative = c === 45;
  if (negative || c === 43) c = b[++i] as number;
  // Digits are counted by position, not one by one: leading zeros skipped first, then m built.
  const begin = i;
  while (i < to && c === 48) c = b[++i] as number;
  let m = 0;
  let first = i; // the first significant digit, if any
  while (i < to && c >= 48 && c <= 57) {
    m = m * 10 + (c - 48);
    c = b[++i] as number;
  }
  let digits = i - first; // significant digits in m (leading zeros do not count)
  let seen = i - begin;
  let scale = 0;
  if (i < to && c === sep) {
    c = b[++i] as number;
    const fraction = i;
    if (m === 0) while (i < to && c === 48) c = b[++i] as number; // 0.000123: still leading zeros
    first = i;
    while (i < to && c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      c = b[++i] as number;
    }
    digits += i - first;
    seen += i - fraction;
    scale = fraction - i;
  }
  if (seen === 0 || digits > 15) return NaN;
  if (i < to && (c | 32) === 101) {
    c = b[++i] as number;
    const minus = c === 45;
    if (minus || c === 43) c = b[++i] as number;
    let e = 0;
    const start = i;
    while (i < to && c >= 48 && c <= 57 && e < 1000) {
      e = e * 10 + (c - 48);
      c = b[++i] as number;
    }
    if (i === start || (i < to && c >= 48 && c <= 57)) return NaN;
    scale += minus ? -e : e;
  }
  if (scale < -22 || scale > 22) return NaN;
  quickEnd = i;
  quickM = m;
  quickScale = scale;
  const x = scale >= 0 ? m * (EXACT[scale] as number) : m / (EXACT[-scale] as number);
  return negative ? -x : x;
}
