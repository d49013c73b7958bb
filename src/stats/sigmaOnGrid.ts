/**
 * σ² of a new observation along a plot grid, for the prediction band of a weighted fit. The σ of
 * the data is a function of x (counting noise σ = √y, a detector whose noise grows with the
 * signal), so one mean σ² would make the band far too wide where σ is small and too narrow where
 * it is large. Each data row falls in the cell of its nearest grid point; a cell's σ² is the mean
 * σ² of its rows; cells without rows take σ² linearly interpolated between the nearest cells with
 * rows (constant beyond the ends). One pass over the data, O(n log g), no sort of the data.
 */

/** Index of the grid point nearest to v (grid ascending). */
function nearest(grid: Float64Array, v: number): number {
  let lo = 0;
  let hi = grid.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (grid[mid] <= v) lo = mid;
    else hi = mid;
  }
  return v - grid[lo] <= grid[hi] - v ? lo : hi;
}

/**
 * σ² at each grid point from the rows (x[i], sigma[i]). `grid` must be ascending. Rows with a
 * non-finite x or σ are ignored; with no usable row every point is NaN.
 */
export function sigmaSquaredOnGrid(x: ArrayLike<number>, sigma: ArrayLike<number>, grid: Float64Array): Float64Array {
  const g = grid.length;
  const sum = new Float64Array(g);
  const count = new Float64Array(g);
  const n = Math.min(x.length, sigma.length);
  if (g > 0) {
    for (let i = 0; i < n; i++) {
      const xi = x[i];
      const si = sigma[i];
      if (!Number.isFinite(xi) || !Number.isFinite(si)) continue;
      const k = nearest(grid, xi);
      sum[k] += si * si;
      count[k]++;
    }
  }
  const out = new Float64Array(g).fill(NaN);
  let prev = -1;
  for (let k = 0; k < g; k++) {
    if (count[k] === 0) continue;
    out[k] = sum[k] / count[k];
    if (prev < 0) out.fill(out[k], 0, k);
    else {
      for (let j = prev + 1; j < k; j++) {
        const t = (grid[j] - grid[prev]) / (grid[k] - grid[prev]);
        out[j] = out[prev] + t * (out[k] - out[prev]);
      }
    }
    prev = k;
  }
  if (prev >= 0) out.fill(out[prev], prev + 1);
  return out;
}
