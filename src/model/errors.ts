/**
 * Model errors are values: every failure of the expression compiler is returned as a
 * {@link ModelError}, never thrown past the public API (the design's "expected failures cross
 * the boundary as statuses, not thrown classes").
 *
 * An error names the place (span + 1-based line:column) and, where one exists, the fix in words,
 * in the style of `Unknown function "sn" at 1:5; did you mean "sin"?`.
 */

/** Short kebab-case codes, one per kind of failure, stable for the UI and tests. */
export type ModelErrorCode =
  | 'empty' // nothing but whitespace
  | 'too-long' // longer than MAX_MODEL_LENGTH
  | 'too-deep' // nesting (or a chain of operators) deeper than the recursion bound
  | 'unexpected-char' // a character that starts no token
  | 'bad-number' // a malformed or overflowing numeric literal
  | 'unexpected-token' // a token where none of its kind may stand
  | 'expected-value' // an operator, "(" or "," with no operand after it
  | 'missing-operator' // two operands side by side (implicit multiplication)
  | 'unclosed-paren' // "(" without its ")"
  | 'unknown-function' // name(…) where name is not a known function
  | 'function-without-call' // a function name used as a value
  | 'arity' // a known function with the wrong number of arguments
  | 'too-many-parameters' // more parameters than the page fits in one model (src/job/browser/limits.ts)
  | 'equation' // an implicit model that is not one equation lhs = rhs (model/equation.ts)
  | 'internal'; // a bug in the compiler, caught at the facade

export interface ModelError {
  readonly code: ModelErrorCode;
  /** The full sentence a UI shows, with the place, e.g. `Unexpected ")" at 1:9`. */
  readonly message: string;
  /** Offsets into the source, UTF-16 code units, end exclusive. */
  readonly start: number;
  readonly end: number;
  /** 1-based line and column (columns count code points) of `start`. */
  readonly line: number;
  readonly column: number;
  /** The fix in words, when there is one. */
  readonly hint?: string;
}

export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

export const MAX_MODEL_LENGTH = 10_000;

/** 1-based line and column of `offset`; "\n", "\r\n" and a lone "\r" each end a line. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  const stop = Math.min(Math.max(offset, 0), text.length);
  for (let i = 0; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      column = 1;
    } else if (c === 13) {
      // the "\r" of "\r\n": the "\n" ends the line
    } else if (c >= 0xdc00 && c <= 0xdfff && i > 0 && isHighSurrogate(text.charCodeAt(i - 1))) {
      // low half of a surrogate pair: one code point, one column
    } else {
      column++;
    }
  }
  return { line, column };
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

/**
 * Builds an error at [start, end). `describe` receives the place as "line:column" so that each
 * message can put it where it reads best.
 */
export function modelError(
  text: string,
  code: ModelErrorCode,
  start: number,
  end: number,
  describe: (at: string) => string,
  hint?: string,
): ModelError {
  const { line, column } = lineColumn(text, start);
  const message = describe(`${line}:${column}`);
  return hint === undefined
    ? { code, message, start, end, line, column }
    : { code, message, start, end, line, column, hint };
}
