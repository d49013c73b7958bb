/**
 * Durbin–Watson statistic d = Σ(eₜ − eₜ₋₁)²/Σeₜ² of residuals in order (Durbin & Watson 1950,
 * Biometrika 37, 409–428; statsmodels.stats.stattools.durbin_watson): ≈ 2 for uncorrelated
 * residuals, toward 0 for positive serial correlation (a systematic misfit), toward 4 for negative.
 */
export function durbinWatson(e: ArrayLike<number>): number {
  let num = 0;
  let den = 0;
  for (let i = 0; i < e.length; i++) {
    den += e[i] * e[i];
    if (i > 0) num += (e[i] - e[i - 1]) ** 2;
  }
  return den > 0 ? num / den : NaN;
}
