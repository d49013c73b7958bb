/**
 * The statistics of β as ODRPACK reports them. cov_beta is the β block of (JᵀJ)⁻¹ over β and
 * every δ, i.e. the inverse of the Schur complement A − Σᵢ Bᵢ Dᵢ⁻¹ Bᵢᵀ (arrow.ts sharedInverse;
 * Boggs & Rogers, "The computation and use of the asymptotic covariance matrix for measurement
 * error models", Contemp. Math. 112, 1990); res_var = sum_square/(n − p) with n rows and p free
 * β; sd_beta = √diag(cov_beta·res_var), or √diag(cov_beta) with absolute sigma.
 */
import { ArrowFactor, type ArrowMatrix } from '../../solver/arrow';
import type { resolveParameters } from '../parameters';
import type { OdrInput, OdrResult } from './types';

const EPS = 2.220446049250313e-16;

/** cov_beta (s×s, unscaled) from JᵀJ at the solution; null when JᵀJ is singular. */
export function covarianceOfBeta(normal: ArrowMatrix, residuals: number): Float64Array | null {
  const F = new ArrowFactor(normal);
  if (!F.factor(null, null, 0, (EPS * residuals) ** 2)) return null;
  // The β block of (JᵀJ)⁻¹ is S⁻¹ itself; δ's blocks are not needed.
  return F.sharedInverse(new Float64Array(normal.s * normal.s));
}

/** β, sd_beta, cov_beta and res_var as ODRPACK reports them (scaled unless absolute sigma). */
export function betaStatistics(
  input: OdrInput,
  params: ReturnType<typeof resolveParameters>,
  x: Float64Array,
  covBeta: Float64Array | null,
  sumSquares: number,
  n: number,
  absoluteSigma: boolean,
): Pick<OdrResult, 'names' | 'free' | 'beta' | 'sdBeta' | 'covBeta' | 'resVar' | 'sumSquares'> {
  const p = params.free.length;
  const beta = Float64Array.from(params.base);
  params.free.forEach((i, a) => (beta[i] = x[a]));
  const resVar = sumSquares / (n - p);
  const scale = absoluteSigma ? 1 : resVar;
  const sdBeta = new Float64Array(beta.length).fill(NaN);
  params.free.forEach((i, a) => (sdBeta[i] = covBeta ? Math.sqrt(covBeta[a * p + a] * scale) : Infinity));
  return {
    names: input.model.params,
    free: params.free.map((i) => input.model.params[i]),
    beta,
    sdBeta,
    covBeta: covBeta ?? new Float64Array(p * p).fill(Infinity),
    resVar,
    sumSquares,
  };
}
