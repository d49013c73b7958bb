/**
 * Prints a model's syntax tree (validated and resolved by compileModel) as an infix expression of
 * another language, from a table of that language's numbers, names and functions: the one printer
 * behind pyExpr.ts (numpy) and rExpr.ts (R). Nothing is copied from the model text: numbers are
 * re-printed from their values, names and functions go through the language's tables, so the
 * output holds only what the printer and the tables write.
 *
 * Precedence, as in Python and R alike: + − (1) < * / (2) < unary sign (3) < power (4) < atoms
 * (5). Both read `-a^b` as `-(a^b)` and accept `a^-b`, like the model language. Parentheses are
 * added where a child binds more loosely than its place needs, on the right of an operator of
 * equal strength (the tree's order is the evaluation order, and floating-point addition is not
 * associative), and on the left of the power unless it is an atom. Where the language's names
 * may be negative numbers (R's script holds a fixed parameter at its value), operand text that
 * starts with a minus is parenthesized too, as -2^2 would read -(2^2).
 */
import type { Expr } from '../../model/index';

export interface InfixLanguage {
  /** The power operator: `**` (Python) or `^` (R). */
  readonly power: string;
  /** Parenthesize operand text that starts with a minus (R: a held parameter printed as -2). */
  readonly guardNegative: boolean;
  /** A number as the language reads it back exactly. */
  readonly number: (value: number) => string;
  /** A named constant (pi, e); throws for one the language does not know. */
  readonly constant: (name: string) => string;
  /** A parameter or variable; throws for one without a name in the script. */
  readonly name: (name: string) => string;
  /** A call of the model language's function `name` on the printed arguments; throws for one the language lacks. */
  readonly call: (name: string, args: readonly string[]) => string;
  /** Division or power of operands that hold no parameter or variable, where the language's plain
   *  operators would not be IEEE arithmetic (Python's floats raise on 1.0/0.0); null: print as usual. */
  readonly constantArithmetic?: (op: '/' | '^', left: string, right: string) => string | null;
}

function strength(e: Expr): number {
  if (e.kind === 'binary') return e.op === '+' || e.op === '-' ? 1 : e.op === '*' || e.op === '/' ? 2 : 4;
  if (e.kind === 'call' && e.name === 'pow') return 4;
  if (e.kind === 'unary') return 3;
  return 5;
}

/** True when no parameter or variable occurs in e. */
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


/** Looks `key` up in `table`'s own entries (never its prototype's: `constructor`, `toString`). */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

/** The printer of `language`. */
export function infixPrinter(language: InfixLanguage): (e: Expr) => string {
  const atom = (text: string): string => (language.guardNegative && text.startsWith('-') ? `(${text})` : text);
  const constants = (op: '/' | '^', left: Expr, right: Expr): string | null =>
    language.constantArithmetic && constantOnly(left) && constantOnly(right) ? language.constantArithmetic(op, print(left), print(right)) : null;
  const power = (base: Expr, exponent: Expr): string => {
    const folded = constants('^', base, exponent);
    if (folded !== null) return folded;
    const b = print(base);
    const x = print(exponent);
    return `${strength(base) < 5 ? `(${b})` : atom(b)}${language.power}${strength(exponent) < 3 ? `(${x})` : x}`;
  };
  const print = (e: Expr): string => {
    switch (e.kind) {
      case 'number':
        return language.number(e.value);
      case 'ident':
        return e.role === 'constant' ? language.constant(e.name) : language.name(e.name);
      case 'unary': {
        const a = print(e.arg);
        return `${e.op}${strength(e.arg) < 4 ? `(${a})` : atom(a)}`;
      }
      case 'call':
        return e.name === 'pow' ? power(e.args[0], e.args[1]) : language.call(e.name, e.args.map(print));
      case 'binary': {
        if (e.op === '^') return power(e.left, e.right);
        const folded = e.op === '/' ? constants('/', e.left, e.right) : null;
        if (folded !== null) return folded;
        const s = strength(e);
        const l = print(e.left);
        const r = print(e.right);
        const left = strength(e.left) < s ? `(${l})` : s > 1 ? atom(l) : l;
        const right = strength(e.right) <= s ? `(${r})` : atom(r);
        return `${left}${s === 1 ? ` ${e.op} ` : e.op}${right}`;
      }
    }
  };
  return print;
}
