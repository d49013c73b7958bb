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
import { bytesDigits, decimalEnd, decimalFromBytes, FAST19 } from './decimalBytes';
import { clingerResidual, residualOf, twoChunkResidualOf } from './decimalResidual';
import { exactDecimal19 } from './exactDecimal19';

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
    i = readField(b, i, end, sep, values, lo, k);
    if (i < 0) return false;
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

/** Where the last `readNumericLines` stopped: the first byte of the first line it did not take. */
export let linesEnd = 0;

/**
 * Consecutive plain numeric rows from `start`, each written straight into the columns (cell k of
 * the r-th row taken into values[k][at + r], its residual into lo[k][at + r] when lo is given, its
 * line number line + r into lines[at + r]): the number of rows taken, at most `room`; `linesEnd`
 * is where the next line starts. One call reads a whole chunk's run of numeric lines, with no call
 * or copy per row into the Table's builder (TableBuilder.numericBlock).
 *
 * A row is taken as `readNumericRow(b, start, end)` takes it, end its line's end (CR or LF), when it
 * has an LF before `limit` and at most maxLine bytes: the fields are read up to the line break, so
 * no scan for it comes first (an indexOf per line cost ~15% of a parse), and a number never takes a
 * line break, blank or delimiter byte, so the bound changes nothing but where the last field must
 * stop. The first line that is not such a row stops the run (the caller finds its end and takes
 * the general path, which gives the same verdict); its cells may have been written at its row.
 */
export function readNumericLines(
  b: Uint8Array,
  start: number,
  limit: number,
  shape: RowShape,
  values: readonly Float64Array[],
  lo: readonly Float64Array[] | null,
  lines: Int32Array,
  at: number,
  room: number,
  line: number,
  maxLine: number,
): number {
  const { delimiter, sep, count } = shape;
  const blanks = delimiter < 0;
  let pos = start;
  let r = 0;
  rows: for (; r < room; r++) {
    const row = at + r;
    let i = pos;
    let lf = -1;
    for (let k = 0; k < count; k++) {
      while (i < limit && (b[i] === SPACE || (b[i] === TAB && delimiter !== TAB))) i++;
      if (i >= limit || b[i] === LF || b[i] === CR) break rows;
      i = readField(b, i, limit, sep, values[k] as Float64Array, lo ? (lo[k] as Float64Array) : null, row);
      if (i < 0) break rows;
      let c = i < limit ? (b[i] as number) : -1;
      if (blanks) {
        if (c !== LF && c !== CR && c !== SPACE && c !== TAB) break rows;
        while (i < limit && (b[i] === SPACE || b[i] === TAB)) i++;
        if (k === count - 1) lf = lineBreak(b, i, limit);
        continue;
      }
      while (c === SPACE || (c === TAB && delimiter !== TAB)) c = ++i < limit ? (b[i] as number) : -1;
      if (k === count - 1) lf = lineBreak(b, i, limit);
      else if (c !== delimiter) break rows;
      else i++;
    }
    if (lf < 0 || (lf > pos && b[lf - 1] === CR ? lf - 1 : lf) - pos > maxLine) break;
    lines[row] = line + r;
    pos = lf + 1;
  }
  linesEnd = pos;
  return r;
}

/** The LF at i, or after a CR at i; else −1 (a lone CR, more bytes, or the limit). */
function lineBreak(b: Uint8Array, i: number, limit: number): number {
  if (i < limit && b[i] === LF) return i;
  if (i + 1 < limit && b[i] === CR && b[i + 1] === LF) return i + 1;
  return -1;
}

const EXACT: readonly number[] = Array.from({ length: 23 }, (_, n) => Number(10n ** BigInt(n)));

/**
 * One number field starting at b[from] (from < to, no leading blanks) into values[k], and its
 * residual into lo[k] when lo is given: the index just past the number, or −1 when the bytes there
 * are not a number of the cell grammar. The value goes straight into the array, not back through
 * module variables and a returned double (which V8 boxes when the call is not inlined); the change
 * cut a 10⁷-row parse's CPU by ~15%, which part of it gained was not isolated.
 *
 * Clinger's fast path in one tight pass: [sign] digits [sep digits] [e [sign] digits] with at most
 * 15 digits after the leading zeros and |scale| ≤ 22, the value m × 10^scale rounded once (the
 * operation `decimalFromBytes` performs in that case, so the same double). 16–19 digits with
 * |scale| ≤ 22 (17-digit files): the digits read again as the two chunks c0 (15 digits) and c1
 * that `decimalFromBytes` would make, and its `exactDecimal19`, so again the same double, without
 * its general scan. Anything else (more digits, a larger exponent, a near-tie exactDecimal19
 * cannot decide, or not a number) is read again by `decimalFromBytes`, the general reader.
 */
function readField(b: Uint8Array, from: number, to: number, sep: number, values: Float64Array, lo: Float64Array | null, k: number): number {
  let i = from;
  let c = b[i] as number;
  const negative = c === 45;
  if (negative || c === 43) c = ++i < to ? (b[i] as number) : -1;
  // Digits are counted by position, not one by one: leading zeros skipped first, then m built.
  const begin = i;
  while (c === 48) c = ++i < to ? (b[i] as number) : -1;
  let m = 0;
  let first = i; // the first significant digit, if any
  while (c >= 48 && c <= 57) {
    m = m * 10 + (c - 48);
    c = ++i < to ? (b[i] as number) : -1;
  }
  let digits = i - first; // significant digits in m (leading zeros do not count)
  const significant = digits > 0 ? first : -1; // where M's digits start, when in the integer part
  let seen = i - begin;
  let scale = 0;
  if (c === sep) {
    c = ++i < to ? (b[i] as number) : -1;
    const fraction = i;
    if (m === 0) while (c === 48) c = ++i < to ? (b[i] as number) : -1; // 0.000123: still leading zeros
    first = i;
    while (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      c = ++i < to ? (b[i] as number) : -1;
    }
    digits += i - first;
    seen += i - fraction;
    scale = fraction - i;
  }
  const digitsEnd = i;
  if (seen === 0 || digits > 19 || (digits > 15 && !FAST19)) return generalField(b, from, to, sep, values, lo, k);
  if ((c | 32) === 101) {
    c = ++i < to ? (b[i] as number) : -1;
    const minus = c === 45;
    if (minus || c === 43) c = ++i < to ? (b[i] as number) : -1;
    let e = 0;
    const start = i;
    while (c >= 48 && c <= 57 && e < 1000) {
      e = e * 10 + (c - 48);
      c = ++i < to ? (b[i] as number) : -1;
    }
    if (i === start || (c >= 48 && c <= 57)) return generalField(b, from, to, sep, values, lo, k);
    scale += minus ? -e : e;
  }
  if (scale < -22 || scale > 22) return generalField(b, from, to, sep, values, lo, k);
  if (digits > 15) {
    // M = c0 · 10^(digits − 15) + c1: its digits from the first significant one, the separator skipped
    let c0 = 0;
    let c1 = 0;
    let n = 0;
    for (let j = significant >= 0 ? significant : first; j < digitsEnd; j++) {
      const d = (b[j] as number) - 48;
      if (d < 0 || d > 9) continue; // the separator
      if (n < 15) c0 = c0 * 10 + d;
      else c1 = c1 * 10 + d;
      n++;
    }
    const x = exactDecimal19(c0, c1, n - 15, scale);
    if (x !== x) return generalField(b, from, to, sep, values, lo, k); // near a tie: Number() decides
    const v = negative ? -x : x;
    values[k] = v;
    if (lo) lo[k] = twoChunkResidualOf(c0, c1, n - 15, scale, v);
    return i;
  }
  const x = scale >= 0 ? m * (EXACT[scale] as number) : m / (EXACT[-scale] as number);
  const v = negative ? -x : x;
  values[k] = v;
  if (lo) lo[k] = clingerResidual(m, scale, v);
  return i;
}

/** `readField` by the general reader (16+ digits, large exponents, or not a number: then −1). */
function generalField(b: Uint8Array, from: number, to: number, sep: number, values: Float64Array, lo: Float64Array | null, k: number): number {
  const v = decimalFromBytes(b, from, to, sep);
  if (v !== v) return -1;
  values[k] = v;
  if (lo) lo[k] = residualOf(bytesDigits, v);
  return decimalEnd;
}
