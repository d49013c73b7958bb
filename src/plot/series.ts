/** Series to draw: the selected data (or residuals) against the plot variable, decimated. */
import type { FitData } from '../data/selectColumns';
import type { PlotRequest, Series } from './shapes';
import type { NonPositive } from './shapes';
import { decimateMinMax, gather, gatherInt } from './decimate';
import { densityGrid, type Density } from './density';

export function plotColumn(data: FitData, plotVar: number): Float64Array {
  return data.vars[Math.min(Math.max(0, plotVar), data.vars.length - 1)] ?? new Float64Array(data.rows);
}

/** y (or any per-row values) against the plot variable; `sigmaX`: the plotted x's σ per row (issue 24). */
export function buildSeries(data: FitData, values: Float64Array, plot: PlotRequest, sigmaX: Float64Array | null = null): Series {
  const x = plotColumn(data, plot.plotVar);
  const { index, decimated, viewAll } = decimateMinMax(x, values, plot.buckets, plot.logX, plot.xRange ?? null);
  return {
    density: decimated && !viewAll ? densityOf(x, values, plot) : null,
    x: gather(x, index),
    y: gather(values, index),
    // The figure draws error bars only while few points are drawn (a zoomed view, small data).
    sigma: data.sigma ? gather(data.sigma, index) : null,
    ...(sigmaX ? { sigmaX: gather(sigmaX, index) } : {}),
    lines: gatherInt(data.lines, index),
    decimated,
    viewAll,
    total: data.rows,
    nonPositive: countNonPositive(x, values, plot.logX),
  };
}

/** Rows with finite x and y that a log x (x ≤ 0) or a log y (y ≤ 0) axis leaves off: one pass. */
export function countNonPositive(x: Float64Array, values: Float64Array, logX: boolean): NonPositive {
  let nx = 0;
  let ny = 0;
  const n = Math.min(x.length, values.length);
  for (let i = 0; i < n; i++) {
    const a = x[i];
    const b = values[i];
    if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
    if (!(a > 0)) nx++;
    if (!(b > 0) && (!logX || a > 0)) ny++;
  }
  return { x: nx, y: ny };
}

/**
 * Where more points than pixels are drawn: their density over the view when zoomed, over the
 * whole x extent otherwise (the min/max points outside a view stay as they are).
 */
function densityOf(x: Float64Array, values: Float64Array, plot: PlotRequest): Density | null {
  const view = plot.xRange;
  if (view && view[1] > view[0] && (!plot.logX || view[0] > 0)) return densityGrid(x, values, () => true, plot.logX, view[0], view[1]);
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < x.length; i++) {
    const v = x[i];
    if (!Number.isFinite(v) || !Number.isFinite(values[i]) || (plot.logX && !(v > 0))) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return hi >= lo ? densityGrid(x, values, () => true, plot.logX, lo, hi) : null;
}

/** The typed arrays of a series, for Comlink.transfer. */
export function seriesBuffers(s: Series): ArrayBuffer[] {
  const out = [s.x.buffer, s.y.buffer, s.lines.buffer];
  if (s.sigma) out.push(s.sigma.buffer);
  if (s.density) out.push(s.density.xEdges.buffer, s.density.yEdges.buffer, s.density.counts.buffer);
  return out as ArrayBuffer[];
}
