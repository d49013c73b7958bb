/**
 * Whether two models are the same function, decided on their syntax: both trees are lowered into
 * one hash-consed, simplified DAG (simplify.ts), where equal structure after the light algebra
 * there (constant folding, x·1, x + 0, x·0, commuted + and ·) is one node. Equal nodes prove the
 * functions equal (up to the documented x·0 → 0 exception at inf/NaN); unequal nodes prove
 * nothing, so a caller must treat "false" as "not established", never as "different".
 *
 * Used to establish that one model is another with some parameters replaced by constants (model
 * comparison: the extra-sum-of-squares F test needs nested models).
 */
import type { Expr } from './ast';
import { lower } from './lower';
import { Builder } from './simplify';

/** The tree with the named parameters replaced by numbers (other nodes shared, spans kept). */
export function substituteParams(e: Expr, values: ReadonlyMap<string, number>): Expr {
  switch (e.kind) {
    case 'number':
      return e;
    case 'ident': {
      if (e.role !== 'param') return e;
      const v = values.get(e.name);
      return v === undefined ? e : { kind: 'number', value: v, text: String(v), start: e.start, end: e.end };
    }
    case 'unary':
      return { ...e, arg: substituteParams(e.arg, values) };
    case 'binary':
      return { ...e, left: substituteParams(e.left, values), right: substituteParams(e.right, values) };
    case 'call':
      return { ...e, args: e.args.map((a) => substituteParams(a, values)) };
  }
}

/** Every name of the given role in the tree, in order of first appearance. */
export function namesOf(e: Expr, role: 'param' | 'variable', into: string[] = []): string[] {
  switch (e.kind) {
    case 'ident':
      if (e.role === role && !into.includes(e.name)) into.push(e.name);
      break;
    case 'unary':
      namesOf(e.arg, role, into);
      break;
    case 'binary':
      namesOf(e.left, role, into);
      namesOf(e.right, role, into);
      break;
    case 'call':
      for (const a of e.args) namesOf(a, role, into);
      break;
  }
  return into;
}

/** Every numeric literal of the tree (the constants a simpler model may have put in). */
export function literalsOf(e: Expr, into: number[] = []): number[] {
  switch (e.kind) {
    case 'number':
      if (!into.some((v) => Object.is(v, e.value))) into.push(e.value);
      break;
    case 'unary':
      literalsOf(e.arg, into);
      break;
    case 'binary':
      literalsOf(e.left, into);
      literalsOf(e.right, into);
      break;
    case 'call':
      for (const a of e.args) literalsOf(a, into);
      break;
  }
  return into;
}

/** A comparer of trees: one DAG for all of them, so that equal functions meet in one node. */
export function functionComparer(): (a: Expr, b: Expr) => boolean {
  const b = new Builder();
  // Names index into one shared table (a Map: "__proto__" is a name like any other).
  const params = new Map<string, number>();
  const variables = new Map<string, number>();
  const node = (e: Expr) => {
    for (const n of namesOf(e, 'param')) if (!params.has(n)) params.set(n, params.size);
    for (const n of namesOf(e, 'variable')) if (!variables.has(n)) variables.set(n, variables.size);
    return lower(b, e, { params, variables });
  };
  return (x, y) => node(x) === node(y);
}
