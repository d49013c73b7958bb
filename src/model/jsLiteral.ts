/**
 * Numeric literals for generated JavaScript. ECMAScript's Number::toString yields the shortest
 * decimal that reads back as the same double (ECMA-262 §6.1.6.1.20, after Steele & White 1990),
 * so `String(x)` is round-trip exact; the cases it cannot spell as a literal (−0, ±∞, NaN) are
 * written as parenthesised constant expressions, so no identifier (`NaN`, `Infinity`) that code
 * around the kernel could shadow ever appears.
 */

const PLAIN = /^\d+(\.\d+)?(e[+-]\d+)?$/;

export function jsNumber(x: number): string {
  if (Number.isNaN(x)) return '(0/0)';
  if (x === Infinity) return '(1/0)';
  if (x === -Infinity) return '(-1/0)';
  if (Object.is(x, -0)) return '(-0)';
  const text = String(Math.abs(x));
  // Defence in depth: only digits, one point and an exponent can reach generated code.
  if (!PLAIN.test(text)) throw new Error(`internal: unexpected number text ${text}`);
  return x < 0 ? `(-${text})` : text;
}

/** A non-negative integer (an index or a count) for generated code. */
export function jsIndex(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`internal: bad index ${n}`);
  return String(n);
}
