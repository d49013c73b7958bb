/**
 * Gauss–Newton refinement after the trust-region iteration has converged.
 *
 * Near a small-residual minimum the cost changes by less than its own rounding error (NIST
 * Lanczos3: cost 8.06e-9 computed from residuals that cancel 5 digits, so reductions of 1e-21 are
 * noise). TRF then accepts or rejects its last steps by the luck of that noise and stops wherever
 * Δ collapses. The Gauss–Newton step from the QR factors, p = −R⁻¹Qᵀf, is still accurate there
 * (it needs J and f, not cost differences), so we keep taking it while it contracts, the cost
 * does not rise beyond its rounding level, and the iterate stays interior. This is the classical
 * iterative refinement of a least-squares solution (Björck, Numerical Methods for Least Squares
 * Problems, SIAM 1996, §2.9), applied to the nonlinear problem; it never moves away from the TRF
 * solution by more than the steps TRF could not resolve.
 */
import { colemanLiScaling, findActiveConstraints, hasBounds, inBounds } from './bounds';
import type { Evaluator } from './evaluator';
import { aboveRankFloor, isFiniteLinearModel, type LinearModel } from './linearModel';
import type { TrfResult } from './trf';
import { norm, normInf } from './vec';

const EPS = 2.220446049250313e-16;

export interface RefineResult {
  readonly x: Float64Array;
  readonly cost: number;
  readonly linear: LinearModel;
  readonly steps: number;
  readonly nfev: number;
  readonly njev: number;
}

export interface RefineInput {
  readonly evaluator: Evaluator;
  readonly x: Float64Array;
  readonly cost: number;
  readonly linear: LinearModel;
  readonly lb: Float64Array;
  readonly ub: Float64Array;
  /** Rounding level of the cost: increases up to this are not evidence against a step. */
  readonly costNoise: number;
  /** At most this many steps, and so this many residual evaluations (what is left of max_nfev). */
  readonly maxSteps?: number;
}

/** The Gauss–Newton step −J⁺f from the linear model, or null when J is rank deficient. */
function gaussNewtonStep(linear: LinearModel, m: number): Float64Array | null {
  const n = linear.n;
  const ones = new Float64Array(n).fill(1);
  const { s, V, uf, squared } = linear.factor(ones, null);
  if (!(m >= n && aboveRankFloor(s[n - 1], s[0], m, squared))) return null;
  const p = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let t = 0;
    for (let j = 0; j < n; j++) t += (V[i * n + j] * uf[j]) / s[j];
    p[i] = -t;
  }
  return p;
}

export async function refineGaussNewton(input: RefineInput): Promise<RefineResult> {
  const { evaluator, lb, ub, costNoise } = input;
  const maxSteps = input.maxSteps ?? 25;
  let { x, cost, linear } = input;
  let previous = Infinity;
  let steps = 0;
  let nfev = 0;
  let njev = 0;
  for (let it = 0; it < maxSteps; it++) {
    const p = gaussNewtonStep(linear, evaluator.m);
    if (!p) break;
    const pNorm = norm(p);
    // Converged to working precision, or no longer contracting (outside the Gauss–Newton basin,
    // or a large-residual problem whose linear rate is too slow to be worth following).
    if (!(pNorm > 4 * EPS * norm(x)) || pNorm > 0.9 * previous) break;
    const xNew = x.map((xi, i) => xi + p[i]);
    if (!inBounds(xNew, lb, ub) || xNew.some((v, i) => v === lb[i] || v === ub[i])) break;
    const costNew = await evaluator.cost(xNew);
    nfev++;
    if (!(costNew <= cost + costNoise)) break;
    const linearNew = await evaluator.linearize(xNew);
    njev++;
    if (!isFiniteLinearModel(linearNew)) break;
    x = xNew;
    cost = costNew;
    linear = linearNew;
    previous = pNorm;
    steps++;
  }
  return { x, cost, linear, steps, nfev, njev };
}

/**
 * The TRF result moved to the refined point: x, cost and J, and with them g, the first-order
 * optimality (‖v ⊙ g‖∞ with bounds, as trf reports it), the active bounds and a message that says
 * where the fit ended rather than only where TRF stopped.
 */
export function afterRefinement(result: TrfResult, refined: RefineResult, lb: Float64Array, ub: Float64Array, xtol: number): TrfResult {
  const { x, linear } = refined;
  const g = linear.g;
  const v = hasBounds(lb, ub) ? colemanLiScaling(x, g, lb, ub).v : null;
  const optimality = normInf(v ? g.map((gi, i) => gi * v[i]) : g);
  const steps = `${refined.steps} Gauss–Newton refinement step${refined.steps === 1 ? '' : 's'}`;
  return {
    ...result,
    x,
    cost: refined.cost,
    linear,
    grad: g,
    optimality,
    activeMask: findActiveConstraints(x, lb, ub, xtol),
    message: `${result.message} Then ${steps} below the cost's rounding level; at the final parameters the first-order optimality is ${optimality.toExponential(1)}.`,
  };
}
