/**
 * Symbolic differentiation on the DAG (forward mode, one parameter at a time, memoised per node),
 * building every derivative through the simplifying constructors so that zero terms vanish and
 * subexpressions of the value (exp(u), a/b, tan u, …) are shared rather than recomputed.
 *
 * Legend: u, v operands; u', v' their derivatives w.r.t. the parameter p.
 *   (u/v)' = u'/v − q·(v'/v) with q = u/v the node itself
 *   (uⁿ)'  = n·uⁿ⁻¹·u'                       (powi, integer n)
 *   (u^v)' = v·u^(v−1)·u' + u^v·ln(u)·v'     (each term only where its derivative is not 0;
 *                                            0 where u' = 0 or u^v = 0 respectively)
 *   exp' = exp, log' = 1/u, log10' = 1/(u ln 10), sqrt' = ½/√u, abs' = sign(u),
 *   tan' = 1 + tan², asin' = 1/√(1−u²), acos' = −1/√(1−u²), atan' = 1/(1+u²),
 *   atan2(y, x)' = (x·y' − y·x')/(x² + y²), tanh' = 1 − tanh², erf' = (2/√π)·e^(−u²) = −erfc',
 *   min(u, v)' = u ≤ v ? u' : v',  max(u, v)' = v ≤ u ? u' : v'  (a `selectLe` node),
 *   sign' = 0 (almost everywhere).
 * Standard tables, e.g. Abramowitz & Stegun (1964) §4 and §7.1.19 for erf.
 */
import type { NodeId } from './graph';
import type { Builder } from './simplify';
import type { TapeFn } from './tape';

/** 2/√π rounded to double (M_2_SQRTPI). */
const TWO_OVER_SQRT_PI = 1.1283791670955126;

/**
 * ∂root/∂params[param] as a node of the same graph; with `of` = 'var', ∂root/∂variables[param]
 * instead (a data column: errors in x, fit/odr, need the model's slope in x at x + δ).
 */
export function differentiate(b: Builder, root: NodeId, param: number, memo = new Map<NodeId, NodeId>(), of: 'param' | 'var' = 'param'): NodeId {
  const d = (id: NodeId): NodeId => {
    let r = memo.get(id);
    if (r === undefined) {
      r = rule(id);
      memo.set(id, r);
    }
    return r;
  };

  const rule = (id: NodeId): NodeId => {
    const n = b.graph.node(id);
    switch (n.op) {
      case 'const':
        return b.zero;
      case 'var':
      case 'param':
        return n.op === of && n.index === param ? b.one : b.zero;
      case 'add':
        return b.add(d(n.a), d(n.b));
      case 'sub':
        return b.sub(d(n.a), d(n.b));
      case 'neg':
        return b.neg(d(n.a));
      case 'mul':
        return b.add(b.mul(d(n.a), n.b), b.mul(n.a, d(n.b)));
      case 'div': {
        // u'/v − q·(v'/v): when v depends on parameters only (1/(2σ²)), v'/v is loop-invariant
        const dv = d(n.b);
        const viaDenominator = b.isZero(dv) ? b.zero : b.mul(id, b.div(dv, n.b));
        return b.sub(b.div(d(n.a), n.b), viaDenominator);
      }
      case 'powi':
        return b.mul(b.mul(b.num(n.n), b.powi(n.a, n.n - 1)), d(n.a));
      case 'pow': {
        const du = d(n.a);
        const dv = d(n.b);
        // Each term is a product whose other factor can be infinite where the term must vanish:
        // u^(v−1) at u = 0 (v < 1) where u' = 0 (x^k at a data point x = 0), and ln u at u = 0
        // where u^v = 0 (∂0^v/∂v = 0). Select 0 there instead of letting 0·∞ make a NaN that
        // would stall the fit on perfectly good data.
        const zeroWhere = (guard: NodeId, term: NodeId) => b.call('selectLe', [b.call('abs', [guard]), b.zero, b.zero, term]);
        const viaBase = b.isZero(du) ? b.zero : zeroWhere(du, b.mul(b.mul(n.b, b.pow(n.a, b.sub(n.b, b.one))), du));
        const viaExponent = b.isZero(dv) ? b.zero : zeroWhere(id, b.mul(b.mul(id, b.call('log', [n.a])), dv));
        return b.add(viaBase, viaExponent);
      }
      case 'call':
        return callRule(b, id, n.fn, n.args, n.args.map(d));
    }
  };

  return d(root);
}

function callRule(b: Builder, id: NodeId, fn: TapeFn, args: readonly NodeId[], ds: readonly NodeId[]): NodeId {
  if (ds.every((x) => b.isZero(x))) return b.zero;
  const [u, v] = args;
  const [du, dv] = ds;
  const sq = (x: NodeId): NodeId => b.powi(x, 2);
  const f = (name: 'sin' | 'cos' | 'sinh' | 'cosh' | 'sign' | 'sqrt' | 'exp', x: NodeId): NodeId => b.call(name, [x]);
  switch (fn) {
    case 'exp':
      return b.mul(id, du);
    case 'log':
      return b.div(du, u);
    case 'log10':
      return b.div(du, b.mul(u, b.num(Math.LN10)));
    case 'sqrt':
      return b.div(b.mul(b.num(0.5), du), id);
    case 'abs':
      return b.mul(f('sign', u), du);
    case 'sign':
      return b.zero;
    case 'sin':
      return b.mul(f('cos', u), du);
    case 'cos':
      return b.neg(b.mul(f('sin', u), du));
    case 'tan':
      return b.mul(b.add(b.one, sq(id)), du);
    case 'asin':
      return b.div(du, f('sqrt', b.sub(b.one, sq(u))));
    case 'acos':
      return b.neg(b.div(du, f('sqrt', b.sub(b.one, sq(u)))));
    case 'atan':
      return b.div(du, b.add(b.one, sq(u)));
    case 'atan2': // atan2(y = u, x = v)
      return b.div(b.sub(b.mul(v, du), b.mul(u, dv)), b.add(sq(v), sq(u)));
    case 'sinh':
      return b.mul(f('cosh', u), du);
    case 'cosh':
      return b.mul(f('sinh', u), du);
    case 'tanh':
      return b.mul(b.sub(b.one, sq(id)), du);
    case 'erf':
      return b.mul(b.mul(b.num(TWO_OVER_SQRT_PI), f('exp', b.neg(sq(u)))), du);
    case 'erfc':
      return b.neg(b.mul(b.mul(b.num(TWO_OVER_SQRT_PI), f('exp', b.neg(sq(u)))), du));
    case 'min':
      return b.call('selectLe', [u, v, du, dv]);
    case 'max':
      return b.call('selectLe', [v, u, du, dv]);
    case 'selectLe':
      return b.call('selectLe', [args[0], args[1], ds[2], ds[3]]);
  }
  throw new Error(`internal: no derivative rule for ${fn}`);
}
