/**
 * Small dense linear least squares, min ‖Σⱼ cⱼ·bⱼ − y‖₂, by Householder QR (Golub & Van Loan,
 * Matrix Computations, 4th ed., §5.3.3). The guessers use it wherever a model is linear in some of
 * its parameters: a polynomial, the amplitudes and background of peaks, the amplitude and offset
 * of an exponential once its time constant is held (variable projection, see profile.ts).
 *
 * Columns are scaled to unit norm first, so that bases of very different size (exp(x/τ) next to a
 * constant) are judged alike; a column that is numerically a combination of earlier ones gets
 * coefficient 0 rather than a huge cancelling pair; rows where y or a basis is not finite are
 * skipped (a basis may be undefined at some x, e.g. x^k at x < 0).
 */

export interface LinearFit {
  /** One coefficient per basis (0 for a dropped one). */
  readonly coef: Float64Array;
  /** Residual sum of squares over the rows used. */
  readonly rss: number;
  readonly rows: number;
}

/** Below this remaining norm (of a unit column) a column counts as dependent. */
const DEPENDENT = 1e-7;

/** Copies the rows where y and every basis are finite into columns a and right-hand side rhs. */
function finiteRows(bases: readonly ArrayLike<number>[], y: ArrayLike<number>): { a: Float64Array[]; rhs: Float64Array } {
  const n = y.length;
  const a = bases.map(() => new Float64Array(n));
  const rhs = new Float64Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    let ok = Number.isFinite(y[i]);
    for (let j = 0; ok && j < bases.length; j++) ok = Number.isFinite(bases[j][i]);
    if (!ok) continue;
    for (let j = 0; j < bases.length; j++) a[j][m] = bases[j][i];
    rhs[m++] = y[i];
  }
  return m === n ? { a, rhs } : { a: a.map((col) => col.subarray(0, m)), rhs: rhs.subarray(0, m) };
}

/** target[r..m) −= (2·vᵀtarget/vv)·v with v = col[r..m). */
function reflect(v: Float64Array, target: Float64Array, r: number, m: number, vv: number): void {
  let dot = 0;
  for (let i = r; i < m; i++) dot += v[i] * target[i];
  const f = (2 * dot) / vv;
  for (let i = r; i < m; i++) target[i] -= f * v[i];
}

function norm2(v: Float64Array): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return Math.sqrt(s);
}

export function linearLeastSquares(bases: readonly ArrayLike<number>[], y: ArrayLike<number>): LinearFit | null {
  const { a, rhs } = finiteRows(bases, y);
  const m = rhs.length;
  const p = bases.length;
  if (m === 0) return null;
  const norms = a.map(norm2);
  a.forEach((col, j) => {
    if (norms[j] > 0) for (let i = 0; i < m; i++) col[i] /= norms[j];
  });

  const pivotRow = new Int32Array(p).fill(-1);
  let r = 0;
  for (let k = 0; k < p && r < m; k++) {
    if (!(norms[k] > 0)) continue;
    const col = a[k];
    let s = 0;
    for (let i = r; i < m; i++) s += col[i] * col[i];
    const norm = Math.sqrt(s);
    if (norm < DEPENDENT) continue;
    const alpha = col[r] > 0 ? -norm : norm;
    // v = col[r..] − α·e₁ is stored in place; H = I − 2vvᵀ/vᵀv with vᵀv = 2‖x‖(‖x‖ + |x₁|).
    const vv = 2 * norm * (norm + Math.abs(col[r]));
    col[r] -= alpha;
    for (let j = k + 1; j <= p; j++) reflect(col, j < p ? a[j] : rhs, r, m, vv);
    col[r] = alpha;
    pivotRow[k] = r++;
  }

  const coef = new Float64Array(p);
  for (let k = p - 1; k >= 0; k--) {
    const row = pivotRow[k];
    if (row < 0) continue;
    let s = rhs[row];
    for (let j = k + 1; j < p; j++) if (pivotRow[j] >= 0) s -= a[j][row] * coef[j];
    coef[k] = s / a[k][row];
  }
  let rss = 0;
  for (let i = r; i < m; i++) rss += rhs[i] * rhs[i];
  for (let k = 0; k < p; k++) coef[k] = pivotRow[k] >= 0 ? coef[k] / norms[k] : 0;
  return { coef, rss, rows: m };
}
