/**
 * Test helper, not used by the integrators: the matrix exponential by scaling and squaring with
 * the diagonal [q/q] Padé approximant, q = 6 (Moler & Van Loan, "Nineteen dubious ways to compute
 * the exponential of a matrix, twenty-five years later", SIAM Review 45, 2003, Method 3; Golub &
 * Van Loan, Matrix Computations, Algorithm 9.3.1). With ‖A/2^s‖∞ ≤ 1/2 the relative error of the
 * approximant is below 3.4e-16 (their bound for q = 6), so it is an independent reference for
 * X' = AX, X(t) = e^{At} X(0).
 */

type Mat = number[][];

const eye = (n: number): Mat => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));

function mul(a: Mat, b: Mat): Mat {
  const n = a.length;
  const c = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) for (let k = 0; k < n; k++) for (let j = 0; j < n; j++) c[i][j] += a[i][k] * b[k][j];
  return c;
}

/** Solves D X = N by Gaussian elimination with partial pivoting. */
function solve(d: Mat, rhs: Mat): Mat {
  const n = d.length;
  const a = d.map((r) => r.slice());
  const x = rhs.map((r) => r.slice());
  for (let k = 0; k < n; k++) {
    let p = k;
    for (let i = k + 1; i < n; i++) if (Math.abs(a[i][k]) > Math.abs(a[p][k])) p = i;
    [a[k], a[p]] = [a[p], a[k]];
    [x[k], x[p]] = [x[p], x[k]];
    for (let i = k + 1; i < n; i++) {
      const l = a[i][k] / a[k][k];
      for (let j = k; j < n; j++) a[i][j] -= l * a[k][j];
      for (let j = 0; j < n; j++) x[i][j] -= l * x[k][j];
    }
  }
  for (let i = n - 1; i >= 0; i--) {
    for (let j = 0; j < n; j++) {
      let s = x[i][j];
      for (let k = i + 1; k < n; k++) s -= a[i][k] * x[k][j];
      x[i][j] = s / a[i][i];
    }
  }
  return x;
}

/** e^A of a small dense matrix (rows of numbers). */
export function expm(A: Mat): Mat {
  const n = A.length;
  const norm = Math.max(0, ...A.map((r) => r.reduce((s, v) => s + Math.abs(v), 0)));
  const s = Math.max(0, Math.ceil(Math.log2(norm)) + 1);
  const X = A.map((r) => r.map((v) => v / 2 ** s));
  const q = 6;
  let c = 0.5;
  let Xk = X;
  let N = eye(n).map((r, i) => r.map((v, j) => v + c * X[i][j]));
  let D = eye(n).map((r, i) => r.map((v, j) => v - c * X[i][j]));
  for (let k = 2; k <= q; k++) {
    c = (c * (q - k + 1)) / (k * (2 * q - k + 1));
    Xk = mul(X, Xk);
    const sign = k % 2 === 0 ? 1 : -1;
    N = N.map((r, i) => r.map((v, j) => v + c * Xk[i][j]));
    D = D.map((r, i) => r.map((v, j) => v + sign * c * Xk[i][j]));
  }
  let E = solve(D, N);
  for (let k = 0; k < s; k++) E = mul(E, E);
  return E;
}
