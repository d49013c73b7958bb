/**
 * Smart constructors over the hash-consed Graph: each builds its node after light algebraic
 * simplification. Every rewrite is exact in IEEE 754 binary64 (same bits for every input) except
 * where noted; the exceptions trade an inf/NaN or the sign of a zero for the pruning that makes
 * derivatives short:
 *
 *   exact:   constant folding (same float64 operations as evaluation: tapeFns.ts), x*1, x/1,
 *            x*(-1) and x/(-1) → -x, x+(-0), x-(+0), x^1, x^0 → 1 (IEEE pow(x, 0) = 1 even for NaN),
 *            --x, a+(-b) → a-b, a-(-b) → a+b, (-a)*(-b) → a*b, (-a)*b → -(a*b), (-x)^2k → x^2k,
 *            abs(-x), min(x,x), max(x,x), select(c, t, t) → t,
 *            sorting the operands of + and * (both commute exactly in IEEE).
 *   sign of zero only:  x+0 → x and 0-x → -x (differ at x = -0 / x = 0).
 *   not IEEE-exact:  x*0 → 0 and 0/x → 0, wrong when x is ±inf or NaN (which give NaN) and in the
 *            sign of zero. This is what prunes the zero derivatives of other parameters; a model
 *            whose value is finite keeps finite derivatives either way.
 *   by design:  x^n with integer n (|n| ≤ MAX_POWI) → powi(x, n), computed by multiplications
 *            (tapeFns.powiValue), within a few ulp of pow and defined for negative x in WGSL too;
 *            x^0.5 → sqrt(x) (differs from pow only at x = -0 and x = -inf).
 */
import { Graph, type NodeId } from './graph';
import type { TapeFn } from './tape';
import { TAPE_FN_IMPL, powiValue } from './tapeFns';

/** Largest |n| kept as powi; beyond it x^n stays a pow (an overflow anyway for |x| ≠ 1). */
export const MAX_POWI = 1024;

export class Builder {
  readonly graph = new Graph();
  readonly zero = this.num(0);
  readonly one = this.num(1);

  num(value: number): NodeId {
    return this.graph.intern({ op: 'const', value });
  }

  variable(index: number): NodeId {
    return this.graph.intern({ op: 'var', index });
  }

  param(index: number): NodeId {
    return this.graph.intern({ op: 'param', index });
  }

  /** The value of a constant node, or undefined. */
  constant(id: NodeId): number | undefined {
    const n = this.graph.node(id);
    return n.op === 'const' ? n.value : undefined;
  }

  isConst(id: NodeId, v: number): boolean {
    return Object.is(this.constant(id), v);
  }

  /** Whether id is ±0 (so x*id = 0 up to the documented exception). */
  isZero(id: NodeId): boolean {
    return this.constant(id) === 0;
  }

  /** The operand of a negation, or undefined. */
  negated(id: NodeId): NodeId | undefined {
    const n = this.graph.node(id);
    return n.op === 'neg' ? n.a : undefined;
  }

  add(a: NodeId, b: NodeId): NodeId {
    const ca = this.constant(a);
    const cb = this.constant(b);
    if (ca !== undefined && cb !== undefined) return this.num(ca + cb);
    if (ca === 0) return b;
    if (cb === 0) return a;
    const nb = this.negated(b);
    if (nb !== undefined) return this.sub(a, nb);
    const na = this.negated(a);
    if (na !== undefined) return this.sub(b, na);
    return this.graph.intern(a <= b ? { op: 'add', a, b } : { op: 'add', a: b, b: a });
  }

  sub(a: NodeId, b: NodeId): NodeId {
    const ca = this.constant(a);
    const cb = this.constant(b);
    if (ca !== undefined && cb !== undefined) return this.num(ca - cb);
    if (cb === 0) return a;
    if (ca === 0) return this.neg(b);
    const nb = this.negated(b);
    if (nb !== undefined) return this.add(a, nb);
    return this.graph.intern({ op: 'sub', a, b });
  }

  mul(a: NodeId, b: NodeId): NodeId {
    const ca = this.constant(a);
    const cb = this.constant(b);
    if (ca !== undefined && cb !== undefined) return this.num(ca * cb);
    if (ca === 0 || cb === 0) return this.zero;
    if (ca === 1) return b;
    if (cb === 1) return a;
    if (ca === -1) return this.neg(b);
    if (cb === -1) return this.neg(a);
    const na = this.negated(a);
    const nb = this.negated(b);
    if (na !== undefined && nb !== undefined) return this.mul(na, nb);
    if (na !== undefined) return this.neg(this.mul(na, b));
    if (nb !== undefined) return this.neg(this.mul(a, nb));
    return this.graph.intern(a <= b ? { op: 'mul', a, b } : { op: 'mul', a: b, b: a });
  }

  div(a: NodeId, b: NodeId): NodeId {
    const ca = this.constant(a);
    const cb = this.constant(b);
    if (ca !== undefined && cb !== undefined) return this.num(ca / cb);
    if (ca === 0) return this.zero;
    if (cb === 1) return a;
    if (cb === -1) return this.neg(a);
    const na = this.negated(a);
    const nb = this.negated(b);
    if (na !== undefined && nb !== undefined) return this.div(na, nb);
    if (na !== undefined) return this.neg(this.div(na, b));
    if (nb !== undefined) return this.neg(this.div(a, nb));
    return this.graph.intern({ op: 'div', a, b });
  }

  neg(a: NodeId): NodeId {
    const ca = this.constant(a);
    if (ca !== undefined) return this.num(-ca);
    const na = this.negated(a);
    if (na !== undefined) return na;
    return this.graph.intern({ op: 'neg', a });
  }

  powi(a: NodeId, n: number): NodeId {
    const ca = this.constant(a);
    if (ca !== undefined) return this.num(powiValue(ca, n));
    if (n === 0) return this.one;
    if (n === 1) return a;
    const na = this.negated(a);
    if (na !== undefined) return n % 2 === 0 ? this.powi(na, n) : this.neg(this.powi(na, n));
    return this.graph.intern({ op: 'powi', a, n });
  }

  pow(a: NodeId, b: NodeId): NodeId {
    const ca = this.constant(a);
    const cb = this.constant(b);
    if (ca !== undefined && cb !== undefined) return this.num(Math.pow(ca, cb));
    if (cb !== undefined) {
      if (Number.isInteger(cb) && Math.abs(cb) <= MAX_POWI) return this.powi(a, cb);
      if (cb === 0.5) return this.call('sqrt', [a]);
    }
    return this.graph.intern({ op: 'pow', a, b });
  }

  call(fn: TapeFn, args: readonly NodeId[]): NodeId {
    const cs = args.map((x) => this.constant(x));
    if (cs.every((c): c is number => c !== undefined)) return this.num(TAPE_FN_IMPL[fn](...cs));
    if ((fn === 'min' || fn === 'max') && args[0] === args[1]) return args[0];
    if (fn === 'selectLe' && args[2] === args[3]) return args[2];
    if (fn === 'abs') {
      const inner = this.graph.node(args[0]);
      if (inner.op === 'neg') return this.call('abs', [inner.a]);
      if (inner.op === 'call' && inner.fn === 'abs') return args[0];
    }
    return this.graph.intern({ op: 'call', fn, args: [...args] });
  }
}
