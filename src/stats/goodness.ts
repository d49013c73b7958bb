/**
 * Goodness-of-fit statistics of a weighted least-squares fit, with lmfit's definitions
 * (lmfit.minimizer.MinimizerResult): χ² = Σ(wᵢrᵢ)², χ²_ν = χ²/(m − k),
 * AIC = m·ln(χ²/m) + 2k, BIC = m·ln(χ²/m) + k·ln m, where k is the number of free parameters.
 * R² = 1 − χ²/Σwᵢ²(yᵢ − ȳ_w)² with the weighted mean ȳ_w = Σwᵢ²yᵢ/Σwᵢ² (the ordinary R² when
 * all weights are 1); adjusted R² = 1 − (1 − R²)(m − 1)/(m − k).
 */

export interface GoodnessOfFit {
  readonly points: number;
  readonly freeParameters: number;
  readonly dof: number;
  /** Σ(wᵢ(fᵢ − yᵢ))². */
  readonly chi2: number;
  readonly redchi2: number;
  /** Σ(fᵢ − yᵢ)² (unweighted). */
  readonly rss: number;
  /** √(rss/m). */
  readonly rmse: number;
  readonly r2: number;
  readonly adjR2: number;
  readonly aic: number;
  readonly bic: number;
}

export interface GoodnessInput {
  readonly y: Float64Array;
  /** 1/σ per point, or null. */
  readonly w: Float64Array | null;
  /** χ² (may come from an extended-precision evaluation). */
  readonly chi2: number;
  /** Unweighted Σ(fᵢ − yᵢ)². */
  readonly rss: number;
  readonly freeParameters: number;
}

export function goodnessOfFit({ y, w, chi2, rss, freeParameters: k }: GoodnessInput): GoodnessOfFit {
  const m = y.length;
  const dof = m - k;
  let sw = 0;
  let swy = 0;
  for (let i = 0; i < m; i++) {
    const w2 = w ? w[i] * w[i] : 1;
    sw += w2;
    swy += w2 * y[i];
  }
  const mean = swy / sw;
  let tss = 0;
  for (let i = 0; i < m; i++) {
    const w2 = w ? w[i] * w[i] : 1;
    tss += w2 * (y[i] - mean) ** 2;
  }
  const r2 = tss > 0 ? 1 - chi2 / tss : NaN;
  const logTerm = m * Math.log(Math.max(chi2, Number.MIN_VALUE) / m);
  return {
    points: m,
    freeParameters: k,
    dof,
    chi2,
    redchi2: dof > 0 ? chi2 / dof : NaN,
    rss,
    rmse: Math.sqrt(rss / m),
    r2,
    adjR2: dof > 0 ? 1 - ((1 - r2) * (m - 1)) / dof : NaN,
    aic: logTerm + 2 * k,
    bic: logTerm + k * Math.log(m),
  };
}
