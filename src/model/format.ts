/**
 * Pretty-printer for the syntax tree, used by the UI to show formulas: spaces around + and −,
 * none around * / ^, and only the parentheses the grammar needs, so that parsing the output gives
 * back the same tree (a property test checks this round trip).
 *
 * Binding strength: + − (1) < * / (2) < unary sign (3) < ^ (4) < atoms (5). Binary operators are
 * left-associative except ^, and the exponent of ^ may be a signed operand (2^-1).
 */
import type { Expr } from './ast';

function strength(e: Expr): number {
  switch (e.kind) {
    case 'binary':
      return e.op === '+' || e.op === '-' ? 1 : e.op === '*' || e.op === '/' ? 2 : 4;
    case 'unary':
      return 3;
    default:
      return 5;
  }
}

function wrap(e: Expr, parens: boolean): string {
  const s = formatExpr(e);
  return parens ? `(${s})` : s;
}

/** Numbers print as the shortest text that reads back as the same double. */
function formatNumber(v: number): string {
  return String(v);
}

export function formatExpr(e: Expr): string {
  switch (e.kind) {
    case 'number':
      return formatNumber(e.value);
    case 'ident':
      return e.name;
    case 'call':
      return `${e.name}(${e.args.map(formatExpr).join(', ')})`;
    case 'unary':
      // "--x" would parse, but -(-x) reads better
      return `${e.op}${wrap(e.arg, strength(e.arg) < 4)}`;
    case 'binary': {
      const s = strength(e);
      if (e.op === '^') {
        // (a^b)^c and (-a)^b need parentheses on the left; the right may be signed: a^-b
        return `${wrap(e.left, strength(e.left) <= 4)}^${wrap(e.right, strength(e.right) < 3)}`;
      }
      const left = wrap(e.left, strength(e.left) < s);
      const right = wrap(e.right, strength(e.right) <= s);
      return s === 1 ? `${left} ${e.op} ${right}` : `${left}${e.op}${right}`;
    }
  }
}
