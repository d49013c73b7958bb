/** Series to draw: the selected data (or residuals) against the plot variable, decimated. */
import type { FitData } from '../data/selectColumns';
import type { PlotRequest, Series } from './api';
import { decimateMinMax, gather, gatherInt } from './decimate';

export function plotColumn(data: FitData, plotVar: number): Float64Array {
  return data.vars[Math.min(Math.max(0, plotVar), data.vars.length - 1)] ?? new Float64Array(data.rows);
}

/** y (or any per-row values) against the plot variable. */
export function buildSeries(data: FitData, values: Float64Array, plot: PlotRequest): Series {
  const x = plotColumn(data, plot.plotVar);
  const { index, decimated, viewAll } = decimateMinMax(x, values, plot.buckets, plot.logX, plot.xRange ?? null);
  return {
    x: gather(x, index),
    y: gather(values, index),
    // The figure draws error bars only while few points are drawn (a zoomed view, small data).
    sigma: data.sigma ? gather(data.sigma, index) : null,
    lines: gatherInt(data.lines, index),
    decimated,
    viewAll,
    total: data.rows,
  };
}

/** The typed arrays of a series, for Comlink.transfer. */
export function seriesBuffers(s: Series): ArrayBuffer[] {
  const out = [s.x.buffer, s.y.buffer, s.lines.buffer];
  if (s.sigma) out.push(s.sigma.buffer);
  return out as ArrayBuffer[];
}
