/**
 * The JSON writer of links: like JSON.stringify, with two differences that make links exact and
 * byte-predictable:
 *
 * - `-0` is written as `-0` (valid JSON, and JSON.parse reads it back as -0), where JSON.stringify
 *   writes `0`. Every other finite number is written as ECMAScript's Number::toString does, the
 *   shortest decimal that reads back as the same double, so numbers round-trip exactly.
 * - The text is pure ASCII: every non-ASCII code unit is escaped as \uXXXX (JSON.stringify
 *   already escapes lone surrogates), so the bytes are the text (no UTF-8 step, no encoding
 *   ambiguity), and a decoder can refuse any byte ≥ 0x80 as damage.
 *
 * A non-finite number is written as `null`: the wire schema has no place for one except a missing
 * bound, and the validator names the field when it meets a null where a number belongs.
 */

export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

export function jsonNumber(v: number): string {
  if (!Number.isFinite(v)) return 'null';
  return Object.is(v, -0) ? '-0' : String(v);
}

export function jsonString(s: string): string {
  return JSON.stringify(s).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function writeJson(value: JsonValue): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return jsonNumber(value);
    case 'string':
      return jsonString(value);
  }
  // Not JSON (undefined in a malformed object): null, which the validator then names.
  if (typeof value !== 'object') return 'null';
  if (isArray(value)) return `[${value.map(writeJson).join(',')}]`;
  return `{${Object.keys(value)
    .map((k) => `${jsonString(k)}:${writeJson(value[k])}`)
    .join(',')}}`;
}

function isArray(v: JsonValue): v is readonly JsonValue[] {
  return Array.isArray(v);
}
