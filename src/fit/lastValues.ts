/**
 * The main float64 normal-equation phase's evaluator, with the model's values of its last pass
 * kept for the statistics (curveFit.ts). A fit that ends at its last pass's
 * point (scipy's ftol/xtol tests after an accepted step) then hands summarize those values, and
 * the statistics need no model evaluation of their own (a pass: 11–15 ms of a one-thread fit of
 * 10⁶ Gaussian rows, bench/results/speed-cpu.md). The values are the `evaluate` kernel's numbers
 * to the last bit (normalSource.ts), so every statistic is unchanged.
 *
 * Every pass stores the values, though only the last one's are used: a store per row costs ~0.6 ms
 * per 10⁶ rows in a pass of ~17 ms, and one kernel serves every pass. Storing them only in the
 * passes near convergence (tried: relative step ≤ 10⁻³) saved that in a warm process but made the
 * CLI's single fit slower: its first values-writing pass then ran a kernel the JIT had not yet
 * compiled (+25–50 ms in a cold process). (A fit that ends with an unevaluated step, trf.ts
 * UNRESOLVED_ULPS, ends at a point no pass saw: the statistics evaluate the model there as before.)
 */
import type { Evaluator } from '../solver/evaluator';
import type { LinearModel } from '../solver/linearModel';

export interface LastValuesEvaluator extends Evaluator {
  /** The model's values at x when the last values-writing pass was at x, else null. */
  valuesAt(x: Float64Array): Float64Array | null;
  /** The array the passes write into, null before the first (a later values pass reuses it: one
   *  m-long array at the fit's peak, not two). */
  readonly values: Float64Array | null;
}

const same = (a: Float64Array, b: Float64Array) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Wraps a normal-equation evaluator that has linearizeWithValues; `allocate` gives the m-long
 * array at the first pass. As the CPU normal evaluators, a trial point's cost is
 * its linearization, kept for the linearize() that follows.
 */
export function lastValuesEvaluator(inner: Evaluator, allocate: () => Float64Array): LastValuesEvaluator {
  let kept: { x: Float64Array; linear: LinearModel } | null = null;
  let values: Float64Array | null = null;
  let valuesX: Float64Array | null = null;
  const pass = async (x: Float64Array): Promise<LinearModel> => {
    if (kept && same(kept.x, x)) return kept.linear;
    const point = Float64Array.from(x);
    valuesX = null;
    const linear = await inner.linearizeWithValues!(point, (values ??= allocate()));
    valuesX = point;
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
