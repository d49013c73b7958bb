/**
 * Scheduling: the part of the DAG reachable from the value and the gradients becomes a Tape, in
 * an order where every operand precedes its use (iterative post-order depth-first search, so deep
 * graphs cannot overflow the stack). Unreachable nodes are simply never emitted: dead-code
 * elimination is the reachability walk itself.
 */
import type { Graph, NodeId } from './graph';
import { operands, type Instr, type Tape } from './tape';

export interface TapeRoots {
  readonly value: NodeId;
  readonly grads: readonly NodeId[];
  readonly wrt: readonly number[];
  readonly nParams: number;
  readonly nVars: number;
}

export function schedule(graph: Graph, roots: TapeRoots): Tape {
  const slot = new Map<NodeId, number>();
  const instrs: Instr[] = [];

  const place = (root: NodeId): number => {
    // stack of [node, next operand to visit]
    const stack: [NodeId, number][] = [[root, 0]];
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const [id, k] = top;
      if (slot.has(id)) {
        stack.pop();
        continue;
      }
      const node = graph.node(id);
      const ops = operands(node);
      if (k < ops.length) {
        top[1] = k + 1;
        if (!slot.has(ops[k])) stack.push([ops[k], 0]);
        continue;
      }
      slot.set(id, instrs.length);
      instrs.push(renumber(node, (o) => slot.get(o) as number));
      stack.pop();
    }
    return slot.get(root) as number;
  };

  const value = place(roots.value);
  const grads = roots.grads.map(place);
  return { instrs, value, grads, wrt: [...roots.wrt], nParams: roots.nParams, nVars: roots.nVars };
}

/** The instruction with its operands mapped from node ids to tape slots. */
function renumber(n: Instr, at: (id: NodeId) => number): Instr {
  switch (n.op) {
    case 'const':
    case 'var':
    case 'param':
      return n;
    case 'neg':
      return { op: 'neg', a: at(n.a) };
    case 'powi':
      return { op: 'powi', a: at(n.a), n: n.n };
    case 'call':
      return { op: 'call', fn: n.fn, args: n.args.map(at) };
    default:
      return { op: n.op, a: at(n.a), b: at(n.b) };
  }
}
