/**
 * The zero contour of a function sampled on a grid, as polylines: marching squares (Lorensen &
 * Cline 1987 in two dimensions; Maple's description in "Geometric design and space planning using
 * the marching squares and marching cube algorithms", 2003), with the crossing on each edge placed
 * by linear interpolation and the cells' segments chained into polylines through the edges they
 * share. An implicit model's fitted curve g(x, y; β) = 0 is drawn this way (implicitCurve.ts).
 *
 * Legend: the grid's values v[j·nx + i] at (xs[i], ys[j]); a cell (i, j) has the corners
 * a = (i, j), b = (i+1, j), c = (i+1, j+1), d = (i, j+1); a corner is "inside" where v < 0.
 * A saddle (a and c on one side, b and d on the other) is resolved by the cell's mean value.
 * A cell with a non-finite corner draws nothing (the curve has a gap there).
 */

export interface Polylines {
  /** The polylines' points, each polyline ended by a NaN (plotly draws a gap there); a closed one
   *  repeats its first point. */
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** How many polylines, and how many of them close on themselves. */
  readonly count: number;
  readonly closed: number;
}

/** Zero contour of v on the grid xs × ys (v row-major in x: v[j·nx + i]). */
export function zeroContour(xs: Float64Array, ys: Float64Array, v: Float64Array): Polylines {
  const nx = xs.length;
  const ny = ys.length;
  if (v.length !== nx * ny) throw new RangeError(`zeroContour: ${v.length} values for a ${nx}×${ny} grid`);
  const horizontal = Math.max(0, nx - 1) * ny;
  const hEdge = (i: number, j: number) => j * (nx - 1) + i;
  const vEdge = (i: number, j: number) => horizontal + j * nx + i;
  // Each edge a segment ends on, and the (at most two) edges it is joined to.
  const links = new Map<number, number[]>();
  const join = (e: number, f: number) => {
    (links.get(e) ?? links.set(e, []).get(e)!).push(f);
    (links.get(f) ?? links.set(f, []).get(f)!).push(e);
  };
  for (let j = 0; j + 1 < ny; j++) {
    for (let i = 0; i + 1 < nx; i++) {
      const a = v[j * nx + i];
      const b = v[j * nx + i + 1];
      const c = v[(j + 1) * nx + i + 1];
      const d = v[(j + 1) * nx + i];
      if (!Number.isFinite(a) || !Number.isFinite(b) || !Number.isFinite(c) || !Number.isFinite(d)) continue;
      const sa = a < 0;
      const sb = b < 0;
      const sc = c < 0;
      const sd = d < 0;
      const bottom = hEdge(i, j);
      const top = hEdge(i, j + 1);
      const left = vEdge(i, j);
      const right = vEdge(i + 1, j);
      const crossed: number[] = [];
      if (sa !== sb) crossed.push(bottom);
      if (sb !== sc) crossed.push(right);
      if (sc !== sd) crossed.push(top);
      if (sd !== sa) crossed.push(left);
      if (crossed.length === 2) join(crossed[0], crossed[1]);
      else if (crossed.length === 4) {
        // A saddle: the mean decides whether a and c are joined through the middle.
        const middle = (a + b + c + d) / 4 < 0;
        if (middle === sa) {
          join(bottom, right);
          join(top, left);
        } else {
          join(left, bottom);
          join(right, top);
        }
      }
    }
  }
  const point = (e: number): [number, number] => {
    if (e < horizontal) {
      const j = Math.floor(e / (nx - 1));
      const i = e - j * (nx - 1);
      const p = v[j * nx + i];
      const q = v[j * nx + i + 1];
      const t = p / (p - q);
      return [xs[i] + t * (xs[i + 1] - xs[i]), ys[j]];
    }
    const k = e - horizontal;
    const j = Math.floor(k / nx);
    const i = k - j * nx;
    const p = v[j * nx + i];
    const q = v[(j + 1) * nx + i];
    const t = p / (p - q);
    return [xs[i], ys[j] + t * (ys[j + 1] - ys[j])];
  };
  const outX: number[] = [];
  const outY: number[] = [];
  const seen = new Set<number>();
  let count = 0;
  let closed = 0;
  const walk = (start: number) => {
    let prev = -1;
    let at = start;
    for (;;) {
      seen.add(at);
      const [px, py] = point(at);
      outX.push(px);
      outY.push(py);
      const next = (links.get(at) ?? []).find((e) => e !== prev && !seen.has(e));
      if (next === undefined) {
        // Back at the start: the loop closes.
        if (at !== start && (links.get(at) ?? []).includes(start) && (links.get(start) ?? []).length === 2) {
          const [sx, sy] = point(start);
          outX.push(sx);
          outY.push(sy);
          closed++;
        }
        break;
      }
      prev = at;
      at = next;
    }
    outX.push(NaN);
    outY.push(NaN);
    count++;
  };
  // Open polylines start at an end (an edge on the grid's border or beside a gap); loops anywhere.
  for (const [e, to] of links) if (to.length === 1 && !seen.has(e)) walk(e);
  for (const e of links.keys()) if (!seen.has(e)) walk(e);
  return { x: Float64Array.from(outX), y: Float64Array.from(outY), count, closed };
}
