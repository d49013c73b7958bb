/**
 * Prints a model's syntax tree (validated and resolved by compileModel) as a numpy expression,
 * through the infix printer (../expr/infixPrinter.ts: precedence and parentheses) with Python's
 * tables: numbers re-printed from their values (pyFloat), names through the safe-name map,
 * functions through the table below. Arithmetic whose operands are all constants would run on
 * Python floats, which raise (1.0/0.0, 10.0**400) or turn complex ((-8.0)**0.5) where numpy and
 * Fitbench give inf or nan, so it goes through np.divide / np.power instead.
 */
import type { Expr } from '../../model/index';
import { infixPrinter, ownEntry } from '../expr/infixPrinter';
import { pyFloat } from './pyLiteral';

/** The model language's functions (src/model/functions.ts) as numpy / scipy.special calls. */
export const PY_FUNCTIONS: Readonly<Record<string, string>> = {
  exp: 'np.exp',
  log: 'np.log',
  ln: 'np.log',
  log10: 'np.log10',
  sqrt: 'np.sqrt',
  abs: 'np.abs',
  sin: 'np.sin',
  cos: 'np.cos',
  tan: 'np.tan',
  asin: 'np.arcsin',
  acos: 'np.arccos',
  atan: 'np.arctan',
  atan2: 'np.arctan2',
  sinh: 'np.sinh',
  cosh: 'np.cosh',
  tanh: 'np.tanh',
  erf: 'erf',
  erfc: 'erfc',
  min: 'np.minimum',
  max: 'np.maximum',
};

const PY_CONSTANTS: Readonly<Record<string, string>> = { pi: 'np.pi', e: 'np.e' };

export interface PrintContext {
  /** Model name → safe Python name, for parameters and variables. */
  readonly names: ReadonlyMap<string, string>;
}

export function pyExpr(e: Expr, ctx: PrintContext): string {
  return infixPrinter({
    guardNegative: false,
    power: '**',
    number: pyFloat,
    constant: (name) => ownEntry(PY_CONSTANTS, name) ?? fail(`unknown constant ${name}`),
    name: (name) => ctx.names.get(name) ?? fail(`no Python name for ${name}`),
    call: (name, args) => `${ownEntry(PY_FUNCTIONS, name) ?? fail(`no numpy function for ${name}`)}(${args.join(', ')})`,
    constantArithmetic: (op, left, right) => `${op === '/' ? 'np.divide' : 'np.power'}(${left}, ${right})`,
  })(e);
}

function fail(what: string): never {
  throw new RangeError(`pythonScript: ${what}`);
}
