/**
 * Min/max decimation for drawing: the x range is cut into `buckets` pixel columns and each column
 * keeps its lowest and its highest point, so a million points draw as a few thousand with every
 * spike still visible (the extremes are what the eye sees at one pixel per column).
 */

export interface Decimated {
  /** Rows kept, in increasing bucket order (and row order within a bucket). */
  readonly index: Int32Array;
  readonly decimated: boolean;
}

/** Keep every finite point below this count; decimate above it. */
export const DRAW_ALL_MAX = 5000;

export function decimateMinMax(x: Float64Array, y: Float64Array, buckets: number, logX = false): Decimated {
  const n = Math.min(x.length, y.length);
  const finite: number[] = [];
  const ok = (i: number) => Number.isFinite(x[i]) && Number.isFinite(y[i]) && (!logX || x[i] > 0);
  const b = Math.max(1, Math.floor(buckets));
  if (n <= Math.max(DRAW_ALL_MAX, 2 * b)) {
    for (let i = 0; i < n; i++) if (ok(i)) finite.push(i);
    return { index: Int32Array.from(finite), decimated: false };
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
  if (!(hi >= lo)) return { index: new Int32Array(0), decimated: true };
  const width = hi > lo ? (hi - lo) / b : 1;
  const minAt = new Int32Array(b).fill(-1);
  const maxAt = new Int32Array(b).fill(-1);
  for (let i = 0; i < n; i++) {
    if (!ok(i)) continue;
    const k = Math.min(b - 1, Math.floor((tx(x[i]) - lo) / width));
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
  return { index: Int32Array.from(out), decimated: true };
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
