/**
 * Prints a model's syntax tree (validated and resolved by compileModel) as an R expression, for
 * the nlme script (nlmeScript.ts), through the infix printer (../expr/infixPrinter.ts: precedence
 * and parentheses) with R's tables: numbers re-printed from their values, names through rName
 * (back-quoted where R would not read them as names), functions through the table below. R's
 * arithmetic is IEEE's (1/0 is Inf, (-8)^0.5 NaN), as Fitbench's, so constant arithmetic needs no care.
 */
import type { Expr } from '../../model/index';
import { infixPrinter, ownEntry } from '../expr/infixPrinter';

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

export function rExpr(e: Expr, ctx: RPrintContext): string {
  return infixPrinter({
    guardNegative: true,
    power: '^',
    number: rNumber,
    constant: (name) => ownEntry(R_CONSTANTS, name) ?? fail(`unknown constant ${name}`),
    name: (name) => ctx.names.get(name) ?? fail(`no R name for ${name}`),
    call: (name, args) => {
      // erf(x) = 2Φ(x√2) − 1, erfc(x) = 2Φ(−x√2): base R has no erf.
      if (name === 'erf') return `(2*pnorm((${args[0]})*sqrt(2)) - 1)`;
      if (name === 'erfc') return `(2*pnorm(-(${args[0]})*sqrt(2)))`;
      return `${ownEntry(R_FUNCTIONS, name) ?? fail(`no R function for ${name}`)}(${args.join(', ')})`;
    },
  })(e);
}

function fail(what: string): never {
  throw new RangeError(`nlmeScript: ${what}`);
}
