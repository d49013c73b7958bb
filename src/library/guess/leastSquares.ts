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

function finiteRows(bases: readonly ArrayLike<number>[], y: ArrayLike<number>): number[] {
  const rows: number[] = [];
  for (let i = 0; i < y.length; i++) {
    if (Number.isFinite(y[i]) && bases.every((b) => Number.isFinite(b[i]))) rows.push(i);
  }
  return rows;
}

function norm2(v: Float64Array): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return Math.sqrt(s);
}

export function linearLeastSquares(bases: readonly ArrayLike<number>[], y: ArrayLike<number>): LinearFit | null {
  const rows = finiteRows(bases, y);
  const m = rows.length;
  const p = bases.length;
  if (m === 0) return null;
  const a = bases.map((b) => Float64Array.from(rows, (i) => b[i]));
  const rhs = Float64Array.from(rows, (i) => y[i]);
  const norms = a.map(norm2);
  a.forEach((col, j) => norms[j] > 0 && col.forEach((v, i) => (col[i] = v / norms[j])));

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
    const v = col.slice(r);
    v[0] -= alpha;
    const vv = s - col[r] * col[r] + v[0] * v[0];
    const reflect = (target: Float64Array): void => {
      let dot = 0;
      for (let i = 0; i < v.length; i++) dot += v[i] * target[r + i];
      const f = (2 * dot) / vv;
      for (let i = 0; i < v.length; i++) target[r + i] -= f * v[i];
    };
    for (let j = k + 1; j < p; j++) reflect(a[j]);
    reflect(rhs);
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
