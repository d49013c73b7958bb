/**
 * Lowering of an ODE model (statements.ts) onto one simplified, hash-consed DAG. Every input is a
 * `param` node of one input vector z = [p₀ … p_{np−1} | X₀ … X_{n−1} | t], so that ∂/∂X_j and
 * ∂/∂t are derivatives with respect to "parameters" np + j and np + n, taken by the model
 * compiler's own symbolic differentiation (differentiate.ts) with no new rules. Intermediates are
 * lowered once, in definition order, and referenced by node, so a rate that uses `r = k*S` shares
 * r's subgraph with every other use (hash-consing does the rest).
 */
import type { Expr } from './ast';
import { CONSTANTS } from './functions';
import { lowerTree } from './lower';
import type { NodeId } from './graph';
import type { Builder } from './simplify';
import { TIME, type OdeModelSpec } from './statements';

export interface OdeLayout {
  readonly np: number;
  readonly n: number;
  /** z index of parameter k is k, of state j is np + j, of t is np + n. */
  readonly zLength: number;
}

export interface LoweredOde {
  readonly layout: OdeLayout;
  /** f_i, one per state. */
  readonly rates: readonly NodeId[];
  /** X_i(t0), one per state (parameters only). */
  readonly initials: readonly NodeId[];
  /** The expression of each observation. */
  readonly observations: readonly NodeId[];
}

function lowerExpr(b: Builder, e: Expr, names: ReadonlyMap<string, NodeId>): NodeId {
  return lowerTree(b, e, (ident) => {
    if (ident.role === 'constant') return b.num(CONSTANTS[ident.name]);
    const id = names.get(ident.name);
    if (id === undefined) throw new Error(`internal: unresolved name "${ident.name}"`);
    return id;
  });
}

export function lowerOde(b: Builder, spec: OdeModelSpec): LoweredOde {
  const np = spec.params.length;
  const n = spec.states.length;
  const names = new Map<string, NodeId>();
  spec.params.forEach((p, k) => names.set(p, b.param(k)));
  spec.states.forEach((s, j) => names.set(s.name, b.param(np + j)));
  names.set(TIME, b.param(np + n));
  for (const im of spec.intermediates) names.set(im.name, lowerExpr(b, im.expr, names));
  return {
    layout: { np, n, zLength: np + n + 1 },
    rates: spec.states.map((s) => lowerExpr(b, s.rate, names)),
    initials: spec.states.map((s) => lowerExpr(b, s.initial, names)),
    observations: spec.observations.map((o) => lowerExpr(b, o.expr, names)),
  };
}
