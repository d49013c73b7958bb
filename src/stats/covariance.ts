/**
 * Parameter covariance as scipy.optimize.curve_fit computes it (scipy/optimize/_minpack_py.py):
 * the Moore–Penrose inverse of JᵀJ from the SVD of J, discarding singular values below
 * EPS·max(m, n)·s₀, scaled by the reduced χ² (2·cost/(m − n)) unless sigma is absolute; filled
 * with +inf (and a warning) when it cannot be estimated.
 */
import type { LinearModel } from '../solver/linearModel';

const EPS = 2.220446049250313e-16;

export interface Covariance {
  /** n×n row-major, in the order of the free parameters. */
  readonly pcov: Float64Array;
  readonly n: number;
  /** Singular values of J (descending). */
  readonly singularValues: Float64Array;
  /** Number of singular values kept above the threshold. */
  readonly rank: number;
  /** Free-parameter indices that dominate each discarded direction (undetermined combinations). */
  readonly undetermined: number[][];
  readonly warnings: string[];
}

export interface CovarianceInput {
  readonly linear: LinearModel;
  /** Number of residuals. */
  readonly m: number;
  /** ½Σρ at the solution (curve_fit scales by 2·cost/(m − n)). */
  readonly cost: number;
  readonly absoluteSigma: boolean;
}

export function curveFitCovariance({ linear, m, cost, absoluteSigma }: CovarianceInput): Covariance {
  const n = linear.n;
  const { s, V } = linear.singular();
  const threshold = EPS * Math.max(m, n) * s[0];
  let rank = 0;
  while (rank < n && s[rank] > threshold) rank++;
  const pcov = new Float64Array(n * n);
  // Upper triangle, mirrored: the matrix is symmetric to the last bit.
  for (let k = 0; k < rank; k++) {
    const inv = 1 / (s[k] * s[k]);
    for (let i = 0; i < n; i++) {
      const vi = V[i * n + k] * inv;
      for (let j = i; j < n; j++) pcov[i * n + j] += vi * V[j * n + k];
    }
  }
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) pcov[i * n + j] = pcov[j * n + i];
  const warnings: string[] = [];
  const undetermined: number[][] = [];
  for (let k = rank; k < n; k++) {
    // Components of the null-space direction that carry weight name the parameters involved.
    const involved: number[] = [];
    for (let i = 0; i < n; i++) if (Math.abs(V[i * n + k]) > 0.1) involved.push(i);
    undetermined.push(involved);
  }
  let finite = rank > 0 && pcov.every((v) => !Number.isNaN(v));
  if (finite && !absoluteSigma) {
    if (m > n) {
      const sSq = (2 * cost) / (m - n);
      for (let i = 0; i < pcov.length; i++) pcov[i] *= sSq;
    } else {
      finite = false;
      warnings.push(`Covariance cannot be estimated: ${m} points for ${n} free parameters leave no degrees of freedom.`);
    }
  }
  if (!finite) {
    pcov.fill(Infinity);
    if (warnings.length === 0) warnings.push('Covariance of the parameters could not be estimated.');
  }
  return { pcov, n, singularValues: s, rank, undetermined, warnings };
}

/** Correlation matrix ρᵢⱼ = Cᵢⱼ / √(Cᵢᵢ Cⱼⱼ) (NaN where a variance is not finite and positive). */
export function correlation(pcov: Float64Array, n: number): Float64Array {
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const d = Math.sqrt(pcov[i * n + i] * pcov[j * n + j]);
      out[i * n + j] = i === j && d > 0 && Number.isFinite(d) ? 1 : pcov[i * n + j] / d;
    }
  }
  return out;
}

/** Standard errors √Cᵢᵢ. */
export function standardErrors(pcov: Float64Array, n: number): Float64Array {
  return Float64Array.from({ length: n }, (_, i) => Math.sqrt(pcov[i * n + i]));
}
