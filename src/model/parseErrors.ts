/**
 * What each parse failure says: the message with its place, and the fix in words. Kept apart from
 * the grammar (parse.ts) so that the wording can be read, and reviewed, in one place.
 */
import type { Span } from './ast';
import { modelError, type ModelError } from './errors';
import { FUNCTIONS } from './functions';
import type { Token } from './lexer';
import { closest } from './suggest';

export function tooDeepNesting(text: string, t: Token, limit: number): ModelError {
  return modelError(text, 'too-deep', t.start, t.end, (at) => `Nesting too deep at ${at} (more than ${limit} levels)`, 'simplify the expression');
}

export function tooDeepChain(text: string, e: Span, limit: number): ModelError {
  return modelError(text, 'too-deep', e.start, e.end, (at) => `Nesting too deep at ${at} (more than ${limit} operations in one chain)`, 'split the model into fewer terms');
}

export function unexpected(text: string, t: Token): ModelError {
  const hint =
    t.kind === ',' ? 'a comma only separates the arguments of a function'
      : t.kind === ')' ? 'remove it, or add the "(" it closes'
        : undefined;
  return modelError(text, 'unexpected-token', t.start, t.end, (at) => `Unexpected "${t.text}" at ${at}`, hint);
}

/** Two operands side by side, as in 2x or (a)(b): implicit multiplication is not allowed. */
export function missingOperator(text: string, left: string, t: Token): ModelError {
  const l = left.length <= 24 ? left : '…';
  const r = t.kind === '(' ? '(…)' : t.text;
  return modelError(text, 'missing-operator', t.start, t.end, (at) => `Missing operator between "${l}" and "${t.text}" at ${at}`, `write ${l}*${r}`);
}

/** An operator, "(" or "," (`prev`) followed by something that cannot start a value (`t`). */
export function expectedValue(text: string, prev: Token, t: Token): ModelError {
  const hint =
    prev.kind === '*' && t.kind === '*' ? 'write "^" for a power, e.g. x^2'
      : prev.kind === '(' && t.kind === ')' ? 'put an expression inside the parentheses'
        : undefined;
  return modelError(text, 'expected-value', prev.start, prev.end, (at) => `Expected a value after "${prev.text}" at ${at}`, hint);
}

export function unclosed(text: string, open: Token): ModelError {
  return modelError(text, 'unclosed-paren', open.start, open.end, (at) => `Missing ")" to close "(" opened at ${at}`, 'add ")" at the end');
}

export function functionWithoutCall(text: string, t: Token): ModelError {
  return modelError(text, 'function-without-call', t.start, t.end, (at) => `Function "${t.text}" used without "(" at ${at}`, `write ${t.text}(…)`);
}

/** name(…) with a name off the whitelist: suggest the closest function, or a product. */
export function unknownFunction(text: string, t: Token): ModelError {
  const name = t.text;
  const guess = closest(name, Object.keys(FUNCTIONS));
  if (guess !== undefined) {
    const hint = `did you mean "${guess}"?`;
    return modelError(text, 'unknown-function', t.start, t.end, (at) => `Unknown function "${name}" at ${at}; ${hint}`, hint);
  }
  const hint = `for a product write ${name}*(…); the functions are ${Object.keys(FUNCTIONS).join(', ')}`;
  return modelError(text, 'unknown-function', t.start, t.end, (at) => `Unknown function "${name}" at ${at}`, hint);
}

export function arity(text: string, nameTok: Token, end: number, got: number): ModelError {
  const want = FUNCTIONS[nameTok.text].arity;
  const args = `${want} argument${want === 1 ? '' : 's'}`;
  return modelError(text, 'arity', nameTok.start, end, (at) => `Function "${nameTok.text}" takes ${args}, got ${got} at ${at}`);
}
