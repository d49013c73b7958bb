/**
 * Evaluates a syntax-tree fragment over the data rows, with given values for its parameters: the
 * search boxes use it to measure the scale of what a parameter meets (the x it multiplies, the
 * x − x0 it divides). A few hundred rows of a small fragment, so a plain tree walk is enough.
 */
import { CONSTANTS, erf, erfc, type Expr } from '../model/index';

const UNARY: Record<string, (a: number) => number> = {
  exp: Math.exp, log: Math.log, ln: Math.log, sqrt: Math.sqrt, sin: Math.sin, cos: Math.cos, tan: Math.tan,
  abs: Math.abs, log10: Math.log10, atan: Math.atan, asin: Math.asin, acos: Math.acos, sinh: Math.sinh,
  cosh: Math.cosh, tanh: Math.tanh, erf, erfc,
};
const BINARY: Record<string, (a: number, b: number) => number> = { atan2: Math.atan2, pow: Math.pow, min: Math.min, max: Math.max };

export interface AstScope {
  readonly vars: ReadonlyMap<string, ArrayLike<number>>;
  readonly params: ReadonlyMap<string, number>;
  readonly rows: number;
}

function at(e: Expr, s: AstScope, i: number): number {
  switch (e.kind) {
    case 'number':
      return e.value;
    case 'ident':
      if (e.role === 'variable') return s.vars.get(e.name)![i];
      if (e.role === 'constant') return CONSTANTS[e.name];
      return s.params.get(e.name) ?? 0;
    case 'unary':
      return e.op === '-' ? -at(e.arg, s, i) : at(e.arg, s, i);
    case 'binary': {
      const a = at(e.left, s, i);
      const b = at(e.right, s, i);
      switch (e.op) {
        case '+': return a + b;
        case '-': return a - b;
        case '*': return a * b;
        case '/': return a / b;
        case '^': return Math.pow(a, b);
      }
    }
    // falls through (unreachable: the switch above returns)
    case 'call': {
      const c = e as Extract<Expr, { kind: 'call' }>;
      if (c.args.length === 1) return (UNARY[c.name] ?? (() => NaN))(at(c.args[0], s, i));
      return (BINARY[c.name] ?? (() => NaN))(at(c.args[0], s, i), at(c.args[1], s, i));
    }
  }
}

/** The fragment's value at every row. */
export function evaluateAst(e: Expr, scope: AstScope): Float64Array {
  const out = new Float64Array(scope.rows);
  for (let i = 0; i < scope.rows; i++) out[i] = at(e, scope, i);
  return out;
}

/** Whether the fragment reads a data column. */
export function hasVariable(e: Expr): boolean {
  switch (e.kind) {
    case 'ident':
      return e.role === 'variable';
    case 'number':
      return false;
    case 'unary':
      return hasVariable(e.arg);
    case 'binary':
      return hasVariable(e.left) || hasVariable(e.right);
    case 'call':
      return e.args.some(hasVariable);
  }
}
