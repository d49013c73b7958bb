/**
 * Eigendecomposition of a small symmetric matrix by the cyclic Jacobi method (Golub & Van Loan,
 * Matrix Computations, 4th ed., §8.5). Jacobi is slow for large n but simple, robust and accurate
 * for the p×p normal matrices (p ≤ ~30) that the normal-equation linearization produces.
 *
 * A is n×n row-major and symmetric (only its values are read; it is not modified). Returns the
 * eigenvalues sorted descending and V (row-major, V[i*n + j] is component i of eigenvector j).
 */

export interface SymmetricEigen {
  readonly values: Float64Array;
  readonly vectors: Float64Array;
}

const MAX_SWEEPS = 100;
const EPS = 2.220446049250313e-16;

export function eighJacobi(A: ArrayLike<number>, n: number): SymmetricEigen {
  const a = Float64Array.from(A as ArrayLike<number>);
  const V = new Float64Array(n * n);
  for (let i = 0; i < n; i++) V[i * n + i] = 1;

  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    let rotated = false;
    for (let p = 0; p < n - 1; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q];
        const app = a[p * n + p];
        const aqq = a[q * n + q];
        // Demmel & Veselić's test: rotate only while |a_pq| is above rounding relative to the
        // diagonal, which keeps small eigenvalues of well-scaled PSD matrices accurate.
        if (apq === 0 || Math.abs(apq) <= EPS * Math.sqrt(Math.abs(app * aqq))) continue;
        rotated = true;
        const theta = (aqq - app) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(1 + theta * theta));
        const c = 1 / Math.sqrt(1 + t * t);
        const s = t * c;
        // A ← Jᵀ A J with the rotation J in the (p, q) plane.
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p];
          const akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k];
          const aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = V[k * n + p];
          const vkq = V[k * n + q];
          V[k * n + p] = c * vkp - s * vkq;
          V[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
    if (!rotated) break;
  }

  const order = Array.from({ length: n }, (_, j) => j).sort((i, j) => a[j * n + j] - a[i * n + i]);
  const values = new Float64Array(n);
  const vectors = new Float64Array(n * n);
  order.forEach((j, k) => {
    values[k] = a[j * n + j];
    for (let i = 0; i < n; i++) vectors[i * n + k] = V[i * n + j];
  });
  return { values, vectors };
}
