/**
 * The one-sided Jacobi SVD of svd.ts (Hestenes 1958; Demmel & Veselić 1992) for a square n×n
 * matrix, into preallocated storage: the small-problem TRF path (smallTrf.ts) factors an n×n
 * triangle every iteration and must not allocate. Same rotations, same convergence test, same
 * descending order as svdJacobi, so both paths take the same steps.
 */

const MAX_SWEEPS = 80;
const EPS = 2.220446049250313e-16;

export class SmallSvd {
  /** Work columns (Aᵀ), then U's columns unnormalized. */
  private readonly W: Float64Array;
  private readonly Vw: Float64Array;
  private readonly sigma: Float64Array;
  private readonly order: Int32Array;
  /** Left singular vectors, n×n row-major (column k is u_k). */
  readonly U: Float64Array;
  /** Singular values, descending. */
  readonly s: Float64Array;
  /** Right singular vectors, n×n row-major (column k is v_k). */
  readonly V: Float64Array;

  constructor(readonly n: number) {
    this.W = new Float64Array(n * n);
    this.Vw = new Float64Array(n * n);
    this.sigma = new Float64Array(n);
    this.order = new Int32Array(n);
    this.U = new Float64Array(n * n);
    this.s = new Float64Array(n);
    this.V = new Float64Array(n * n);
  }

  /** Decomposes A (n×n row-major, read only) = U·diag(s)·Vᵀ. */
  decompose(A: Float64Array): void {
    const { n, W, Vw, sigma, order, U, s, V } = this;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) W[j * n + i] = A[i * n + j];
    Vw.fill(0);
    for (let j = 0; j < n; j++) Vw[j * n + j] = 1;
    for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
      let rotated = false;
      for (let p = 0; p < n - 1; p++) {
        for (let q = p + 1; q < n; q++) {
          let alpha = 0;
          let beta = 0;
          let gamma = 0;
          const op = p * n;
          const oq = q * n;
          for (let i = 0; i < n; i++) {
            const a = W[op + i];
            const b = W[oq + i];
            alpha += a * a;
            beta += b * b;
            gamma += a * b;
          }
          if (gamma === 0 || Math.abs(gamma) <= EPS * Math.sqrt(alpha * beta)) continue;
          rotated = true;
          const zeta = (beta - alpha) / (2 * gamma);
          const t = Math.sign(zeta || 1) / (Math.abs(zeta) + Math.sqrt(1 + zeta * zeta));
          const c = 1 / Math.sqrt(1 + t * t);
          const sn = c * t;
          for (let i = 0; i < n; i++) {
            const a = W[op + i];
            const b = W[oq + i];
            W[op + i] = c * a - sn * b;
            W[oq + i] = sn * a + c * b;
          }
          for (let i = 0; i < n; i++) {
            const a = Vw[i * n + p];
            const b = Vw[i * n + q];
            Vw[i * n + p] = c * a - sn * b;
            Vw[i * n + q] = sn * a + c * b;
          }
        }
      }
      if (!rotated) break;
    }
    for (let j = 0; j < n; j++) {
      let ss = 0;
      for (let i = 0; i < n; i++) ss += W[j * n + i] * W[j * n + i];
      sigma[j] = Math.sqrt(ss);
      order[j] = j;
    }
    // Insertion sort by descending σ (stable, like the Array sort in svdJacobi).
    for (let a = 1; a < n; a++) {
      const key = order[a];
      let b = a - 1;
      while (b >= 0 && sigma[order[b]] < sigma[key]) {
        order[b + 1] = order[b];
        b--;
      }
      order[b + 1] = key;
    }
    for (let k = 0; k < n; k++) {
      const j = order[k];
      s[k] = sigma[j];
      const inv = sigma[j] > 0 ? 1 / sigma[j] : 0;
      for (let i = 0; i < n; i++) U[i * n + k] = W[j * n + i] * inv;
      for (let i = 0; i < n; i++) V[i * n + k] = Vw[i * n + j];
    }
  }
}
