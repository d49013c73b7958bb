/**
 * Singular value decomposition of a small dense matrix by one-sided Jacobi rotations
 * (Hestenes 1958; Demmel & Veselić 1992, "Jacobi's method is more accurate than QR", SIAM J.
 * Matrix Anal. Appl. 13(4)). One-sided Jacobi computes small singular values to high relative
 * accuracy, which is what the trust-region solver and the covariance need from the p×p factors.
 *
 * One sweep implementation, two ways in: `JacobiSvd` decomposes into storage allocated once (the
 * small-problem TRF path factors an n×n triangle every iteration and must not allocate), and
 * `svdJacobi` allocates a decomposition per call (the dense path, 2n×n augmented factors).
 *
 * A is rows×cols (rows ≥ cols), row-major. A = U·diag(s)·Vᵀ with s sorted descending, U rows×cols
 * (row-major, columns orthonormal where s > 0, zero where s = 0) and V cols×cols (row-major,
 * V[i*cols + j] is component i of right singular vector j).
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

/** A Jacobi SVD workspace for rows×cols matrices, reused decomposition after decomposition. */
export class JacobiSvd implements Svd {
  /** Work columns (Aᵀ: column j of A is a contiguous row), then U's columns unnormalized. */
  private readonly W: Float64Array;
  private readonly Vw: Float64Array;
  private readonly sigma: Float64Array;
  private readonly order: Int32Array;
  /** Left singular vectors, rows×cols row-major (column k is u_k). */
  readonly U: Float64Array;
  /** Singular values, descending. */
  readonly s: Float64Array;
  /** Right singular vectors, cols×cols row-major (column k is v_k). */
  readonly V: Float64Array;

  constructor(
    readonly rows: number,
    readonly cols: number,
  ) {
    if (rows < cols) throw new Error(`svdJacobi needs rows ≥ cols, got ${rows}×${cols}`);
    this.W = new Float64Array(cols * rows);
    this.Vw = new Float64Array(cols * cols);
    this.sigma = new Float64Array(cols);
    this.order = new Int32Array(cols);
    this.U = new Float64Array(rows * cols);
    this.s = new Float64Array(cols);
    this.V = new Float64Array(cols * cols);
  }

  /** Decomposes A (rows×cols row-major, read only) = U·diag(s)·Vᵀ. */
  decompose(A: ArrayLike<number>): void {
    const { rows, cols, W, Vw, sigma, order, U, s, V } = this;
    for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) W[j * rows + i] = A[i * cols + j];
    Vw.fill(0);
    for (let j = 0; j < cols; j++) Vw[j * cols + j] = 1;
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
          const sn = c * t;
          for (let i = 0; i < rows; i++) {
            const a = W[op + i];
            const b = W[oq + i];
            W[op + i] = c * a - sn * b;
            W[oq + i] = sn * a + c * b;
          }
          for (let i = 0; i < cols; i++) {
            const a = Vw[i * cols + p];
            const b = Vw[i * cols + q];
            Vw[i * cols + p] = c * a - sn * b;
            Vw[i * cols + q] = sn * a + c * b;
          }
        }
      }
      if (!rotated) break;
    }
    for (let j = 0; j < cols; j++) {
      let ss = 0;
      for (let i = 0; i < rows; i++) ss += W[j * rows + i] * W[j * rows + i];
      sigma[j] = Math.sqrt(ss);
      order[j] = j;
    }
    // Insertion sort by descending σ (stable: equal σ keep their column order).
    for (let a = 1; a < cols; a++) {
      const key = order[a];
      let b = a - 1;
      while (b >= 0 && sigma[order[b]] < sigma[key]) {
        order[b + 1] = order[b];
        b--;
      }
      order[b + 1] = key;
    }
    for (let k = 0; k < cols; k++) {
      const j = order[k];
      s[k] = sigma[j];
      const inv = sigma[j] > 0 ? 1 / sigma[j] : 0;
      for (let i = 0; i < rows; i++) U[i * cols + k] = W[j * rows + i] * inv;
      for (let i = 0; i < cols; i++) V[i * cols + k] = Vw[i * cols + j];
    }
  }
}

/** The square n×n workspace of the small-problem path and the batch statistics. */
export class SmallSvd extends JacobiSvd {
  constructor(readonly n: number) {
    super(n, n);
  }
}

/** A = U·diag(s)·Vᵀ in new storage. */
export function svdJacobi(A: ArrayLike<number>, rows: number, cols: number): Svd {
  const svd = new JacobiSvd(rows, cols);
  svd.decompose(A);
  return svd;
}
