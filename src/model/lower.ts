/**
 * Lowering: the syntax tree becomes a node of the simplified, hash-consed DAG. Names resolve to
 * indices here: `var` nodes index the model's used columns, `param` nodes the parameter vector.
 * Recursion depth is the tree height, which the parser bounds (MAX_HEIGHT).
 */
import type { Expr, Ident } from './ast';
import { CONSTANTS, FUNCTIONS } from './functions';
import type { NodeId } from './graph';
import type { Builder } from './simplify';

export interface Names {
  readonly params: ReadonlyMap<string, number>;
  readonly variables: ReadonlyMap<string, number>;
}

export function lower(b: Builder, e: Expr, names: Names): NodeId {
  return lowerTree(b, e, (ident) => {
    if (ident.role === 'variable') return b.variable(lookup(names.variables, ident.name));
    if (ident.role === 'param') return b.param(lookup(names.params, ident.name));
    return b.num(CONSTANTS[ident.name]);
  });
}

/**
 * The tree as DAG nodes, names resolved by `ident` (the model's columns and parameters here; an
 * ODE model's states, parameters, t and intermediates in odeLower.ts): one lowering of the
 * operators and functions for every kind of model.
 */
export function lowerTree(b: Builder, e: Expr, ident: (e: Ident) => NodeId): NodeId {
  switch (e.kind) {
    case 'number':
      return b.num(e.value);
    case 'ident':
      return ident(e);
    case 'unary': {
      const arg = lowerTree(b, e.arg, ident);
      return e.op === '-' ? b.neg(arg) : arg;
    }
    case 'binary': {
      const l = lowerTree(b, e.left, ident);
      const r = lowerTree(b, e.right, ident);
      switch (e.op) {
        case '+':
          return b.add(l, r);
        case '-':
          return b.sub(l, r);
        case '*':
          return b.mul(l, r);
        case '/':
          return b.div(l, r);
        case '^':
          return b.pow(l, r);
      }
      break;
    }
    case 'call': {
      const args = e.args.map((a) => lowerTree(b, a, ident));
      const target = FUNCTIONS[e.name].lowersTo;
      return target === 'pow' ? b.pow(args[0], args[1]) : b.call(target, args);
    }
  }
  throw new Error('unreachable');
}

function lookup(map: ReadonlyMap<string, number>, name: string): number {
  const i = map.get(name);
  if (i === undefined) throw new Error(`internal: unresolved name "${name}"`);
  return i;
}
