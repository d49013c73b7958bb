/** How the plot asks the worker for data: the variable on the x axis, log x, pixel columns, zoom. */
import type { PlotRequest } from '../../worker/api';
import type { AppState } from '../store';
import { zoomRange } from '../view';

/** Min/max buckets: about two per pixel column of a wide plot. */
export const PLOT_BUCKETS = 1200;

export function plotRequest(s: Pick<AppState, 'source' | 'mapping' | 'plot' | 'plotRange' | 'dataEpoch'>): PlotRequest {
  return { plotVar: s.plot.plotVar, logX: s.plot.logX, buckets: PLOT_BUCKETS, xRange: zoomRange(s) };
}
