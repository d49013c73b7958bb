/**
 * The likelihood of the fit without random effects (every parameter shared by all groups: the
 * "global" fit nls gives), on the scale of the mixed-effects fit's, so that the two compare
 * (Pinheiro & Bates 2000, §2.4.1 and §7.2): at the least-squares solution, with residual sum of
 * squares RSS over N rows and p fixed effects,
 *
 *   ML:   ℓ  = −N/2 · (log 2π + 1 + log(RSS/N))                       (R's logLik.nls, gnls)
 *   REML: ℓ_R = −(N−p)/2 · (log 2π + 1 + log(RSS/(N−p))) − ½ log|XᵀX|  (R's gls, method "REML")
 *
 * X = ∂f/∂β at the solution (for a nonlinear model the REML criterion of its linearization, as
 * the mixed fit's REML is). Its parameters: p + 1 (σ). BIC counts N − p rows under REML, as nlme.
 * With per-row σᵢ (weights 1/σᵢ²) the RSS is weighted and `logWeights` = −Σ log σᵢ is added.
 */
import { choleskyInPlace } from '../../solver/cholesky';
import type { GroupCross } from './pnlsEvaluator';
import type { MixedMethod } from './profiledLogLik';

export interface ModelLikelihood {
  readonly logLik: number;
  readonly aic: number;
  readonly bic: number;
  /** Parameters counted in AIC and BIC (and in the likelihood-ratio test's degrees of freedom). */
  readonly parameterCount: number;
}

export interface GlobalLikelihood extends ModelLikelihood {
  /** The fixed effects of the fit without random effects (the free parameters, in model order). */
  readonly fixed: number[];
  /** Its residual standard deviation, √(RSS/(N − p)) as nls reports it. */
  readonly sigma: number;
  readonly rss: number;
}

/** The global fit's (RE)ML likelihood from every group's cross-products at its solution. */
export function globalLikelihood(cross: readonly GroupCross[], fixed: ArrayLike<number>, N: number, method: MixedMethod, logWeights = 0): GlobalLikelihood {
  const p = fixed.length;
  const rss = cross.reduce((t, c) => t + c.ftf, 0);
  const k = p + 1;
  let logLik: number;
  if (method === 'ml') {
    logLik = (-N / 2) * (Math.log(2 * Math.PI) + 1 + Math.log(rss / N));
  } else {
    const XtX = new Float64Array(p * p);
    for (const c of cross) for (let i = 0; i < p * p; i++) XtX[i] += c.XtX[i];
    // log|XᵀX| = 2 Σ log L_ii; a singular X leaves no REML criterion.
    let logDet = NaN;
    if (choleskyInPlace(XtX, 0, p)) {
      logDet = 0;
      for (let i = 0; i < p; i++) logDet += 2 * Math.log(XtX[i * p + i]);
    }
    logLik = (-(N - p) / 2) * (Math.log(2 * Math.PI) + 1 + Math.log(rss / (N - p))) - logDet / 2;
  }
  logLik += logWeights;
  return {
    fixed: Array.from(fixed),
    sigma: Math.sqrt(rss / (N - p)),
    rss,
    logLik,
    aic: -2 * logLik + 2 * k,
    bic: -2 * logLik + k * Math.log(method === 'reml' ? N - p : N),
    parameterCount: k,
  };
}
