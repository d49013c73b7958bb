/**
 * Each point's projection onto the fitted curve after an errors-in-variables fit (issue 24): the
 * segment from the observed (xᵢ, yᵢ) to the point the fit moved it to, (xᵢ + δᵢ, f(xᵢ + δᵢ; β))
 * for y = f(x) (= (xᵢ + δᵢ, yᵢ + εᵢ)), or (xᵢ + δxᵢ, yᵢ + δyᵢ) on g(x, y) = 0. One trace for all of
 * them: segments joined by NaN gaps, as plotly draws one line with breaks.
 */

/** Segments beyond this many are not drawn (an unreadable hatching that costs the page). */
export const MAX_PROJECTIONS = 5000;

export interface Segments {
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly count: number;
}

/** dx, dy: the moves along the plotted axes per row (null: none along that axis). */
export function projectionSegments(x: Float64Array, y: Float64Array, dx: Float64Array | null, dy: Float64Array | null): Segments | null {
  const n = x.length;
  if (n > MAX_PROJECTIONS) return null;
  const sx = new Float64Array(3 * n);
  const sy = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    sx[3 * i] = x[i];
    sy[3 * i] = y[i];
    sx[3 * i + 1] = x[i] + (dx ? dx[i] : 0);
    sy[3 * i + 1] = y[i] + (dy ? dy[i] : 0);
    sx[3 * i + 2] = NaN;
    sy[3 * i + 2] = NaN;
  }
  return { x: sx, y: sy, count: n };
}
