/**
 * Python literals for values that come from user text (column names, file names, the model text)
 * or from numbers. Strings are double-quoted with every character outside printable ASCII, the
 * quote and the backslash escaped (\xNN, \uNNNN, \UNNNNNNNN by code point), so no user text can
 * end the literal, start a comment or a new line of code.
 */

export function pyString(text: string): string {
  let out = '"';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (cp >= 0x20 && cp < 0x7f) out += ch;
    else if (cp < 0x100) out += `\\x${cp.toString(16).padStart(2, '0')}`;
    else if (cp < 0x10000) out += `\\u${cp.toString(16).padStart(4, '0')}`;
    else out += `\\U${cp.toString(16).padStart(8, '0')}`;
  }
  return `${out}"`;
}

/**
 * A float literal: the shortest decimal that reads back as the same double (Python's float()
 * and the parser round correctly, like ECMAScript's Number::toString), always with a '.' or an
 * exponent so that Python never sees an int (1/0 would raise instead of giving inf); -0.0 keeps
 * its sign; ±inf and nan as numpy's constants.
 */
export function pyFloat(v: number): string {
  if (Number.isNaN(v)) return 'np.nan';
  if (v === Infinity) return 'np.inf';
  if (v === -Infinity) return '-np.inf';
  if (Object.is(v, -0)) return '-0.0';
  const s = String(v);
  return /[.e]/.test(s) ? s : `${s}.0`;
}

export function pyBool(v: boolean): string {
  return v ? 'True' : 'False';
}

export function pyList(items: readonly string[]): string {
  return `[${items.join(', ')}]`;
}
