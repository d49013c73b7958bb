/**
 * Dense LU factorization with partial pivoting, in place and allocation-free (Golub & Van Loan,
 * Matrix Computations, 4th ed., Algorithm 3.4.1): PA = LU with L unit lower triangular stored
 * below the diagonal of `a` and U on and above it; `piv[k]` is the row swapped into row k.
 * The implicit integrators factor their iteration matrix I/(hγ) − J with it once per step.
 */

/** Factors the row-major n×n matrix `a` in place; false when a pivot is 0 or not finite. */
export function luFactor(a: Float64Array, n: number, piv: Int32Array): boolean {
  for (let k = 0; k < n; k++) {
    let p = k;
    let big = Math.abs(a[k * n + k]);
    for (let i = k + 1; i < n; i++) {
      const v = Math.abs(a[i * n + k]);
      if (v > big) {
        big = v;
        p = i;
      }
    }
    piv[k] = p;
    if (!(big > 0) || !Number.isFinite(big)) return false;
    if (p !== k) {
      for (let j = 0; j < n; j++) {
        const tmp = a[k * n + j];
        a[k * n + j] = a[p * n + j];
        a[p * n + j] = tmp;
      }
    }
    const inv = 1 / a[k * n + k];
    for (let i = k + 1; i < n; i++) {
      const l = (a[i * n + k] *= inv);
      if (l === 0) continue;
      for (let j = k + 1; j < n; j++) a[i * n + j] -= l * a[k * n + j];
    }
  }
  return true;
}

/** Solves A x = b in place (b becomes x) with the factors of luFactor. */
export function luSolve(lu: Float64Array, n: number, piv: Int32Array, b: Float64Array, offset = 0): void {
  for (let k = 0; k < n; k++) {
    const p = piv[k];
    if (p !== k) {
      const tmp = b[offset + k];
      b[offset + k] = b[offset + p];
      b[offset + p] = tmp;
    }
  }
  for (let i = 1; i < n; i++) {
    let s = b[offset + i];
    for (let j = 0; j < i; j++) s -= lu[i * n + j] * b[offset + j];
    b[offset + i] = s;
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[offset + i];
    for (let j = i + 1; j < n; j++) s -= lu[i * n + j] * b[offset + j];
    b[offset + i] = s / lu[i * n + i];
  }
}
