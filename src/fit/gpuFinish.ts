/**
 * The float64 finish after a GPU phase (issue 12, "the GPU end to end"): as few passes over the
 * rows as the mathematics needs, then the ordinary float64 TRF loop only where those do not settle.
 *
 * The GPU's f32 solution x₀ is close to the minimum but not at it (f32 sums cannot resolve the
 * last digits of Jᵀf). From there Gauss–Newton converges quadratically, so the quick finish is
 *
 *   1. one float64 pass at x₀: f, JᵀJ, Jᵀf (the linearization);
 *   2. one trust-region-bounded Gauss–Newton step, bounds respected (scipy's TRF step: the first
 *      region Δ₀ = ‖x₀ ⊘ scale‖ admits the full Gauss–Newton step near a solution);
 *   3. one pass to evaluate it: its linearization at once (the trial point is almost always
 *      accepted), with the model's value at every row written as a by-product;
 *   4. convergence by scipy's tests (gtol, ftol, xtol) or the unresolved-step rule of src/solver/
 *      trf.ts (the next step's predicted reduction is below the cost's rounding: taken without a
 *      pass).
 *
 * Steps 1–3 are trf() itself with max_nfev = 2 (so the very same step and tests), and step 4 is
 * trf() resumed from its state (x, Δ, α, the scaling: the checkpoint's TrfState; the
 * linearization at x is kept, so that costs no pass), exactly the loop one run would continue:
 * where it converges at once the finish took two passes, and where it does not the same loop goes
 * on as the ordinary float64 TRF from the better point, so a result is never worse than the
 * plain polish. A fit whose final point is the last pass's point hands the statistics that
 * pass's model values (no pass of its own); a final unevaluated step needs one values pass.
 */
import type { Evaluator } from '../solver/evaluator';
import type { LinearModel } from '../solver/linearModel';
import type { TrfResult } from '../solver/trf';
import type { TrfState } from '../solver/trfState';

/** Float64 passes over the rows, by kind (the CLI's `gpu.float64Passes`). */
export interface PassCount {
  /** Normal-equation linearizations (f, JᵀJ, Jᵀf; the model's values with them where fused). */
  normal: number;
  /** QR linearizations (the dense path: small m, ill-conditioned problems, the covariance's J). */
  dense: number;
  /** Cost-only passes (the dense path's trial points). */
  cost: number;
  /** Model-value passes for the statistics (0 where a linearization pass gave them). */
  values: number;
}

export const noPasses = (): PassCount => ({ normal: 0, dense: 0, cost: 0, values: 0 });
export const totalPasses = (c: PassCount): number => c.normal + c.dense + c.cost + c.values;

const same = (a: Float64Array, b: Float64Array) => a.length === b.length && a.every((v, i) => v === b[i]);

/** An evaluator that counts its passes, keeps its last two linearizations, and the model values. */
export interface FinishEvaluator extends Evaluator {
  /** The model's values at x when the last values-writing pass was at x, else null. */
  valuesAt(x: Float64Array): Float64Array | null;
  /** The array the passes write the values into (null: none kept), for a later values pass to reuse. */
  readonly values: Float64Array | null;
}

/**
 * Wraps a float64 evaluator for the finish. Normal linearization: a trial point's cost is its
 * linearization (as the CPU normal evaluators do), and with `values` each pass also writes the
 * model's values there. The last two linearizations are kept, so that restarting trf at a point
 * the quick finish reached (or at x₀ after a rejected trial) costs no pass.
 */
export function finishEvaluator(inner: Evaluator, linearization: 'dense' | 'normal', count: PassCount, values: Float64Array | null): FinishEvaluator {
  const kept: { x: Float64Array; linear: LinearModel }[] = [];
  let valuesX: Float64Array | null = null;
  const withValues = linearization === 'normal' && values !== null && inner.linearizeWithValues !== undefined;
  const linearize = async (x: Float64Array): Promise<LinearModel> => {
    const hit = kept.find((k) => same(k.x, x));
    if (hit) return hit.linear;
    const point = Float64Array.from(x);
    valuesX = null;
    let linear: LinearModel;
    if (withValues) {
      linear = await inner.linearizeWithValues!(point, values!);
      valuesX = point;
    } else {
      linear = await inner.linearize(point);
    }
    count[linearization] += 1;
    kept.unshift({ x: point, linear });
    kept.length = Math.min(kept.length, 2);
    return linear;
  };
  return {
    m: inner.m,
    n: inner.n,
    label: `${inner.label} (finish)`,
    linearize,
    async cost(x) {
      if (linearization === 'normal') return (await linearize(x)).cost;
      const hit = kept.find((k) => same(k.x, x));
      if (hit) return hit.linear.cost;
      count.cost += 1;
      return inner.cost(x);
    },
    valuesAt: (x) => (values && valuesX && same(valuesX, x) ? values : null),
    values: withValues ? values : null,
  };
}

/** A pass counter around any evaluator (the refinement's and the covariance's QR passes). */
export function countedEvaluator(inner: Evaluator, linearization: 'dense' | 'normal', count: PassCount): Evaluator {
  return {
    m: inner.m,
    n: inner.n,
    label: inner.label,
    cost(x) {
      count.cost += 1;
      return inner.cost(x);
    },
    linearize(x) {
      count[linearization] += 1;
      return inner.linearize(x);
    },
  };
}

export interface FinishResult {
  readonly result: TrfResult;
  /** 'gauss-newton': converged within the quick finish's two passes; 'trf': the loop went on. */
  readonly path: 'gauss-newton' | 'trf';
}

/**
 * The quick finish, then (only where it has not converged) the ordinary TRF loop from where it
 * stopped. `solve(x, maxNfev)` runs trf() with the fit's options on the finish evaluator; nfev
 * counts the continued run's start once (it is the quick finish's last point, not evaluated again).
 */
/** How far a continued run's counts are shifted, so that its iteration summaries read on from the quick finish's. */
export interface CountOffset {
  readonly nfev: number;
  readonly njev: number;
  readonly nit: number;
}

export interface FinishRun {
  readonly maxNfev: number;
  /** The quick finish's last state: the loop goes on from it (Δ, α, the scaling), as one run would. */
  readonly resume: TrfState | null;
  readonly onState: (state: TrfState) => void;
  readonly offset: CountOffset;
}

export async function finishFromGpu(solve: (x: Float64Array, run: FinishRun) => Promise<TrfResult>, x0: Float64Array, maxNfev: number, count: PassCount): Promise<FinishResult> {
  let state: TrfState | null = null;
  const onState = (s: TrfState) => void (state = s);
  const quick = await solve(x0, { maxNfev: Math.min(2, maxNfev), resume: null, onState, offset: { nfev: 0, njev: 0, nit: 0 } });
  if (quick.status !== 0 || quick.nfev >= maxNfev || state === null) return { result: quick, path: 'gauss-newton' };
  const before = totalPasses(count);
  // The resumed run linearizes its start again (the kept linearization: no pass) and counts it.
  const rest = await solve(quick.x, { maxNfev: maxNfev + 1, resume: state, onState, offset: { nfev: -1, njev: -1, nit: 0 } });
  const result: TrfResult = {
    ...rest,
    nfev: rest.nfev - 1,
    njev: rest.njev - 1,
    history: [...quick.history, ...rest.history.map((h) => ({ ...h, nfev: h.nfev - 1, njev: h.njev - 1 }))],
    warnings: [...new Set([...quick.warnings, ...rest.warnings])],
  };
  return { result, path: totalPasses(count) === before ? 'gauss-newton' : 'trf' };
}
