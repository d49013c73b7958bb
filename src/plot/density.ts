/**
 * Point density for drawing a series with more points than the plot has pixels: the count of
 * points in each cell of an nx × ny grid over the x (or log x) and y extent of the points kept.
 * Drawn shaded under the curve it shows where the data lie and how thickly, where min/max
 * decimation (decimate.ts) would draw the upper and lower edges of the noise as two lines.
 *
 * Cells are equal in log x on a log x axis (as the pixels are) and equal in y; a point on an inner
 * edge belongs to the cell above it, the largest values to the last cell (as in numpy.histogram2d).
 */

export interface Density {
  /** nx + 1 cell edges in x, data units (exp of equal steps in ln x on a log axis). */
  readonly xEdges: Float64Array;
  /** ny + 1 cell edges in y. */
  readonly yEdges: Float64Array;
  /** counts[j * nx + i]: points in x cell i and y cell j. */
  readonly counts: Uint32Array;
  /** The largest count in one cell. */
  readonly max: number;
  /** Points counted (the sum of counts). */
  readonly points: number;
}

/** Cells across (about two to three pixels each on a wide plot) and up: small enough to redraw fast. */
export const DENSITY_COLUMNS = 480;
export const DENSITY_ROWS = 160;

/**
 * The cell k of t among `cells` equal steps from lo: lo + k·step ≤ t < lo + (k+1)·step, the last
 * cell closed. The division can land one cell off at an edge by rounding: the edges decide.
 */
function cellOf(t: number, lo: number, step: number, cells: number): number {
  let k = Math.min(cells - 1, Math.max(0, Math.floor((t - lo) / step)));
  if (k < cells - 1 && t >= lo + (k + 1) * step) k++;
  else if (k > 0 && t < lo + k * step) k--;
  return k;
}

/**
 * Counts of the points i with keep(i) over [xlo, xhi] (data units; both > 0 with logX) and the
 * y extent of those points. Null when no point is kept.
 */
export function densityGrid(x: Float64Array, y: Float64Array, keep: (i: number) => boolean, logX: boolean, xlo: number, xhi: number, nx = DENSITY_COLUMNS, ny = DENSITY_ROWS): Density | null {
  const n = Math.min(x.length, y.length);
  const tx = (v: number) => (logX ? Math.log(v) : v);
  const inside = (i: number) => keep(i) && Number.isFinite(x[i]) && Number.isFinite(y[i]) && x[i] >= xlo && x[i] <= xhi && (!logX || x[i] > 0);
  let ylo = Infinity;
  let yhi = -Infinity;
  for (let i = 0; i < n; i++) {
    if (!inside(i)) continue;
    if (y[i] < ylo) ylo = y[i];
    if (y[i] > yhi) yhi = y[i];
  }
  if (!(yhi >= ylo)) return null;
  // A flat extent still gets cells of some height (the point draws as a band around its value).
  const yPad = yhi > ylo ? 0 : Math.abs(ylo) * 1e-3 || 1;
  const y0 = ylo - yPad;
  const y1 = yhi + yPad;
  const t0 = tx(xlo);
  const t1 = tx(xhi) > t0 ? tx(xhi) : t0 + 1;
  const dx = (t1 - t0) / nx;
  const dy = (y1 - y0) / ny;
  const counts = new Uint32Array(nx * ny);
  let points = 0;
  for (let i = 0; i < n; i++) {
    if (!inside(i)) continue;
    counts[cellOf(y[i], y0, dy, ny) * nx + cellOf(tx(x[i]), t0, dx, nx)]++;
    points++;
  }
  let max = 0;
  for (let k = 0; k < counts.length; k++) if (counts[k] > max) max = counts[k];
  const xEdges = new Float64Array(nx + 1);
  for (let i = 0; i <= nx; i++) xEdges[i] = logX ? Math.exp(t0 + i * dx) : t0 + i * dx;
  const yEdges = new Float64Array(ny + 1);
  for (let j = 0; j <= ny; j++) yEdges[j] = y0 + j * dy;
  // The outer edges are the extent itself (y0 + ny·dy may round below the largest y).
  xEdges[0] = xlo;
  xEdges[nx] = logX ? Math.max(xhi, Math.exp(t1)) : t1;
  yEdges[ny] = y1;
  return { xEdges, yEdges, counts, max, points };
}
