/**
 * Min/max decimation for drawing: the x range is cut into `buckets` pixel columns and each column
 * keeps its lowest and its highest point, so a million points draw as a few thousand with every
 * spike still visible (the extremes are what the eye sees at one pixel per column).
 *
 * With a view range (the plot zoomed in), the columns are those of the view: inside it the data
 * are drawn at full pixel resolution, and outside it a coarse min/max (a quarter of the columns over
 * the whole extent) keeps something on screen while the user pans, until the next request.
 */

export interface Decimated {
  /** Rows kept, in increasing bucket order (and row order within a bucket). */
  readonly index: Int32Array;
  readonly decimated: boolean;
  /** A view was given and every point inside it is kept. */
  readonly viewAll: boolean;
}

/** Keep every finite point below this count; decimate above it. */
export const DRAW_ALL_MAX = 5000;

/** The x interval on screen, in data units (not log10), lo < hi. */
export type ViewRange = readonly [number, number];

type Keep = (i: number) => boolean;

/** Indices of the min and max of y in each of `b` equal columns of tx(x) over [lo, hi]. */
function minMaxColumns(x: Float64Array, y: Float64Array, n: number, keep: Keep, tx: (v: number) => number, lo: number, hi: number, b: number): number[] {
  const width = hi > lo ? (hi - lo) / b : 1;
  const minAt = new Int32Array(b).fill(-1);
  const maxAt = new Int32Array(b).fill(-1);
  for (let i = 0; i < n; i++) {
    if (!keep(i)) continue;
    const k = Math.min(b - 1, Math.max(0, Math.floor((tx(x[i]) - lo) / width)));
    const a = minAt[k];
    if (a < 0 || y[i] < y[a]) minAt[k] = i;
    const c = maxAt[k];
    if (c < 0 || y[i] > y[c]) maxAt[k] = i;
  }
  const out: number[] = [];
  for (let k = 0; k < b; k++) {
    const a = minAt[k];
    const c = maxAt[k];
    if (a < 0) continue;
    if (a === c) out.push(a);
    else out.push(Math.min(a, c), Math.max(a, c));
  }
  return out;
}

function usable(range: ViewRange | null | undefined, logX: boolean): range is ViewRange {
  return !!range && Number.isFinite(range[0]) && Number.isFinite(range[1]) && range[1] > range[0] && (!logX || range[0] > 0);
}

export function decimateMinMax(x: Float64Array, y: Float64Array, buckets: number, logX = false, view: ViewRange | null = null): Decimated {
  const n = Math.min(x.length, y.length);
  const ok: Keep = (i) => Number.isFinite(x[i]) && Number.isFinite(y[i]) && (!logX || x[i] > 0);
  const b = Math.max(1, Math.floor(buckets));
  if (n <= Math.max(DRAW_ALL_MAX, 2 * b)) {
    const all: number[] = [];
    for (let i = 0; i < n; i++) if (ok(i)) all.push(i);
    return { index: Int32Array.from(all), decimated: false, viewAll: usable(view, logX) };
  }
  const tx = (v: number) => (logX ? Math.log(v) : v);
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    if (!ok(i)) continue;
    const v = tx(x[i]);
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (!(hi >= lo)) return { index: new Int32Array(0), decimated: true, viewAll: false };
  if (!usable(view, logX)) return { index: Int32Array.from(minMaxColumns(x, y, n, ok, tx, lo, hi, b)), decimated: true, viewAll: false };

  const [v0, v1] = view;
  const inside: Keep = (i) => ok(i) && x[i] >= v0 && x[i] <= v1;
  let count = 0;
  for (let i = 0; i < n; i++) if (inside(i)) count++;
  let near: number[];
  const viewAll = count <= Math.max(DRAW_ALL_MAX, 2 * b);
  if (viewAll) {
    near = [];
    for (let i = 0; i < n; i++) if (inside(i)) near.push(i);
  } else {
    near = minMaxColumns(x, y, n, inside, tx, tx(v0), tx(v1), b);
  }
  const far = minMaxColumns(x, y, n, (i) => ok(i) && !(x[i] >= v0 && x[i] <= v1), tx, lo, hi, Math.max(1, Math.floor(b / 4)));
  // Ordered by x so a line through them (the curve drawn at the data points) does not zigzag.
  const index = Int32Array.from([...far, ...near]).sort((i, j) => x[i] - x[j] || i - j);
  return { index, decimated: true, viewAll };
}

/** values[index[i]] for each i. */
export function gather(values: Float64Array, index: Int32Array): Float64Array {
  const out = new Float64Array(index.length);
  for (let i = 0; i < index.length; i++) out[i] = values[index[i]];
  return out;
}

export function gatherInt(values: Int32Array, index: Int32Array): Int32Array {
  const out = new Int32Array(index.length);
  for (let i = 0; i < index.length; i++) out[i] = values[index[i]];
  return out;
}
