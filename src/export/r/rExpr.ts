/**
 * Prints a model's syntax tree (validated and resolved by compileModel) as an R expression, for
 * the nlme script (nlmeScript.ts). As pyExpr.ts for Python: nothing is copied from the model
 * text; numbers are re-printed from their values, names go through rName (back-quoted where R
 * would not read them as names), functions through the table below.
 *
 * Precedence, as in R: + − (1) < * / (2) < unary sign (3) < ^ (4) < atoms (5). R's `-a^b` is
 * `-(a^b)` and `a^-b` is legal, like the model language's. R's arithmetic is IEEE's (1/0 is Inf,
 * (-8)^0.5 NaN), as Fitbench's, so constant arithmetic needs no care.
 */
import type { Expr } from '../../model/index';

/** A number as R reads it back exactly (JavaScript's shortest round trip is valid R). */
export function rNumber(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? 'Inf' : '-Inf';
  return String(v);
}

/** A string literal: JSON's escapes (\" \\ \n \uXXXX) are R's. */
export function rString(text: string): string {
  return JSON.stringify(text);
}

const RESERVED = new Set(['if', 'else', 'repeat', 'while', 'function', 'for', 'next', 'break', 'TRUE', 'FALSE', 'NULL', 'Inf', 'NaN', 'NA', 'NA_integer_', 'NA_real_', 'NA_character_', 'NA_complex_', 'in']);

/** A name as R reads it: bare where syntactic, else back-quoted (a back quote or backslash escaped). */
export function rName(name: string): string {
  if (/^(?:[A-Za-z]|\.(?![0-9]))[A-Za-z0-9._]*$/.test(name) && !RESERVED.has(name)) return name;
  return `\`${name.replace(/[\\`]/g, (c) => `\\${c}`)}\``;
}

/** The model language's functions (src/model/functions.ts) in base R; erf and erfc through pnorm. */
const R_FUNCTIONS: Readonly<Record<string, string>> = {
  exp: 'exp', log: 'log', ln: 'log', log10: 'log10', sqrt: 'sqrt', abs: 'abs',
  sin: 'sin', cos: 'cos', tan: 'tan', asin: 'asin', acos: 'acos', atan: 'atan', atan2: 'atan2',
  sinh: 'sinh', cosh: 'cosh', tanh: 'tanh', min: 'pmin', max: 'pmax',
};

const R_CONSTANTS: Readonly<Record<string, string>> = { pi: 'pi', e: 'exp(1)' };

export interface RPrintContext {
  /** A parameter or variable as it is written in R: its R name, or a number (a parameter held at its value). */
  readonly names: ReadonlyMap<string, string>;
}

function strength(e: Expr): number {
  if (e.kind === 'binary') return e.op === '+' || e.op === '-' ? 1 : e.op === '*' || e.op === '/' ? 2 : 4;
  if (e.kind === 'call' && e.name === 'pow') return 4;
  if (e.kind === 'unary') return 3;
  // A number printed negative (a held parameter) reads as a unary minus.
  return 5;
}

const own = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined => (Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined);

function atom(text: string): string {
  // A negative literal in an operand place: parenthesized, as -2^2 would otherwise be -(2^2).
  return text.startsWith('-') ? `(${text})` : text;
}

function power(base: Expr, exponent: Expr, ctx: RPrintContext): string {
  const b = rExpr(base, ctx);
  const x = rExpr(exponent, ctx);
  return `${strength(base) < 5 ? `(${b})` : atom(b)}^${strength(exponent) < 3 ? `(${x})` : x}`;
}

export function rExpr(e: Expr, ctx: RPrintContext): string {
  switch (e.kind) {
    case 'number':
      return rNumber(e.value);
    case 'ident': {
      if (e.role === 'constant') {
        const c = own(R_CONSTANTS, e.name);
        if (c === undefined) throw new RangeError(`nlmeScript: unknown constant ${e.name}`);
        return c;
      }
      const name = ctx.names.get(e.name);
      if (name === undefined) throw new RangeError(`nlmeScript: no R name for ${e.name}`);
      return name;
    }
    case 'unary': {
      const a = rExpr(e.arg, ctx);
      return `${e.op}${strength(e.arg) < 4 ? `(${a})` : atom(a)}`;
    }
    case 'call': {
      if (e.name === 'pow') return power(e.args[0], e.args[1], ctx);
      const args = e.args.map((a) => rExpr(a, ctx));
      // erf(x) = 2Φ(x√2) − 1, erfc(x) = 2Φ(−x√2): base R has no erf.
      if (e.name === 'erf') return `(2*pnorm((${args[0]})*sqrt(2)) - 1)`;
      if (e.name === 'erfc') return `(2*pnorm(-(${args[0]})*sqrt(2)))`;
      const fn = own(R_FUNCTIONS, e.name);
      if (fn === undefined) throw new RangeError(`nlmeScript: no R function for ${e.name}`);
      return `${fn}(${args.join(', ')})`;
    }
    case 'binary': {
      if (e.op === '^') return power(e.left, e.right, ctx);
      const s = strength(e);
      const l = rExpr(e.left, ctx);
      const r = rExpr(e.right, ctx);
      const left = strength(e.left) < s ? `(${l})` : s > 1 ? atom(l) : l;
      // Equal strength on the right keeps its parentheses: the tree's order is the evaluation order.
      const right = strength(e.right) <= s ? `(${r})` : atom(r);
      const op = s === 1 ? ` ${e.op} ` : e.op;
      return `${left}${op}${right}`;
    }
  }
}
