/**
 * In-place Cholesky factorization and triangular solves of small dense symmetric positive
 * definite blocks (Golub & Van Loan, Matrix Computations, 4th ed., §4.2), for the blocks of the
 * arrow matrix (arrow.ts). Blocks live inside larger Float64Arrays at an offset, row-major n×n,
 * so that one allocation per batch holds every group's block.
 */

/**
 * a[off..off+n²) ← L with A = L·Lᵀ (lower triangle; the strict upper triangle is zeroed).
 * Returns false when a pivot is not above `minPivot` (A not numerically positive definite).
 */
export function choleskyInPlace(a: Float64Array, off: number, n: number, minPivot = 0): boolean {
  for (let j = 0; j < n; j++) {
    const rj = off + j * n;
    let d = a[rj + j];
    for (let k = 0; k < j; k++) d -= a[rj + k] * a[rj + k];
    if (!(d > minPivot) || !Number.isFinite(d)) return false;
    const ljj = Math.sqrt(d);
    a[rj + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      const ri = off + i * n;
      let t = a[ri + j];
      for (let k = 0; k < j; k++) t -= a[ri + k] * a[rj + k];
      a[ri + j] = t / ljj;
    }
    for (let i = 0; i < j; i++) a[off + i * n + j] = 0;
  }
  return true;
}

/** x[xo..xo+n) ← L⁻¹ x (forward substitution). */
export function solveLower(L: Float64Array, off: number, n: number, x: Float64Array, xo: number): void {
  for (let i = 0; i < n; i++) {
    const ri = off + i * n;
    let t = x[xo + i];
    for (let k = 0; k < i; k++) t -= L[ri + k] * x[xo + k];
    x[xo + i] = t / L[ri + i];
  }
}

/** x[xo..xo+n) ← L⁻ᵀ x (back substitution with the transpose). */
export function solveLowerT(L: Float64Array, off: number, n: number, x: Float64Array, xo: number): void {
  for (let i = n - 1; i >= 0; i--) {
    let t = x[xo + i];
    for (let k = i + 1; k < n; k++) t -= L[off + k * n + i] * x[xo + k];
    x[xo + i] = t / L[off + i * n + i];
  }
}

/** The inverse (L·Lᵀ)⁻¹ of a factored block into out[oo..oo+n²), column by column; `col` is n scratch. */
export function choleskyInverse(L: Float64Array, off: number, n: number, out: Float64Array, oo: number, col: Float64Array): void {
  for (let j = 0; j < n; j++) {
    col.fill(0, 0, n);
    col[j] = 1;
    solveLower(L, off, n, col, 0);
    solveLowerT(L, off, n, col, 0);
    for (let i = 0; i < n; i++) out[oo + i * n + j] = col[i];
  }
}
