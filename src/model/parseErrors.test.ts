import { describe, expect, it } from 'vitest';
import type { ModelError } from './errors';
import { lineColumn, MAX_MODEL_LENGTH } from './errors';
import { MAX_HEIGHT, MAX_NESTING, parse } from './parse';

function fail(text: string, columns: readonly string[] = ['x']): ModelError {
  const r = parse(text, columns);
  if (r.ok) throw new Error(`expected ${JSON.stringify(text)} to fail`);
  return r.error;
}

describe('every error code, with its message, place and hint', () => {
  const cases: [string, Partial<ModelError>][] = [
    ['', { code: 'empty', message: 'The model is empty', line: 1, column: 1 }],
    [' \n\t ', { code: 'empty', message: 'The model is empty' }],
    ['a*sn(x)', { code: 'unknown-function', message: 'Unknown function "sn" at 1:3; did you mean "sin"?', hint: 'did you mean "sin"?', start: 2, end: 4 }],
    ['b1 + sn(x)', { code: 'unknown-function', message: 'Unknown function "sn" at 1:6; did you mean "sin"?', line: 1, column: 6 }],
    ['Exp(x)', { code: 'unknown-function', message: 'Unknown function "Exp" at 1:1; did you mean "exp"?' }],
    ['sqr(x)', { code: 'unknown-function', message: 'Unknown function "sqr" at 1:1; did you mean "sqrt"?' }],
    ['arctan(x)', { code: 'unknown-function', message: 'Unknown function "arctan" at 1:1; did you mean "atan"?' }],
    ['a(x + 1)', { code: 'unknown-function', message: 'Unknown function "a" at 1:1', line: 1, column: 1 }],
    ['(a + b))', { code: 'unexpected-token', message: 'Unexpected ")" at 1:8', start: 7, end: 8 }],
    ['a + b) * (c', { code: 'unexpected-token', message: 'Unexpected ")" at 1:6' }],
    ['a, b', { code: 'unexpected-token', message: 'Unexpected "," at 1:2' }],
    ['(a, b)', { code: 'unexpected-token', message: 'Unexpected "," at 1:3' }],
    ['*x', { code: 'unexpected-token', message: 'Unexpected "*" at 1:1' }],
    ['a*(b + exp(x)', { code: 'unclosed-paren', message: 'Missing ")" to close "(" opened at 1:3', start: 2, end: 3 }],
    ['exp(x', { code: 'unclosed-paren', message: 'Missing ")" to close "(" opened at 1:4' }],
    ['atan2(x)', { code: 'arity', message: 'Function "atan2" takes 2 arguments, got 1 at 1:1', start: 0, end: 8 }],
    ['exp(x, a)', { code: 'arity', message: 'Function "exp" takes 1 argument, got 2 at 1:1' }],
    ['a + sin()', { code: 'arity', message: 'Function "sin" takes 1 argument, got 0 at 1:5' }],
    ['a + b*', { code: 'expected-value', message: 'Expected a value after "*" at 1:6', start: 5, end: 6 }],
    ['a^', { code: 'expected-value', message: 'Expected a value after "^" at 1:2' }],
    ['a + * b', { code: 'expected-value', message: 'Expected a value after "+" at 1:3' }],
    ['x**2', { code: 'expected-value', message: 'Expected a value after "*" at 1:2', hint: 'write "^" for a power, e.g. x^2' }],
    ['()', { code: 'expected-value', message: 'Expected a value after "(" at 1:1' }],
    ['atan2(x, )', { code: 'expected-value', message: 'Expected a value after "," at 1:8' }],
    ['-', { code: 'expected-value', message: 'Expected a value after "-" at 1:1' }],
    ['2x', { code: 'missing-operator', message: 'Missing operator between "2" and "x" at 1:2', hint: 'write 2*x' }],
    ['a x', { code: 'missing-operator', message: 'Missing operator between "a" and "x" at 1:3', hint: 'write a*x' }],
    ['2(x + 1)', { code: 'missing-operator', hint: 'write 2*(…)' }],
    ['(a + b)(c)', { code: 'missing-operator', message: 'Missing operator between "(a + b)" and "(" at 1:8', hint: 'write (a + b)*(…)' }],
    ['2 3', { code: 'missing-operator', hint: 'write 2*3' }],
    ['2e', { code: 'missing-operator', hint: 'write 2*e' }],
    ['exp + 1', { code: 'function-without-call', message: 'Function "exp" used without "(" at 1:1', hint: 'write exp(…)' }],
    ['a*sin', { code: 'function-without-call', message: 'Function "sin" used without "(" at 1:3' }],
    ['1.2.3', { code: 'bad-number', message: 'Malformed number "1.2.3" at 1:1', start: 0, end: 5 }],
    ['1e999*x', { code: 'bad-number', message: 'Number "1e999" at 1:1 is too large' }],
    ['y = a*x', { code: 'unexpected-char', message: 'Unexpected character "=" at 1:3', hint: 'write only the right-hand side, e.g. a*x + b' }],
    ['a × x', { code: 'unexpected-char', message: 'Unexpected character "×" at 1:3', hint: 'use "*" to multiply' }],
    ['a − x', { code: 'unexpected-char', hint: 'use the ASCII "-" for minus' }],
    ['x²', { code: 'unexpected-char', hint: 'write ^2 for a square' }],
    ['a $ b', { code: 'unexpected-char', message: 'Unexpected character "$" at 1:3' }],
    ['a\u0000', { code: 'unexpected-char', message: 'Unexpected character U+0000 at 1:2' }],
    ['a + .', { code: 'unexpected-char', message: 'Unexpected character "." at 1:5' }],
    ['a[1]', { code: 'unexpected-char', hint: 'use "(" and ")" for grouping' }],
  ];
  for (const [text, want] of cases) {
    it(JSON.stringify(text), () => expect(fail(text)).toMatchObject(want));
  }

  it('too-long', () => {
    const e = fail('a+'.repeat(MAX_MODEL_LENGTH));
    expect(e).toMatchObject({ code: 'too-long', message: 'Model is too long (max 10000 characters)' });
  });

  it('too-deep: nesting of parentheses, signs and powers', () => {
    for (const text of ['('.repeat(300) + 'x' + ')'.repeat(300), '-'.repeat(4000) + 'x', 'x^'.repeat(400) + 'x', 'exp('.repeat(1000) + 'x' + ')'.repeat(1000), '('.repeat(9999)]) {
      const e = fail(text);
      expect(e.code).toBe('too-deep');
      expect(e.message).toMatch(/^Nesting too deep at 1:\d+ \(more than 200 levels\)$/);
    }
    expect(parse('('.repeat(MAX_NESTING - 1) + 'x' + ')'.repeat(MAX_NESTING - 1), ['x']).ok).toBe(true);
  });

  it('too-deep: a chain longer than the tree height bound', () => {
    const e = fail(Array.from({ length: MAX_HEIGHT + 5 }, (_, i) => `a${i}`).join('+'));
    expect(e.code).toBe('too-deep');
    expect(e.message).toMatch(/^Nesting too deep at 1:1 \(more than 1000 operations in one chain\)$/);
    expect(parse(Array.from({ length: 300 }, (_, i) => `a${i}*x^${i}`).join(' + '), ['x']).ok).toBe(true);
  });
});

describe('line and column', () => {
  it('count lines after \\n, \\r\\n and \\r, and columns in code points', () => {
    expect(fail('a +\n  b +\n  sn(x)')).toMatchObject({ line: 3, column: 3, message: 'Unknown function "sn" at 3:3; did you mean "sin"?' });
    expect(fail('a\r\n  )')).toMatchObject({ line: 2, column: 3, message: 'Unexpected ")" at 2:3' });
    expect(fail('a\r)')).toMatchObject({ line: 2, column: 1 });
    expect(fail('😀')).toMatchObject({ line: 1, column: 1, start: 0, end: 2 });
    expect(fail('x + 😀😀 $')).toMatchObject({ column: 5 });
    expect(lineColumn('a😀b', 3)).toEqual({ line: 1, column: 3 });
  });
});
