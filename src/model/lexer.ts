/**
 * Tokens of the model language: numbers (1, 2.5, .5, 5., 1e-3, 1.5E+4), identifiers
 * [A-Za-z_][A-Za-z0-9_]*, the operators + - * / ^, parentheses and commas. Whitespace of any kind
 * separates tokens and is otherwise ignored.
 */
import { modelError, type ModelError, type Result } from './errors';

export type TokenKind = 'number' | 'ident' | '+' | '-' | '*' | '/' | '^' | '(' | ')' | ',' | 'eof';

export interface Token {
  readonly kind: TokenKind;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Characters people paste from papers and other languages, with the fix for each. */
const LOOKALIKES: Readonly<Record<string, string>> = {
  '=': 'write only the right-hand side, e.g. a*x + b',
  '×': 'use "*" to multiply',
  '·': 'use "*" to multiply',
  '⋅': 'use "*" to multiply',
  '∙': 'use "*" to multiply',
  '÷': 'use "/" to divide',
  '−': 'use the ASCII "-" for minus',
  '–': 'use the ASCII "-" for minus',
  '—': 'use the ASCII "-" for minus',
  '²': 'write ^2 for a square',
  '³': 'write ^3 for a cube',
  '[': 'use "(" and ")" for grouping',
  ']': 'use "(" and ")" for grouping',
  '{': 'use "(" and ")" for grouping',
  '}': 'use "(" and ")" for grouping',
  ';': 'a model is one expression',
};

const SINGLE = new Set(['+', '-', '*', '/', '^', '(', ')', ',']);

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isIdentStart = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isIdentPart = (c: string): boolean => isIdentStart(c) || isDigit(c);

/** End of the number lexeme starting at i (the caller checked that one starts there). */
function scanNumber(text: string, i: number): number {
  let j = i;
  while (isDigit(text[j] ?? '')) j++;
  if (text[j] === '.') {
    j++;
    while (isDigit(text[j] ?? '')) j++;
  }
  // an exponent only when digits follow: "2e" is 2 followed by the name e (an error later)
  const e = text[j];
  if (e === 'e' || e === 'E') {
    let k = j + 1;
    if (text[k] === '+' || text[k] === '-') k++;
    if (isDigit(text[k] ?? '')) {
      while (isDigit(text[k] ?? '')) k++;
      j = k;
    }
  }
  return j;
}

function describeChar(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  const visible = cp > 0x20 && cp !== 0x7f && !(cp >= 0x80 && cp <= 0xa0) && !/\s/.test(ch);
  return visible ? `"${ch}"` : `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

export function tokenize(text: string): Result<Token[], ModelError> {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
    } else if (isDigit(c) || (c === '.' && isDigit(text[i + 1] ?? ''))) {
      let end = scanNumber(text, i);
      if (text[end] === '.' || isDigit(text[end] ?? '')) {
        while (text[end] === '.' || isDigit(text[end] ?? '')) end++;
        const lexeme = text.slice(i, end);
        return { ok: false, error: modelError(text, 'bad-number', i, end, (at) => `Malformed number "${lexeme}" at ${at}`, 'a number has at most one decimal point, e.g. 1.25') };
      }
      const lexeme = text.slice(i, end);
      if (!Number.isFinite(Number(lexeme))) {
        return { ok: false, error: modelError(text, 'bad-number', i, end, (at) => `Number "${lexeme}" at ${at} is too large`, 'the largest double is about 1.8e308') };
      }
      tokens.push({ kind: 'number', start: i, end, text: lexeme });
      i = end;
    } else if (isIdentStart(c)) {
      let end = i + 1;
      while (isIdentPart(text[end] ?? '')) end++;
      tokens.push({ kind: 'ident', start: i, end, text: text.slice(i, end) });
      i = end;
    } else if (SINGLE.has(c)) {
      tokens.push({ kind: c as TokenKind, start: i, end: i + 1, text: c });
      i++;
    } else {
      const ch = String.fromCodePoint(text.codePointAt(i) ?? 0);
      const hint = LOOKALIKES[ch];
      const what = describeChar(ch);
      return { ok: false, error: modelError(text, 'unexpected-char', i, i + ch.length, (at) => `Unexpected character ${what} at ${at}`, hint) };
    }
  }
  tokens.push({ kind: 'eof', start: text.length, end: text.length, text: '' });
  return { ok: true, value: tokens };
}
