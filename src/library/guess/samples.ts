/**
 * The data a guesser sees: finite (x, y) pairs sorted by x, at most MAX_GUESS_POINTS of them.
 * Guessers read shapes (plateaus, peaks, crossings, periods), which a few thousand points show as
 * well as a million, so large inputs are reduced first and every heuristic stays cheap.
 */

export interface Samples {
  /** Ascending (ties allowed). */
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly n: number;
}

export const MAX_GUESS_POINTS = 2048;

/** Indices of the finite pairs, and whether they are in ascending x. */
function finiteRows(x: Float64Array, y: Float64Array): { rows: Int32Array; sorted: boolean } {
  const m = Math.min(x.length, y.length);
  const rows = new Int32Array(m);
  let count = 0;
  let sorted = true;
  let last = -Infinity;
  for (let i = 0; i < m; i++) {
    const xi = x[i];
    if (!Number.isFinite(xi) || !Number.isFinite(y[i])) continue;
    if (xi < last) sorted = false;
    last = xi;
    rows[count++] = i;
  }
  return { rows: rows.subarray(0, count), sorted };
}

/**
 * Sorted data keep their shape best as bin means (which also average the noise down); unsorted
 * data are thinned by a stride first, so the sort only ever sees `maxPoints` rows.
 */
export function prepareSamples(x: Float64Array, y: Float64Array, maxPoints = MAX_GUESS_POINTS): Samples {
  const { rows: finite, sorted } = finiteRows(x, y);
  if (sorted && finite.length > maxPoints) return binMeans(x, y, finite, maxPoints);
  let rows = Array.from(finite);
  if (rows.length > maxPoints) {
    const stride = rows.length / maxPoints;
    rows = Array.from({ length: maxPoints }, (_, k) => rows[Math.floor(k * stride)]);
  }
  if (!sorted) rows.sort((a, b) => x[a] - x[b]);
  return { x: Float64Array.from(rows, (i) => x[i]), y: Float64Array.from(rows, (i) => y[i]), n: rows.length };
}

function binMeans(x: Float64Array, y: Float64Array, rows: Int32Array, bins: number): Samples {
  const bx = new Float64Array(bins);
  const by = new Float64Array(bins);
  const per = rows.length / bins;
  for (let b = 0; b < bins; b++) {
    const from = Math.floor(b * per);
    const to = Math.floor((b + 1) * per);
    let sx = 0;
    let sy = 0;
    for (let k = from; k < to; k++) {
      sx += x[rows[k]];
      sy += y[rows[k]];
    }
    bx[b] = sx / (to - from);
    by[b] = sy / (to - from);
  }
  return { x: bx, y: by, n: bins };
}

/** The rows of `s` whose x (and optionally y) pass a test, still sorted. */
export function filterSamples(s: Samples, keep: (x: number, y: number) => boolean): Samples {
  const rows: number[] = [];
  for (let i = 0; i < s.n; i++) if (keep(s.x[i], s.y[i])) rows.push(i);
  return { x: Float64Array.from(rows, (i) => s.x[i]), y: Float64Array.from(rows, (i) => s.y[i]), n: rows.length };
}

/** Every k-th row, so that at most `maxPoints` remain (for the costlier searches). */
export function thin(s: Samples, maxPoints: number): Samples {
  if (s.n <= maxPoints) return s;
  const stride = s.n / maxPoints;
  const pick = (k: number): number => Math.floor(k * stride);
  return {
    x: Float64Array.from({ length: maxPoints }, (_, k) => s.x[pick(k)]),
    y: Float64Array.from({ length: maxPoints }, (_, k) => s.y[pick(k)]),
    n: maxPoints,
  };
}
