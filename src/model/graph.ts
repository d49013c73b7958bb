/**
 * A hash-consed expression DAG: `intern` returns the existing id of a structurally identical node,
 * so common subexpressions are one node by construction (common-subexpression elimination for
 * free, as in the "value numbering" of Cocke 1970 and in every CAS since). Node shapes are the
 * tape's instructions (tape.ts) with operands naming node ids instead of tape slots.
 *
 * Algebra (folding, identities, derivatives) lives elsewhere (simplify.ts, differentiate.ts);
 * this file only stores and shares.
 */
import type { Instr } from './tape';

export type NodeId = number;
export type Node = Instr;

/** A key that distinguishes every float64 constant that behaves differently (0 from -0). */
function constKey(v: number): string {
  return Object.is(v, -0) ? '-0' : String(v);
}

function keyOf(n: Node): string {
  switch (n.op) {
    case 'const':
      return `c${constKey(n.value)}`;
    case 'var':
      return `v${n.index}`;
    case 'param':
      return `p${n.index}`;
    case 'neg':
      return `neg ${n.a}`;
    case 'powi':
      return `powi ${n.a} ${n.n}`;
    case 'call':
      return `${n.fn} ${n.args.join(' ')}`;
    default:
      return `${n.op} ${n.a} ${n.b}`;
  }
}

export class Graph {
  private readonly list: Node[] = [];
  private readonly ids = new Map<string, NodeId>();

  /** The id of `n`, adding it if no identical node exists yet. */
  intern(n: Node): NodeId {
    const key = keyOf(n);
    const found = this.ids.get(key);
    if (found !== undefined) return found;
    const id = this.list.length;
    this.list.push(n);
    this.ids.set(key, id);
    return id;
  }

  node(id: NodeId): Node {
    return this.list[id];
  }

  get size(): number {
    return this.list.length;
  }
}
