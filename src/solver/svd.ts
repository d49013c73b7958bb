/**
 * Singular value decomposition of a small dense matrix by one-sided Jacobi rotations
 * (Hestenes 1958; Demmel & Veselić 1992, "Jacobi's method is more accurate than QR", SIAM J.
 * Matrix Anal. Appl. 13(4)). One-sided Jacobi computes small singular values to high relative
 * accuracy, which is what the trust-region solver and the covariance need from the p×p factors.
 *
 * A is rows×cols (rows ≥ cols), row-major. Returns A = U·diag(s)·Vᵀ with s sorted descending,
 * U rows×cols (row-major, columns orthonormal where s > 0, zero where s = 0) and V cols×cols
 * (row-major, V[i*cols + j] is component i of right singular vector j).
 */

export interface Svd {
  readonly U: Float64Array;
  readonly s: Float64Array;
  readonly V: Float64Array;
  readonly rows: number;
  readonly cols: number;
}

const MAX_SWEEPS = 80;
const EPS = 2.220446049250313e-16;

export function svdJacobi(A: ArrayLike<number>, rows: number, cols: number): Svd {
  if (rows < cols) throw new Error(`svdJacobi needs rows ≥ cols, got ${rows}×${cols}`);
  // Work on columns: W holds Aᵀ so that column j of A is a contiguous row of W.
  const W = new Float64Array(cols * rows);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) W[j * rows + i] = A[i * cols + j];
  const V = new Float64Array(cols * cols);
  for (let j = 0; j < cols; j++) V[j * cols + j] = 1;

  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    let rotated = false;
    for (let p = 0; p < cols - 1; p++) {
      for (let q = p + 1; q < cols; q++) {
        let alpha = 0;
        let beta = 0;
        let gamma = 0;
        const op = p * rows;
        const oq = q * rows;
        for (let i = 0; i < rows; i++) {
          const a = W[op + i];
          const b = W[oq + i];
          alpha += a * a;
          beta += b * b;
          gamma += a * b;
        }
        // Columns already orthogonal to working precision: no rotation (the convergence test).
        if (gamma === 0 || Math.abs(gamma) <= EPS * Math.sqrt(alpha * beta)) continue;
        rotated = true;
        const zeta = (beta - alpha) / (2 * gamma);
        const t = Math.sign(zeta || 1) / (Math.abs(zeta) + Math.sqrt(1 + zeta * zeta));
        const c = 1 / Math.sqrt(1 + t * t);
        const s = c * t;
        for (let i = 0; i < rows; i++) {
          const a = W[op + i];
          const b = W[oq + i];
          W[op + i] = c * a - s * b;
          W[oq + i] = s * a + c * b;
        }
        for (let i = 0; i < cols; i++) {
          const a = V[i * cols + p];
          const b = V[i * cols + q];
          V[i * cols + p] = c * a - s * b;
          V[i * cols + q] = s * a + c * b;
        }
      }
    }
    if (!rotated) break;
  }

  const sigma = new Float64Array(cols);
  for (let j = 0; j < cols; j++) {
    let ss = 0;
    for (let i = 0; i < rows; i++) ss += W[j * rows + i] * W[j * rows + i];
    sigma[j] = Math.sqrt(ss);
  }
  const order = Array.from({ length: cols }, (_, j) => j).sort((a, b) => sigma[b] - sigma[a]);
  const U = new Float64Array(rows * cols);
  const s = new Float64Array(cols);
  const Vs = new Float64Array(cols * cols);
  order.forEach((j, k) => {
    s[k] = sigma[j];
    const inv = sigma[j] > 0 ? 1 / sigma[j] : 0;
    for (let i = 0; i < rows; i++) U[i * cols + k] = W[j * rows + i] * inv;
    for (let i = 0; i < cols; i++) Vs[i * cols + k] = V[i * cols + j];
  });
  return { U, s, V: Vs, rows, cols };
}
