/**
 * Prints a model's syntax tree (validated and resolved by compileModel) as a numpy expression.
 * Nothing is copied from the model text: numbers are re-printed from their values (pyFloat),
 * names go through the safe-name map, and functions through the table below, so the output can
 * only contain what this printer writes.
 *
 * Precedence, as in Python: + − (1) < * / (2) < unary sign (3) < ** (4) < atoms (5). Python's
 * `-a**b` is `-(a**b)` and `a**-b` is legal, like the model language's `-a^b` and `a^-b`.
 * Parentheses are added where a child binds more loosely than its place needs, on the right of an
 * operator of equal strength, and on the left of ** unless it is an atom. Arithmetic whose
 * operands are all constants would run on Python floats, which raise (1.0/0.0, 10.0**400) or
 * turn complex ((-8.0)**0.5) where numpy and Fitbench give inf or nan, so it goes through
 * np.divide / np.power instead.
 */
import type { Expr } from '../../model/index';
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

function strength(e: Expr): number {
  if (e.kind === 'binary') return e.op === '+' || e.op === '-' ? 1 : e.op === '*' || e.op === '/' ? 2 : 4;
  if (e.kind === 'call' && e.name === 'pow') return 4;
  if (e.kind === 'unary') return 3;
  return 5;
}

/** True when no parameter or variable occurs in e: Python would compute it on plain floats. */
function constantOnly(e: Expr): boolean {
  switch (e.kind) {
    case 'number':
      return true;
    case 'ident':
      return e.role === 'constant';
    case 'unary':
      return constantOnly(e.arg);
    case 'binary':
      return constantOnly(e.left) && constantOnly(e.right);
    case 'call':
      return e.args.every(constantOnly);
  }
}

function power(base: Expr, exponent: Expr, ctx: PrintContext): string {
  if (constantOnly(base) && constantOnly(exponent)) return `np.power(${pyExpr(base, ctx)}, ${pyExpr(exponent, ctx)})`;
  const b = pyExpr(base, ctx);
  const x = pyExpr(exponent, ctx);
  return `${strength(base) < 5 ? `(${b})` : b}**${strength(exponent) < 3 ? `(${x})` : x}`;
}

export function pyExpr(e: Expr, ctx: PrintContext): string {
  switch (e.kind) {
    case 'number':
      return pyFloat(e.value);
    case 'ident': {
      if (e.role === 'constant') {
        const c = Object.prototype.hasOwnProperty.call(PY_CONSTANTS, e.name) ? PY_CONSTANTS[e.name] : undefined;
        if (c === undefined) throw new RangeError(`pythonScript: unknown constant ${e.name}`);
        return c;
      }
      const name = ctx.names.get(e.name);
      if (name === undefined) throw new RangeError(`pythonScript: no Python name for ${e.name}`);
      return name;
    }
    case 'unary': {
      const a = pyExpr(e.arg, ctx);
      return `${e.op}${strength(e.arg) < 4 ? `(${a})` : a}`;
    }
    case 'call': {
      if (e.name === 'pow') return power(e.args[0], e.args[1], ctx);
      const fn = Object.prototype.hasOwnProperty.call(PY_FUNCTIONS, e.name) ? PY_FUNCTIONS[e.name] : undefined;
      if (fn === undefined) throw new RangeError(`pythonScript: no numpy function for ${e.name}`);
      return `${fn}(${e.args.map((a) => pyExpr(a, ctx)).join(', ')})`;
    }
    case 'binary': {
      if (e.op === '^') return power(e.left, e.right, ctx);
      if (e.op === '/' && constantOnly(e.left) && constantOnly(e.right)) return `np.divide(${pyExpr(e.left, ctx)}, ${pyExpr(e.right, ctx)})`;
      const s = strength(e);
      const l = pyExpr(e.left, ctx);
      const r = pyExpr(e.right, ctx);
      const left = strength(e.left) < s ? `(${l})` : l;
      // Equal strength on the right keeps its parentheses even for + and *: the tree's order is
      // the evaluation order, and floating-point addition is not associative.
      const right = strength(e.right) <= s ? `(${r})` : r;
      const op = s === 1 ? ` ${e.op} ` : e.op;
      return `${left}${op}${right}`;
    }
  }
}
