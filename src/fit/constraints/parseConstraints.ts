/**
 * Linear inequality constraints between a model's parameters (issue 26), read from text such as
 * `lKa > lKe, k1 >= 2*k2, a + b <= 1`. Each side is parsed by the model's own expression parser
 * (src/model/parse.ts, never eval) with no data columns, so every name is a parameter or a
 * constant; the difference of the sides is then reduced to a linear form aᵀβ + c by walking the
 * syntax tree. A product of two parameter terms, a parameter inside a function, a power of a
 * parameter or a division by one is not linear, and is refused naming the constraint and the place.
 *
 *   lhs ≥ rhs  (or >)   →  aᵀβ ≥ −c    with aᵀβ + c = lhs − rhs
 *   lhs ≤ rhs  (or <)   →  aᵀβ ≤ −c
 *
 * A strict inequality is honoured as its closure (a least-squares optimum on the open side of a
 * boundary does not exist; the fit lands on the boundary and reports the constraint active), as
 * scipy's `minimize` and lmfit do.
 */
import { CONSTANTS, FUNCTIONS, parse, TAPE_FN_IMPL, type Expr } from '../../model/index';
import { FitInputError } from '../parameters';

export interface LinearConstraint {
  /** The constraint as written (trimmed). */
  readonly text: string;
  /** a: the coefficient of each parameter that enters (non-zero), by name. */
  readonly coefficients: Readonly<Record<string, number>>;
  /** lower ≤ aᵀβ ≤ upper; one of them is infinite. */
  readonly lower: number;
  readonly upper: number;
  /** Written with > or < (honoured as ≥, ≤). */
  readonly strict: boolean;
}

interface LinearForm {
  readonly a: Map<string, number>;
  readonly c: number;
}

const OPERATORS = ['>=', '<=', '>', '<'] as const;

/** Splits at commas outside parentheses (a function's arguments keep theirs). */
export function splitConstraints(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/**
 * Parses comma-separated constraints against the model's parameters (`names`). Throws a
 * FitInputError (codes constraint-syntax, constraint-unknown, constraint-nonlinear,
 * constraint-trivial) that quotes the constraint and says what to write.
 */
export function parseConstraints(text: string, names: readonly string[]): LinearConstraint[] {
  const out: LinearConstraint[] = [];
  for (const piece of splitConstraints(text)) out.push(parseConstraint(piece, names));
  return out;
}

export function parseConstraint(text: string, names: readonly string[]): LinearConstraint {
  const found = findOperator(text);
  if (!found) {
    throw new FitInputError('constraint-syntax', `Constraint "${text}" has no comparison: write it as an inequality such as "k1 >= 2*k2" (>, >=, <, <=).`);
  }
  const { at, op } = found;
  const rest = text.slice(at + op.length);
  if (findOperator(rest)) {
    throw new FitInputError('constraint-syntax', `Constraint "${text}" has more than one comparison: write one inequality per constraint, separated by commas ("a < b, b < c").`);
  }
  const left = side(text, text.slice(0, at), 'left', names);
  const right = side(text, rest, 'right', names);
  const a = new Map(left.a);
  for (const [name, v] of right.a) a.set(name, (a.get(name) ?? 0) - v);
  const coefficients: Record<string, number> = {};
  for (const name of names) {
    const v = a.get(name);
    if (v !== undefined && v !== 0) coefficients[name] = v;
  }
  if (Object.keys(coefficients).length === 0) {
    throw new FitInputError('constraint-trivial', `Constraint "${text}" does not depend on any parameter once its sides are simplified: remove it.`);
  }
  const bound = right.c - left.c; // aᵀβ op −c, with c = c_left − c_right
  const greater = op[0] === '>';
  return {
    text: text.trim(),
    coefficients,
    lower: greater ? bound : -Infinity,
    upper: greater ? Infinity : bound,
    strict: op.length === 1,
  };
}

function findOperator(text: string): { at: number; op: (typeof OPERATORS)[number] } | null {
  for (let i = 0; i < text.length; i++) {
    for (const op of OPERATORS) if (text.startsWith(op, i)) return { at: i, op };
    if (text[i] === '=') return null; // "==" or "=": not an inequality (reported by the caller)
  }
  return null;
}

function side(constraint: string, text: string, which: 'left' | 'right', names: readonly string[]): LinearForm {
  if (text.trim() === '') throw new FitInputError('constraint-syntax', `Constraint "${constraint.trim()}" has nothing on its ${which} side.`);
  const parsed = parse(text, []);
  if (!parsed.ok) throw new FitInputError('constraint-syntax', `Constraint "${constraint.trim()}", ${which} side: ${parsed.error.message}.`);
  for (const name of parsed.value.params) {
    if (!names.includes(name)) {
      throw new FitInputError('constraint-unknown', `Constraint "${constraint.trim()}" names "${name}", which is not a parameter of the model (its parameters: ${names.join(', ') || 'none'}).`);
    }
  }
  const form = linearForm(parsed.value.ast);
  if (!form.ok) {
    throw new FitInputError(
      'constraint-nonlinear',
      `Constraint "${constraint.trim()}" is not linear in the parameters (${form.why} in "${text.slice(form.node.start, form.node.end).trim()}"): write it as a sum of numbers times parameters, such as "k1 - 2*k2 >= 0".`,
    );
  }
  return form.value;
}

type Linear = { ok: true; value: LinearForm } | { ok: false; why: string; node: Expr };

const constant = (f: LinearForm) => f.a.size === 0;
const scale = (f: LinearForm, s: number): LinearForm => ({ a: new Map([...f.a].map(([k, v]) => [k, v * s])), c: f.c * s });

/** The linear form of an expression, or where it stops being linear. */
function linearForm(node: Expr): Linear {
  const ok = (value: LinearForm): Linear => ({ ok: true, value });
  const no = (why: string): Linear => ({ ok: false, why, node });
  switch (node.kind) {
    case 'number':
      return ok({ a: new Map(), c: node.value });
    case 'ident':
      if (node.role === 'constant') return ok({ a: new Map(), c: CONSTANTS[node.name] });
      return ok({ a: new Map([[node.name, 1]]), c: 0 });
    case 'unary': {
      const arg = linearForm(node.arg);
      return !arg.ok || node.op === '+' ? arg : ok(scale(arg.value, -1));
    }
    case 'binary': {
      const l = linearForm(node.left);
      if (!l.ok) return l;
      const r = linearForm(node.right);
      if (!r.ok) return r;
      const [x, y] = [l.value, r.value];
      if (node.op === '+' || node.op === '-') {
        const s = node.op === '+' ? 1 : -1;
        const a = new Map(x.a);
        for (const [k, v] of y.a) a.set(k, (a.get(k) ?? 0) + s * v);
        return ok({ a, c: x.c + s * y.c });
      }
      if (node.op === '*') {
        if (constant(x)) return ok(scale(y, x.c));
        if (constant(y)) return ok(scale(x, y.c));
        return no('a product of parameters');
      }
      if (node.op === '/') {
        if (!constant(y)) return no('a division by a parameter');
        if (y.c === 0) return no('a division by zero');
        return ok(scale(x, 1 / y.c));
      }
      if (constant(x) && constant(y)) return ok({ a: new Map(), c: Math.pow(x.c, y.c) });
      return no('a power of a parameter');
    }
    case 'call': {
      const args: number[] = [];
      for (const arg of node.args) {
        const f = linearForm(arg);
        if (!f.ok) return f;
        if (!constant(f.value)) return no(`a parameter inside ${node.name}()`);
        args.push(f.value.c);
      }
      const fn = FUNCTIONS[node.name].lowersTo;
      const value = fn === 'pow' ? Math.pow(args[0], args[1]) : (TAPE_FN_IMPL[fn] as (...v: number[]) => number)(...args);
      return ok({ a: new Map(), c: value });
    }
  }
}
