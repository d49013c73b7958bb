/**
 * The functions and constants of the model language. A name here followed by "(" is a call;
 * anything else that is not a data column or a constant is a fitted parameter.
 */
import type { TapeFn } from './tape';

export interface FunctionInfo {
  readonly arity: number;
  /** What the call lowers to: a tape function, or the `pow` operator. */
  readonly lowersTo: TapeFn | 'pow';
}

/** The whitelist; `log` and `ln` are both the natural logarithm. Ordered by how often each is
 *  meant, because a suggestion for a misspelled name takes the first among equally close ones. */
export const FUNCTIONS: Readonly<Record<string, FunctionInfo>> = {
  exp: { arity: 1, lowersTo: 'exp' },
  log: { arity: 1, lowersTo: 'log' },
  ln: { arity: 1, lowersTo: 'log' },
  sqrt: { arity: 1, lowersTo: 'sqrt' },
  sin: { arity: 1, lowersTo: 'sin' },
  cos: { arity: 1, lowersTo: 'cos' },
  tan: { arity: 1, lowersTo: 'tan' },
  abs: { arity: 1, lowersTo: 'abs' },
  log10: { arity: 1, lowersTo: 'log10' },
  atan: { arity: 1, lowersTo: 'atan' },
  asin: { arity: 1, lowersTo: 'asin' },
  acos: { arity: 1, lowersTo: 'acos' },
  atan2: { arity: 2, lowersTo: 'atan2' },
  sinh: { arity: 1, lowersTo: 'sinh' },
  cosh: { arity: 1, lowersTo: 'cosh' },
  tanh: { arity: 1, lowersTo: 'tanh' },
  erf: { arity: 1, lowersTo: 'erf' },
  erfc: { arity: 1, lowersTo: 'erfc' },
  pow: { arity: 2, lowersTo: 'pow' },
  min: { arity: 2, lowersTo: 'min' },
  max: { arity: 2, lowersTo: 'max' },
};

export function isFunctionName(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(FUNCTIONS, name);
}

/** Named constants; a data column of the same name takes precedence. */
export const CONSTANTS: Readonly<Record<string, number>> = { pi: Math.PI, e: Math.E };

export function isConstantName(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(CONSTANTS, name);
}
