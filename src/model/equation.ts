/**
 * Implicit models (issue 24): one equation `lhs = rhs` between data columns and parameters, e.g.
 * `(x-a)^2 + (y-b)^2 = R^2`, compiled as the model g = lhs − rhs whose zero set is the curve
 * (ODRPACK's implicit mode: Boggs, Byrd, Donaldson & Schnabel, ODRPACK User's Guide, 1992, §2.B).
 * Every column in the equation is observed, so fit/odr gives each one a correction δ.
 *
 * Each side is parsed on its own with the other side blanked out (spaces of the same length), so
 * an error's place is its place in the text as written. Parameters keep their order of first
 * appearance across the whole equation; variables the order of the columns.
 */
import type { Expr } from './ast';
import { compileParsed, type CompileOptions, type CompiledModel } from './compile';
import { modelError, type ModelError, type Result } from './errors';
import { parse } from './parse';

/**
 * Whether a model text is one equation rather than ODE statements: a single statement (no ";" or
 * second line), one "=", no "~", and a left side that is none of the ODE forms dX/dt, X(t0) or a
 * bare name (an ODE intermediate). `y = a*x + b` therefore stays what it was; write it `a*x + b`
 * with --sigma-x for errors in x.
 */
export function isEquationModel(text: string): boolean {
  const code = text.replace(/#[^\n]*/g, '');
  const statements = code.split(/[;\n]/).filter((st) => st.trim() !== '');
  if (statements.length !== 1 || code.includes('~')) return false;
  const sides = statements[0].split('=');
  if (sides.length !== 2) return false;
  const left = sides[0].trim();
  return left !== '' && !/^d\w+\s*\/\s*dt$/.test(left) && !/^\w+\s*\(\s*t0\s*\)$/.test(left) && !/^[A-Za-z_]\w*$/.test(left);
}

function blank(text: string, from: number, to: number): string {
  return text.slice(0, from) + text.slice(from, to).replace(/[^\n]/g, ' ') + text.slice(to);
}

/** The equation's tree g = lhs − rhs, its parameters and the columns it uses (for display as you
 *  type, and for compileEquation). */
export function parseEquation(text: string, columns: readonly string[]): Result<{ readonly ast: Expr; readonly params: string[]; readonly variables: string[] }, ModelError> {
  const code = text.replace(/#[^\n]*/g, (c) => ' '.repeat(c.length));
  const at = code.indexOf('=');
  if (at < 0 || code.indexOf('=', at + 1) >= 0) {
    return { ok: false, error: modelError(text, 'equation', Math.max(at, 0), Math.max(at, 0) + 1, (p) => `An implicit model is one equation with one "=" (at ${p})`, 'write it as lhs = rhs, e.g. (x-a)^2 + (y-b)^2 = R^2') };
  }
  const left = parse(blank(code, at, code.length), columns);
  if (!left.ok) return left.error.code === 'empty' ? sideMissing(text, at, 'left') : left;
  const right = parse(blank(code, 0, at + 1), columns);
  if (!right.ok) return right.error.code === 'empty' ? sideMissing(text, at, 'right') : right;
  const ast: Expr = { kind: 'binary', op: '-', left: left.value.ast, right: right.value.ast, start: left.value.ast.start, end: right.value.ast.end };
  const params = [...new Set([...left.value.params, ...right.value.params])];
  const used = new Set([...left.value.variables, ...right.value.variables]);
  const variables = [...new Set(columns)].filter((c) => used.has(c));
  return { ok: true, value: { ast, params, variables } };
}

/** g = lhs − rhs, compiled; `implicit` says which columns the equation uses. */
export function compileEquation(text: string, options: CompileOptions): Result<CompiledModel, ModelError> {
  const parsed = parseEquation(text, options.columns);
  return parsed.ok ? compileParsed(text, parsed.value) : parsed;
}

function sideMissing(text: string, at: number, side: 'left' | 'right'): { ok: false; error: ModelError } {
  return { ok: false, error: modelError(text, 'equation', at, at + 1, (p) => `The equation's ${side} side is empty (the "=" at ${p})`, 'write both sides, e.g. x^2/a^2 + y^2/b^2 = 1') };
}
