/**
 * Residuals at the solution for the reported statistics. χ² is summed pairwise; when the ingest
 * kept the decimal residuals of the data (value = hi + lo) and the model's operations have
 * double-double forms, the residuals are re-evaluated in double-double arithmetic, because a
 * near-exact fit (NIST Lanczos1: RSS 1.4e-25) has residuals below the rounding of its data in
 * binary64, and χ² in plain float64 is then wrong in the third digit.
 */
import { rssDD, type CompiledModel } from '../model/index';
import type { FitData } from './types';

/** Largest m for the double-double re-evaluation (an interpreter: ~100× slower than the kernels). */
export const DD_MAX_ROWS = 200_000;

export interface FinalResiduals {
  /** Model values at the data points. */
  readonly values: Float64Array;
  /** χ² = Σ(wᵢ(fᵢ − yᵢ))². */
  readonly chi2: number;
  /** Σ(fᵢ − yᵢ)². */
  readonly rss: number;
  readonly extendedPrecision: boolean;
}

/**
 * Σ(sᵢ(fᵢ − yᵢ))² by pairwise summation (error O(log m·ε) instead of O(m·ε)): halves split at
 * start + ⌊(end − start)/2⌋, leaves of ≤ 128 rows summed left to right. The differences are formed
 * in the leaves rather than stored first: an array of them cost an 8 MB allocation and a pass per
 * 10⁶ rows, about as much as the sum itself.
 */
export function pairwiseSumSquaredDifferences(f: Float64Array, y: Float64Array, scale: Float64Array | null, start = 0, end = f.length): number {
  if (end - start <= 128) {
    let s = 0;
    if (scale) {
      for (let i = start; i < end; i++) {
        const v = (f[i] - y[i]) * scale[i];
        s += v * v;
      }
    } else {
      for (let i = start; i < end; i++) {
        const v = f[i] - y[i];
        s += v * v;
      }
    }
    return s;
  }
  const mid = start + ((end - start) >> 1);
  return pairwiseSumSquaredDifferences(f, y, scale, start, mid) + pairwiseSumSquaredDifferences(f, y, scale, mid, end);
}

export function finalResiduals(
  model: CompiledModel,
  free: readonly number[],
  data: FitData,
  w: Float64Array | null,
  params: Float64Array,
  /** The model's values at params, computed elsewhere (a worker pool); else computed here. */
  computed?: Float64Array,
): FinalResiduals {
  const m = data.y.length;
  let values = computed;
  if (!values) {
    values = new Float64Array(m);
    model.kernels(free).evaluate(params, data.vars, values, 0, m);
  }
  let chi2 = pairwiseSumSquaredDifferences(values, data.y, w);
  let rss = w ? pairwiseSumSquaredDifferences(values, data.y, null) : chi2;
  const lo = data.varsLo ?? [];
  const haveLo = data.yLo != null && data.vars.every((_, i) => lo[i] != null);
  let extendedPrecision = false;
  if (haveLo && m <= DD_MAX_ROWS) {
    const tape = model.tape(free);
    const varsLo = data.vars.map((_, i) => lo[i] as Float64Array);
    const chi2DD = rssDD(tape, params, data.vars, varsLo, data.y, data.yLo as Float64Array, w);
    if (Number.isFinite(chi2DD)) {
      chi2 = chi2DD;
      if (!w) rss = chi2DD;
      extendedPrecision = true;
    }
  }
  return { values, chi2, rss, extendedPrecision };
}
