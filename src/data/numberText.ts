/**
 * The number grammar of data cells, checked by hand because `Number()` is too lenient for data
 * (`Number('') === 0`, `Number('0x1f') === 31`, `Number('1_0')` is NaN but `Number(' ')` is 0).
 *
 *   cell    = space* [sign] (decimal | nan | inf) space*
 *   decimal = (digits [sep digits*] | sep digits) [(e|E) [sign] digits]
 *   nan     = "nan"                   (any case)
 *   inf     = "inf" | "infinity"      (any case)
 *
 * `sep` is '.' or, in decimal-comma files, ','. The literals NaN and ±inf are numbers (the cell is
 * numeric) but not usable values; the selection step drops them.
 */
import { fastValue, readDigits, type DecimalDigits } from './decimalDigits';

/** What a cell holds. */
export const CellKind = { Empty: 0, Finite: 1, NonFinite: 2, Text: 3 } as const;
export type CellKind = (typeof CellKind)[keyof typeof CellKind];

const SPACE = 32;
const TAB = 9;
const PLUS = 43;
const MINUS = 45;
const DOT = 46;
const COMMA = 44;
const ZERO = 48;
const NINE = 57;

/** Index of the first non-blank character at or after `from` (spaces and tabs only). */
function skipBlanks(s: string, from: number, to: number): number {
  let i = from;
  while (i < to) {
    const c = s.charCodeAt(i);
    if (c !== SPACE && c !== TAB) break;
    i++;
  }
  return i;
}

function isDigit(c: number): boolean {
  return c >= ZERO && c <= NINE;
}

/**
 * Classifies `s` without allocating. Returns the kind; for Finite the value comes from `cellValue`.
 * Kept separate from the conversion so that sniffing (which only needs the kind) stays cheap.
 */
export function classifyCell(s: string, decimalComma: boolean): CellKind {
  let end = s.length;
  while (end > 0) {
    const c = s.charCodeAt(end - 1);
    if (c !== SPACE && c !== TAB) break;
    end--;
  }
  let i = skipBlanks(s, 0, end);
  if (i === end) return CellKind.Empty;
  const sep = decimalComma ? COMMA : DOT;
  let c = s.charCodeAt(i);
  if (c === PLUS || c === MINUS) {
    i++;
    if (i === end) return CellKind.Text;
    c = s.charCodeAt(i);
  }
  if (!isDigit(c) && c !== sep) return isNonFiniteWord(s.slice(i, end)) ? CellKind.NonFinite : CellKind.Text;
  let digits = 0;
  while (i < end && isDigit(s.charCodeAt(i))) { i++; digits++; }
  if (i < end && s.charCodeAt(i) === sep) {
    i++;
    while (i < end && isDigit(s.charCodeAt(i))) { i++; digits++; }
  }
  if (digits === 0) return CellKind.Text;
  if (i < end && (s.charCodeAt(i) | 32) === 101 /* e or E */) {
    i++;
    if (i < end && (s.charCodeAt(i) === PLUS || s.charCodeAt(i) === MINUS)) i++;
    const start = i;
    while (i < end && isDigit(s.charCodeAt(i))) i++;
    if (i === start) return CellKind.Text;
  }
  return i === end ? CellKind.Finite : CellKind.Text;
}

function isNonFiniteWord(word: string): boolean {
  const w = word.toLowerCase();
  return w === 'nan' || w === 'inf' || w === 'infinity';
}

/**
 * The correctly rounded value of a Finite cell whose digits were read: Clinger's fast path, else
 * Number(), which rounds correctly too (ECMA-262 StringToNumber) and accepts our grammar's blanks.
 */
export function finiteValue(s: string, digits: DecimalDigits, decimalComma: boolean): number {
  return fastValue(digits) ?? Number(decimalComma ? s.replace(',', '.') : s);
}

/** The value of a cell that `classifyCell` called Finite or NonFinite (NaN otherwise). */
export function cellValue(s: string, kind: CellKind, decimalComma: boolean): number {
  if (kind === CellKind.Finite) return finiteValue(s, readDigits(s, decimalComma), decimalComma);
  if (kind !== CellKind.NonFinite) return NaN;
  const w = s.trim().toLowerCase();
  if (w.endsWith('nan')) return NaN;
  return w.startsWith('-') ? -Infinity : Infinity;
}

/** Convenience: the value of a cell, or undefined when it is empty or not a number. */
export function parseNumber(s: string, decimalComma = false): number | undefined {
  const kind = classifyCell(s, decimalComma);
  return kind === CellKind.Finite || kind === CellKind.NonFinite ? cellValue(s, kind, decimalComma) : undefined;
}
