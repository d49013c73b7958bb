/**
 * Streaming Householder QR of a tall matrix [J | f] fed in row blocks (the sequential "updating"
 * QR of Golub & Van Loan, Matrix Computations, 4th ed., §6.5; the row-block idea behind TSQR,
 * Demmel et al. 2012). After all rows have been added, J = Q·R and qtf = Qᵀf (its first n entries),
 * computed with orthogonal transformations only: the condition number is never squared, so this
 * is as precise as an SVD of J in memory, while it needs O(n²) memory instead of O(m·n).
 *
 * Each block folds into the current n×n triangle by n Householder reflections of the stacked
 * matrix [R; J_block], exploiting the triangle's zeros (cost ≈ 2·rows·n² flops per block).
 */
/**
 * Blocks of at most this many entries (rows·n: 32 KiB, in the first-level cache) apply each
 * reflection column by column, with w_j in a register; larger ones row by row, which reads J in
 * memory order. Both forms do the same operations in the same order, so the same bits; the
 * column form saves the batch of small fits an eighth of its instructions (a 12×4 block folded
 * ~0.11 µs faster: bench/results/solver-loop.md).
 */
const COLUMNWISE_MAX = 4096;

export class QrAccumulator {
  /** Upper-triangular n×n factor, row-major. */
  readonly R: Float64Array;
  /** First n entries of Qᵀf. */
  readonly qtf: Float64Array;
  private readonly w: Float64Array;

  constructor(readonly n: number) {
    this.R = new Float64Array(n * n);
    this.qtf = new Float64Array(n);
    this.w = new Float64Array(n + 1);
  }

  /**
   * Folds rows [0, rows) of J (row-major rows×n) and f into the factorization. J and f are
   * overwritten (the block is annihilated).
   */
  addRows(J: Float64Array, f: Float64Array, rows: number): void {
    const n = this.n;
    const R = this.R;
    const qtf = this.qtf;
    const w = this.w;
    const columnwise = rows * n <= COLUMNWISE_MAX;
    for (let k = 0; k < n; k++) {
      // Column k of the stacked matrix below the diagonal: R[k][k] and J[0..rows)[k].
      let sigma = 0;
      for (let i = 0; i < rows; i++) {
        const v = J[i * n + k];
        sigma += v * v;
      }
      if (sigma === 0) continue;
      const rkk = R[k * n + k];
      const alpha = -(rkk >= 0 ? 1 : -1) * Math.sqrt(rkk * rkk + sigma);
      // Householder vector v = [rkk − α, J[:,k]]; vᵀv = 2α(α − rkk).
      const v0 = rkk - alpha;
      const beta = 1 / (alpha * v0); // = −2/(vᵀv), sign folded in
      if (!Number.isFinite(beta) && Number.isFinite(sigma) && Number.isFinite(rkk)) {
        // What is left of column k is at the underflow level (a column that repeats an earlier one,
        // folded in chunk after chunk): vᵀv underflows and the reflection would be ∞·0 = NaN. Those
        // entries are zero to working precision; drop them. (A NaN or ∞ in J stays: it must show.)
        for (let i = 0; i < rows; i++) J[i * n + k] = 0;
        continue;
      }
      R[k * n + k] = alpha;
      if (columnwise) {
        // Each column j > k (and f) on its own: w_j = vᵀ[R[k][j]; J[:,j]] in a register, then
        // H = I + beta·v·vᵀ applied to that column. The same operations in the same order as the
        // row-wise form below (w_j sums the rows in order), so the same bits.
        for (let j = k + 1; j < n; j++) {
          let wj = v0 * R[k * n + j];
          for (let i = 0; i < rows; i++) {
            const vi = J[i * n + k];
            if (vi !== 0) wj += vi * J[i * n + j];
          }
          wj *= beta;
          R[k * n + j] += wj * v0;
          for (let i = 0; i < rows; i++) {
            const vi = J[i * n + k];
            if (vi !== 0) J[i * n + j] += wj * vi;
          }
        }
        let wf = v0 * qtf[k];
        for (let i = 0; i < rows; i++) {
          const vi = J[i * n + k];
          if (vi !== 0) wf += vi * f[i];
        }
        wf *= beta;
        qtf[k] += wf * v0;
        for (let i = 0; i < rows; i++) {
          const vi = J[i * n + k];
          if (vi !== 0) {
            f[i] += wf * vi;
            J[i * n + k] = 0;
          }
        }
        continue;
      }
      // w_j = vᵀ[R[k][j]; J[:,j]] for j > k, and for the right-hand side (index n).
      for (let j = k + 1; j < n; j++) w[j] = v0 * R[k * n + j];
      w[n] = v0 * qtf[k];
      for (let i = 0; i < rows; i++) {
        const vi = J[i * n + k];
        if (vi === 0) continue;
        const row = i * n;
        for (let j = k + 1; j < n; j++) w[j] += vi * J[row + j];
        w[n] += vi * f[i];
      }
      // Apply H = I + beta·v·vᵀ (beta < 0 here).
      for (let j = k + 1; j < n; j++) {
        w[j] *= beta;
        R[k * n + j] += w[j] * v0;
      }
      w[n] *= beta;
      qtf[k] += w[n] * v0;
      for (let i = 0; i < rows; i++) {
        const vi = J[i * n + k];
        if (vi === 0) continue;
        const row = i * n;
        for (let j = k + 1; j < n; j++) J[row + j] += w[j] * vi;
        f[i] += w[n] * vi;
        J[row + k] = 0;
      }
    }
  }
}
