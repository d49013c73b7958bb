/**
 * The main float64 normal-equation phase's evaluator, with the model's values of its last pass
 * near convergence kept for the statistics (curveFit.ts). A fit that ends at its last pass's
 * point (scipy's ftol/xtol tests after an accepted step) then hands summarize those values, and
 * the statistics need no model evaluation of their own (a pass: 11–15 ms of a one-thread fit of
 * 10⁶ Gaussian rows, bench/results/speed-cpu.md). The values are the `evaluate` kernel's numbers
 * to the last bit (normalSource.ts), so every statistic is unchanged.
 *
 * Storing a value per row costs ~0.6 ms per 10⁶ rows in a pass of ~18 ms; far from the solution
 * the values would only be overwritten, so a pass stores them only when its point is within
 * NEAR_STEP (relative) of the previous one: the last passes of a converging fit, where Gauss–Newton
 * steps shrink quadratically. (A fit that ends with an unevaluated step, trf.ts UNRESOLVED_ULPS,
 * ends at a point no pass saw: the statistics evaluate the model there as before.)
 */
import type { Evaluator } from '../solver/evaluator';
import type { LinearModel } from '../solver/linearModel';

/** Relative step ‖x − x_prev‖ / ‖x_prev‖ below which a pass stores the model's values. */
export const NEAR_STEP = 1e-3;

export interface LastValuesEvaluator extends Evaluator {
  /** The model's values at x when the last values-writing pass was at x, else null. */
  valuesAt(x: Float64Array): Float64Array | null;
  /** The array the passes wrote into, null while none did (a later values pass reuses it: one
   *  m-long array at the fit's peak, not two). */
  readonly values: Float64Array | null;
}

const same = (a: Float64Array, b: Float64Array) => a.length === b.length && a.every((v, i) => v === b[i]);

function relativeStep(x: Float64Array, previous: Float64Array): number {
  let dx = 0;
  let norm = 0;
  for (let i = 0; i < x.length; i++) {
    dx += (x[i] - previous[i]) ** 2;
    norm += previous[i] ** 2;
  }
  return norm > 0 ? Math.sqrt(dx / norm) : dx > 0 ? Infinity : 0;
}

/**
 * Wraps a normal-equation evaluator that has linearizeWithValues; `allocate` gives the m-long
 * array at the first pass that stores values. As the CPU normal evaluators, a trial point's cost is
 * its linearization, kept for the linearize() that follows.
 */
export function lastValuesEvaluator(inner: Evaluator, allocate: () => Float64Array): LastValuesEvaluator {
  let kept: { x: Float64Array; linear: LinearModel } | null = null;
  let values: Float64Array | null = null;
  let valuesX: Float64Array | null = null;
  const pass = async (x: Float64Array): Promise<LinearModel> => {
    if (kept && same(kept.x, x)) return kept.linear;
    const point = Float64Array.from(x);
    const store = kept !== null && relativeStep(point, kept.x) <= NEAR_STEP;
    valuesX = null;
    const linear = store ? await inner.linearizeWithValues!(point, (values ??= allocate())) : await inner.linearize(point);
    if (store) valuesX = point;
    kept = { x: point, linear };
    return linear;
  };
  return {
    m: inner.m,
    n: inner.n,
    label: inner.label,
    linearize: pass,
    cost: async (x) => (await pass(x)).cost,
    valuesAt: (x) => (valuesX && same(valuesX, x) ? values : null),
    get values() {
      return values;
    },
  };
}
