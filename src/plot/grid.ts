/** The plot grid the model curve is drawn on: evenly spaced in x, or in log x on a log axis. */

export const GRID_POINTS = 600;

export function columnRange(values: Float64Array, positiveOnly: boolean): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!Number.isFinite(v) || (positiveOnly && !(v > 0))) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { min, max };
}

export function plotGrid(min: number, max: number, points: number, log: boolean): Float64Array {
  const n = Math.max(2, Math.floor(points));
  const out = new Float64Array(n);
  if (!(max >= min)) return new Float64Array(0);
  if (max === min) return out.fill(min);
  const useLog = log && min > 0;
  const a = useLog ? Math.log(min) : min;
  const b = useLog ? Math.log(max) : max;
  for (let i = 0; i < n; i++) {
    const t = a + ((b - a) * i) / (n - 1);
    out[i] = useLog ? Math.exp(t) : t;
  }
  out[0] = min;
  out[n - 1] = max;
  return out;
}

/**
 * The grid for a plot zoomed to `view`: GRID_POINTS across the view (so a narrow peak stays smooth
 * however far one zooms) and a quarter as many across the whole extent, merged in order.
 */
export function zoomedGrid(min: number, max: number, view: readonly [number, number] | null | undefined, log: boolean): Float64Array {
  const lo = view ? Math.max(min, view[0]) : NaN;
  const hi = view ? Math.min(max, view[1]) : NaN;
  // No view, or one that misses the data (panned past it) or cannot be on a log axis: the plain grid.
  if (!(hi > lo) || (log && !(lo > 0))) return plotGrid(min, max, GRID_POINTS, log);
  const full = plotGrid(min, max, GRID_POINTS / 4, log);
  const near = plotGrid(lo, hi, GRID_POINTS, log);
  const merged = Float64Array.from([...full, ...near]).sort();
  return merged.filter((v, i) => i === 0 || v !== merged[i - 1]);
}
