/**
 * The runs test of residual signs (Wald & Wolfowitz 1940, Ann. Math. Statist. 11, 147–162): too
 * few runs of same-signed residuals, taken in order of x, say the curve misses a systematic shape.
 * With n₊ residuals ≥ 0 and n₋ < 0 (n = n₊ + n₋; statsmodels' runstest_1samp with cutoff 0):
 *     μ = 2n₊n₋/n + 1,   σ² = 2n₊n₋(2n₊n₋ − n)/(n²(n − 1)),
 *     z = (R − μ ∓ ½)/σ (continuity correction toward 0; z = 0 when |R − μ| ≤ ½),
 * two-sided p from the normal distribution. statsmodels corrects only for n < 50 (SAS's rule);
 * Fitbench always does, the conservative choice. Prism reports the same test (one-sided, few runs).
 */
import { normalTwoSided } from './gammaInc';

export interface RunsTest {
  readonly runs: number;
  readonly expected: number;
  readonly positive: number;
  readonly negative: number;
  readonly z: number;
  /** Two-sided p value; NaN when all residuals have one sign. */
  readonly p: number;
}

/**
 * Residuals in x order. The signs are counted without a branch per row (s = 1 for rᵢ ≥ 0, else 0,
 * NaN included; a new run where s changes): residual signs are random, so a branch on them was
 * mispredicted half the time, and at 10⁶ rows this loop cost more than the model's evaluation.
 */
export function runsTest(r: ArrayLike<number>): RunsTest {
  const n = r.length;
  if (n === 0) return runsFromCounts(0, 0, 0);
  let last = +(r[0] >= 0);
  let positive = last;
  let runs = 1;
  for (let i = 1; i < n; i++) {
    const s = +(r[i] >= 0);
    positive += s;
    runs += s ^ last;
    last = s;
  }
  return runsFromCounts(n, positive, runs);
}

/** The test from the counts: n residuals, `positive` of them ≥ 0, in `runs` runs of one sign. */
export function runsFromCounts(n: number, positive: number, runs: number): RunsTest {
  const negative = n - positive;
  const npn = positive * negative;
  const expected = (2 * npn) / n + 1;
  const sd = Math.sqrt((2 * npn * (2 * npn - n)) / (n * n * (n - 1)));
  const d = runs - expected;
  const corrected = Math.abs(d) <= 0.5 ? 0 : d - 0.5 * Math.sign(d);
  const z = sd > 0 ? corrected / sd : NaN;
  return { runs, expected, positive, negative, z, p: Number.isFinite(z) ? normalTwoSided(z) : NaN };
}
