/**
 * Lowering: the syntax tree becomes a node of the simplified, hash-consed DAG. Names resolve to
 * indices here: `var` nodes index the model's used columns, `param` nodes the parameter vector.
 * Recursion depth is the tree height, which the parser bounds (MAX_HEIGHT).
 */
import type { Expr } from './ast';
import { CONSTANTS, FUNCTIONS } from './functions';
import type { NodeId } from './graph';
import type { Builder } from './simplify';

export interface Names {
  readonly params: ReadonlyMap<string, number>;
  readonly variables: ReadonlyMap<string, number>;
}

export function lower(b: Builder, e: Expr, names: Names): NodeId {
  switch (e.kind) {
    case 'number':
      return b.num(e.value);
    case 'ident':
      if (e.role === 'variable') return b.variable(lookup(names.variables, e.name));
      if (e.role === 'param') return b.param(lookup(names.params, e.name));
      return b.num(CONSTANTS[e.name]);
    case 'unary': {
      const arg = lower(b, e.arg, names);
      return e.op === '-' ? b.neg(arg) : arg;
    }
    case 'binary': {
      const l = lower(b, e.left, names);
      const r = lower(b, e.right, names);
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
      const args = e.args.map((a) => lower(b, a, names));
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
