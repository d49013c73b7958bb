/**
 * Goodness of fit of a Poisson maximum-likelihood fit (counts yᵢ, fitted means μᵢ, k free
 * parameters), as R's glm(…, family = poisson) reports it (McCullagh & Nelder 1989, §2.4, §6.2):
 *   deviance D      = 2Σ[yᵢ ln(yᵢ/μᵢ) − (yᵢ − μᵢ)]          (a term with yᵢ = 0 is 2μᵢ)
 *   Pearson χ²      = Σ(yᵢ − μᵢ)²/μᵢ,  dispersion = Pearson χ²/(n − k)   (≈ 1 for Poisson counts)
 *   log-likelihood  = Σ[yᵢ ln μᵢ − μᵢ − ln yᵢ!]              (R's logLik.glm, poisson()$aic)
 *   AIC = −2 ln L + 2k,  BIC = −2 ln L + k·ln n,  AICc = AIC + 2k(k + 1)/(n − k − 1)
 *   Cash C = 2Σ(μᵢ − yᵢ ln μᵢ)                                 (Cash 1979, ApJ 228:939)
 * No σ is estimated (the variance is μ), so k counts the free parameters only, unlike the
 * least-squares AIC (R's AIC(nls)), which counts σ too (src/stats/goodness.ts).
 */
import { lnGamma } from './special';

export interface PoissonGoodness {
  readonly cash: number;
  readonly deviance: number;
  readonly pearsonChi2: number;
  /** Pearson χ²/(n − k); NaN without degrees of freedom. */
  readonly dispersion: number;
  readonly logLik: number;
  readonly aic: number;
  /** NaN when n ≤ k + 1. */
  readonly aicc: number;
  readonly bic: number;
}

/** The statistics above; every one NaN where some μᵢ ≤ 0 (no Poisson likelihood there). */
export function poissonGoodness(y: Float64Array, mu: Float64Array, k: number): PoissonGoodness {
  const n = y.length;
  let cash = 0;
  let deviance = 0;
  let pearson = 0;
  let logLik = 0;
  for (let i = 0; i < n; i++) {
    const m = mu[i];
    if (!(m > 0)) {
      cash = deviance = pearson = logLik = NaN;
      break;
    }
    const yLogMu = y[i] > 0 ? y[i] * Math.log(m) : 0;
    cash += 2 * (m - yLogMu);
    deviance += 2 * ((y[i] > 0 ? y[i] * Math.log(y[i] / m) : 0) - (y[i] - m));
    pearson += (y[i] - m) ** 2 / m;
    logLik += yLogMu - m - lnGamma(y[i] + 1);
  }
  const dof = n - k;
  const aic = -2 * logLik + 2 * k;
  return {
    cash,
    deviance,
    pearsonChi2: pearson,
    dispersion: dof > 0 ? pearson / dof : NaN,
    logLik,
    aic,
    aicc: n - k - 1 > 0 ? aic + (2 * k * (k + 1)) / (n - k - 1) : NaN,
    bic: -2 * logLik + k * Math.log(n),
  };
}
