/**
 * Parameter covariance as scipy.optimize.curve_fit computes it (scipy/optimize/_minpack_py.py):
 * the Moore–Penrose inverse of JᵀJ from the SVD of J, discarding singular values below
 * EPS·max(m, n)·s₀, scaled by s² = 2·cost/(m − n) unless sigma is absolute; filled with +inf (and
 * a warning) when it cannot be estimated. Three departures, each because scipy's numbers mislead:
 *
 * - the SVD is of the column-equilibrated J·D, D = diag(1/‖J e_j‖), and C = D·(J·D)⁺(J·D)⁺ᵀ·D.
 *   The pseudo-inverse then does not depend on the parameters' units: with columns 1e16 apart,
 *   EPS·m·s₀ of the raw J discards a well-determined direction (Higham, Accuracy and Stability of
 *   Numerical Algorithms, 2nd ed., §20.1: column scaling and the least-squares solution);
 * - from the eigenvalues of JᵀJ (the normal-equation path) the rank test is λ > EPS·max(m, n)·λ_max
 *   (aboveRankFloor), since the rounding of JᵀJ sits on λ, not on √λ;
 * - a parameter with a component in a discarded direction is undetermined: the data allow it to
 *   move along that direction without changing the fit, so its variance is infinite, and the
 *   pseudo-inverse's finite (often tiny) value is not reported. Its row and column of C are NaN
 *   with +inf on the diagonal; the determined parameters keep the pseudo-inverse's entries, which
 *   are their covariance.
 */
import { aboveRankFloor, type LinearModel } from '../solver/linearModel';

/**
 * A parameter is in a discarded direction when its component there (the norm of its row of the
 * discarded right singular vectors of J·D) exceeds this: far above the rounding of those vectors
 * (≈ EPS·κ of the kept part), and small enough that any real coupling counts.
 */
export const NULL_COMPONENT = 1e-3;

export interface Covariance {
  /** n×n row-major, in the order of the free parameters. */
  readonly pcov: Float64Array;
  readonly n: number;
  /** Groups of free-parameter indices that the data cannot determine (one group per set of coupled directions). */
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

/**
 * The variance scale of the residuals, s² = 2·cost/(m − n) = Σρ/(m − n): curve_fit's factor for
 * the covariance, and so the noise variance of a prediction band (for the linear loss the reduced
 * χ²; for a robust loss not, since outliers count by ρ, not by their square).
 */
export function covarianceScale(cost: number, dof: number): number {
  return dof > 0 ? (2 * cost) / dof : NaN;
}

/** Unions of the parameter sets of the discarded directions that share a parameter. */
function coupledGroups(sets: number[][]): number[][] {
  const groups: Set<number>[] = [];
  for (const set of sets) {
    const merged = new Set(set);
    for (let g = groups.length - 1; g >= 0; g--) {
      if (set.some((i) => groups[g].has(i))) {
        groups[g].forEach((i) => merged.add(i));
        groups.splice(g, 1);
      }
    }
    groups.push(merged);
  }
  return groups.map((g) => [...g].sort((a, b) => a - b)).sort((a, b) => a[0] - b[0]);
}

export function curveFitCovariance({ linear, m, cost, absoluteSigma }: CovarianceInput): Covariance {
  const n = linear.n;
  const D = linear.columnNorms.map((c) => (c > 0 && Number.isFinite(c) ? 1 / c : 1));
  const { s, V, squared } = linear.factor(D, null);
  const size = Math.max(m, n);
  let rank = 0;
  while (rank < n && s[rank] > 0 && aboveRankFloor(s[rank], s[0], size, squared)) rank++;
  const pcov = new Float64Array(n * n);
  // Upper triangle, mirrored: the matrix is symmetric to the last bit.
  for (let k = 0; k < rank; k++) {
    const inv = 1 / (s[k] * s[k]);
    for (let i = 0; i < n; i++) {
      const vi = V[i * n + k] * inv * D[i];
      for (let j = i; j < n; j++) pcov[i * n + j] += vi * V[j * n + k] * D[j];
    }
  }
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) pcov[i * n + j] = pcov[j * n + i];

  const directions: number[][] = [];
  for (let k = rank; k < n; k++) {
    const involved: number[] = [];
    for (let i = 0; i < n; i++) if (Math.abs(V[i * n + k]) > NULL_COMPONENT) involved.push(i);
    if (involved.length > 0) directions.push(involved);
  }
  const undetermined = coupledGroups(directions);
  const warnings: string[] = [];
  let finite = rank > 0 && pcov.every((v) => Number.isFinite(v));
  if (finite && !absoluteSigma) {
    if (m > n) {
      const sSq = covarianceScale(cost, m - n);
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
  for (const group of undetermined) {
    for (const i of group) {
      for (let j = 0; j < n; j++) {
        pcov[i * n + j] = NaN;
        pcov[j * n + i] = NaN;
      }
    }
    for (const i of group) pcov[i * n + i] = Infinity;
  }
  return { pcov, n, undetermined, warnings };
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
