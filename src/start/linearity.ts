/**
 * Which parameters enter a model linearly: the largest set L (greedy, in order of appearance) such
 * that the model is affine in L jointly, f(x; θ, c) = a(x; θ) + Σⱼ cⱼ·bⱼ(x; θ) with a and bⱼ free
 * of c. For values of the others θ, the cⱼ then follow exactly from a linear least-squares solve
 * (Golub & Pereyra 1973, "The differentiation of pseudo-inverses and nonlinear least squares
 * problems whose variables separate", SIAM J. Numer. Anal. 10:413–432).
 *
 * The test is a degree count on the syntax tree: deg(e, S) is 0 when e does not involve S, 1 when
 * e is affine in S, ∞ otherwise. Sums keep the larger degree, products add them, a quotient is
 * affine only over an S-free denominator, a power only as base^1, and a function call only over
 * S-free arguments. It is conservative: `A^1·x` or `log(exp(A))` count as nonlinear, which costs
 * only speed (the parameter is then searched), never correctness.
 */
import type { Expr } from '../model/index';

const NONLINEAR = Infinity;

/** Degree of `e` in the parameter names of `set`: 0, 1, or Infinity. */
export function degreeIn(e: Expr, set: ReadonlySet<string>): number {
  switch (e.kind) {
    case 'number':
      return 0;
    case 'ident':
      return e.role === 'param' && set.has(e.name) ? 1 : 0;
    case 'unary':
      return degreeIn(e.arg, set);
    case 'call':
      return e.args.every((a) => degreeIn(a, set) === 0) ? 0 : NONLINEAR;
    case 'binary': {
      const l = degreeIn(e.left, set);
      if (l === NONLINEAR) return NONLINEAR;
      const r = degreeIn(e.right, set);
      if (r === NONLINEAR) return NONLINEAR;
      switch (e.op) {
        case '+':
        case '-':
          return Math.max(l, r);
        case '*': {
          const d = l + r;
          return d > 1 ? NONLINEAR : d;
        }
        case '/':
          return r === 0 ? l : NONLINEAR;
        case '^':
          if (l === 0 && r === 0) return 0;
          return r === 0 && e.right.kind === 'number' && e.right.value === 1 ? l : NONLINEAR;
      }
    }
  }
}

/**
 * Indices (into `params`) of a largest-by-greedy set of parameters the model is jointly affine in,
 * skipping the indices in `exclude` (fixed parameters, or ones the caller holds at a given start).
 */
export function linearParameters(ast: Expr, params: readonly string[], exclude: ReadonlySet<number> = new Set()): number[] {
  const chosen = new Set<string>();
  const out: number[] = [];
  params.forEach((name, i) => {
    if (exclude.has(i)) return;
    chosen.add(name);
    if (degreeIn(ast, chosen) <= 1) out.push(i);
    else chosen.delete(name);
  });
  return out;
}
