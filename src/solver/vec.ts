/** Small float64 vector helpers shared by the solver. Vectors are Float64Array of length n. */

export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/** Euclidean norm, scaled to avoid overflow and underflow (like LAPACK's dnrm2). */
export function norm(a: ArrayLike<number>): number {
  let scale = 0;
  for (let i = 0; i < a.length; i++) scale = Math.max(scale, Math.abs(a[i]));
  if (scale === 0 || !Number.isFinite(scale)) return scale;
  let s = 0;
  for (let i = 0; i < a.length; i++) {
    const t = a[i] / scale;
    s += t * t;
  }
  return scale * Math.sqrt(s);
}

/**
 * √(Σ aᵢ²) without scaling, as numpy's norm computes it (what scipy's trf measures steps and
 * radii with). The TRF loop uses it: it is the cheaper one, and the few parameters of a model
 * never come near the overflow that `norm` guards against.
 */
export function norm2(a: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * a[i];
  return Math.sqrt(s);
}

export function normInf(a: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) {
    const v = Math.abs(a[i]);
    if (v > m || Number.isNaN(v)) m = v;
  }
  return m;
}

export function allFinite(a: ArrayLike<number>): boolean {
  for (let i = 0; i < a.length; i++) if (!Number.isFinite(a[i])) return false;
  return true;
}

/** y = Aᵀ x for A (rows×cols, row-major). */
export function matTVec(A: ArrayLike<number>, rows: number, cols: number, x: ArrayLike<number>): Float64Array {
  const y = new Float64Array(cols);
  for (let i = 0; i < rows; i++) {
    const xi = x[i];
    for (let j = 0; j < cols; j++) y[j] += A[i * cols + j] * xi;
  }
  return y;
}
