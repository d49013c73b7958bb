/**
 * σ² of a new observation as a function of x, for the prediction band of a weighted fit. The σ of
 * the data is a function of x (counting noise σ = √y, a detector whose noise grows with the
 * signal), so one mean σ² would make the band far too wide where σ is small and too narrow where
 * it is large; following each row's own σᵢ would draw noise as if it were structure.
 *
 * sigmaProfile sorts the rows by x and cuts them into bins of about equal count (at least MIN_ROWS
 * rows, at most MAX_BINS bins), never between rows of equal x (replicates pool into one bin); each
 * bin gives its mean σ² at its mean x. profileAt interpolates that
 * linearly onto any grid, constant beyond the outer bins. The bins depend on the data alone, so
 * the band at a given x is the same whatever grid is drawn (zoomed or not, linear or log).
 */

export const MAX_BINS = 200;
export const MIN_ROWS = 5;

export interface SigmaProfile {
  /** Mean x of each bin, ascending. */
  readonly x: Float64Array;
  /** Mean σ² of each bin. */
  readonly s2: Float64Array;
}

/** The profile of the rows with a finite x and σ (empty when there are none). */
export function sigmaProfile(x: ArrayLike<number>, sigma: ArrayLike<number>): SigmaProfile {
  const n = Math.min(x.length, sigma.length);
  const rows: number[] = [];
  for (let i = 0; i < n; i++) if (Number.isFinite(x[i]) && Number.isFinite(sigma[i])) rows.push(i);
  rows.sort((i, j) => x[i] - x[j]);
  const m = rows.length;
  const bins = m === 0 ? 0 : Math.max(1, Math.min(MAX_BINS, Math.floor(m / MIN_ROWS)));
  const cx: number[] = [];
  const s2: number[] = [];
  let from = 0;
  for (let b = 0; b < bins && from < m; b++) {
    let to = Math.max(from + 1, Math.floor(((b + 1) * m) / bins));
    // Rows of one x belong together: a cut between them would give two bins at one x.
    while (to < m && x[rows[to]] === x[rows[to - 1]]) to++;
    let sx = 0;
    let ss = 0;
    for (let r = from; r < to; r++) {
      const i = rows[r];
      sx += x[i];
      ss += sigma[i] * sigma[i];
    }
    cx.push(sx / (to - from));
    s2.push(ss / (to - from));
    from = to;
  }
  return { x: Float64Array.from(cx), s2: Float64Array.from(s2) };
}

/** The profile at each grid point (NaN everywhere for an empty profile). */
export function profileAt(profile: SigmaProfile, grid: ArrayLike<number>): Float64Array {
  const { x, s2 } = profile;
  const bins = x.length;
  const out = new Float64Array(grid.length);
  for (let k = 0; k < grid.length; k++) {
    const g = grid[k];
    if (bins === 0 || Number.isNaN(g)) out[k] = NaN;
    else if (g <= x[0]) out[k] = s2[0];
    else if (g >= x[bins - 1]) out[k] = s2[bins - 1];
    else {
      let lo = 0;
      let hi = bins - 1;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (x[mid] <= g) lo = mid;
        else hi = mid;
      }
      const span = x[hi] - x[lo];
      out[k] = span > 0 ? s2[lo] + ((g - x[lo]) / span) * (s2[hi] - s2[lo]) : 0.5 * (s2[lo] + s2[hi]);
    }
  }
  return out;
}
