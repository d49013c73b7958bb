/**
 * The main figure as plain plotly data: the data, the model curve with its confidence (and on
 * demand prediction) band above, the residuals below on the same x axis. Pure: the same inputs
 * give the same figure, so React can memoise it and Plotly.react can diff it.
 */
import type { Data, Layout } from 'plotly.js-dist-min';
import type { BandPair, Curve, ExcludedPoints, Series } from '../../worker/api';
import { densityTrace, outsideDensity, usableDensity } from './densityTrace';
import { focusRange } from './focusRange';
import { odeFigure } from './odeFigure';
import { arr, band, decades, finiteOrGap, markerSize, markerType } from './traceParts';
import { axis, BASE_LAYOUT, COLORS } from './theme';

export interface FigureInput {
  readonly data: Series | null;
  /** Points the user excluded: drawn hollow where they were (click one to take it back). */
  readonly excluded?: ExcludedPoints | null;
  /** ROUT's outliers (issue 26): drawn hollow over their points, left out of the fit. */
  readonly outliers?: { readonly x: readonly number[]; readonly y: readonly number[]; readonly lines: readonly number[] } | null;
  readonly curve: Curve | null;
  readonly confidence: BandPair | null;
  readonly prediction: BandPair | null;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly logX: boolean;
  readonly logY: boolean;
  /** Changes when the axes mean something else (new data, other x): resets the zoom. */
  readonly revision: string;
  readonly fitted: boolean;
  /** After an errors-in-variables fit, with "Projections" on (issue 24): each point's segment to
   *  the curve, joined by NaN gaps (plot/projections.ts); absent or null: not drawn. */
  readonly projections?: { readonly x: Float64Array; readonly y: Float64Array } | null;
}

/** How many axis spans beyond the focused y range a curve value may lie before it is a gap. */
const OFF_AXIS_SPANS = 1000;

/**
 * The curve's values as drawn: non-finite ones, and, when the axis is focused on the data
 * (focusRange.ts), ones so far off it (1e308 from a start value's exp(t/tau)) that plotly's pixel
 * arithmetic overflows and writes NaN into the SVG path, become gaps. Off-axis by less, the line
 * still leaves the plot as it did.
 */
function nearAxis(y: Float64Array, range: [number, number] | null, log: boolean): (number | null)[] {
  const values = finiteOrGap(y);
  if (!range) return values;
  const reach = OFF_AXIS_SPANS * (range[1] - range[0]);
  const [lo, hi] = [range[0] - reach, range[1] + reach];
  return values.map((v) => {
    if (v === null) return null;
    const at = log ? (v > 0 ? Math.log10(v) : null) : v;
    return at === null || (at >= lo && at <= hi) ? v : null;
  });
}

export function mainFigure(f: FigureInput): { data: Data[]; layout: Partial<Layout> } {
  // An ODE model (issue 23) draws each observed column with its own curve.
  if (f.curve?.ode) return odeFigure({ ode: f.curve.ode, logX: f.logX, logY: f.logY, revision: f.revision, fitted: f.fitted, showConfidence: f.confidence !== null, showPrediction: f.prediction !== null });
  const traces: Data[] = [];
  const curve = f.curve;
  const yRange = focusRange(f.data?.y ?? null, curve?.y ?? null, f.logY);
  if (curve && curve.kind === 'grid') {
    if (f.prediction) traces.push(...band(f.prediction, curve.x, '95% prediction band', COLORS.prediction, true));
    if (f.confidence) traces.push(...band(f.confidence, curve.x, '95% confidence band', COLORS.confidence, true));
  }
  if (f.data) {
    // More points than pixels: their density, shaded; points only outside it (a zoomed view's sides).
    const density = usableDensity(f.data.density) ? f.data.density : null;
    if (density) traces.push(densityTrace(density, 'data (points per cell)', f.xLabel, f.yLabel, 'y'));
    const data = density ? pick(f.data, outsideDensity(f.data.x, density)) : f.data;
    const n = data.x.length;
    const errors = data.sigma && n <= 600 ? { type: 'data' as const, array: arr(data.sigma), visible: true, color: 'rgba(51,65,85,0.35)', thickness: 1, width: 0 } : undefined;
    // σ of x (issue 24: errors in both variables), drawn as y's are, while few points are drawn.
    const errorsX = data.sigmaX && n <= 600 ? { type: 'data' as const, array: arr(data.sigmaX), visible: true, color: 'rgba(51,65,85,0.35)', thickness: 1, width: 0 } : undefined;
    traces.push({
      type: markerType(n),
      mode: 'markers',
      name: f.data.decimated ? 'data (min/max per pixel)' : 'data',
      showlegend: !density,
      x: arr(data.x),
      y: arr(data.y),
      customdata: arr(data.lines),
      hovertemplate: `line %{customdata}<br>${f.xLabel} = %{x}<br>${f.yLabel} = %{y}<extra></extra>`,
      marker: { color: COLORS.dataFill, size: markerSize(n), line: { width: 0 } },
      error_y: errors,
      error_x: errorsX,
      xaxis: 'x',
      yaxis: 'y',
    });
  }
  if (f.excluded && f.excluded.x.length > 0) {
    traces.push({
      type: 'scatter',
      mode: 'markers',
      name: `excluded (${f.excluded.count})`,
      x: arr(f.excluded.x),
      y: arr(f.excluded.y),
      customdata: arr(f.excluded.lines),
      hovertemplate: `line %{customdata} (excluded: click to take it back)<br>${f.xLabel} = %{x}<br>${f.yLabel} = %{y}<extra></extra>`,
      // An open symbol is drawn in marker.color: a ring where the point was.
      marker: { color: COLORS.excluded, size: 9, symbol: 'circle-open', line: { width: 1.5 } },
      xaxis: 'x',
      yaxis: 'y',
    });
  }
  if (f.outliers && f.outliers.x.length > 0) {
    traces.push({
      type: 'scatter',
      mode: 'markers',
      name: `ROUT outlier${f.outliers.x.length === 1 ? '' : 's'} (${f.outliers.x.length})`,
      x: [...f.outliers.x],
      y: [...f.outliers.y],
      customdata: [...f.outliers.lines],
      hovertemplate: `line %{customdata} (ROUT outlier: left out of the fit; "put back" below)<br>${f.xLabel} = %{x}<br>${f.yLabel} = %{y}<extra></extra>`,
      // A white disc ringed in the excluded colour over the data point: hollow where it is.
      marker: { color: '#ffffff', size: 10, symbol: 'circle', line: { width: 2, color: COLORS.excluded } },
      xaxis: 'x',
      yaxis: 'y',
    });
  }
  if (f.projections && f.projections.x.length > 0) {
    traces.push({ type: 'scatter', mode: 'lines', name: 'projections onto the curve', x: finiteOrGap(f.projections.x), y: finiteOrGap(f.projections.y), line: { color: COLORS.residual, width: 1 }, hoverinfo: 'skip', xaxis: 'x', yaxis: 'y' });
  }
  if (curve) {
    const name = f.fitted ? 'fit' : 'model';
    traces.push(
      curve.kind === 'grid'
        ? { type: 'scatter', mode: 'lines', name: curve.implicit ? `${name} (g = 0)` : name, x: curve.implicit ? finiteOrGap(curve.x) : arr(curve.x), y: nearAxis(curve.y, yRange, f.logY), line: { color: COLORS.curve, width: 2.25 }, xaxis: 'x', yaxis: 'y', hovertemplate: `${f.xLabel} = %{x}<br>${name} = %{y}<extra></extra>` }
        : { type: 'scatter', mode: 'markers', name: `${name} at the data points`, x: arr(curve.x), y: nearAxis(curve.y, yRange, f.logY), marker: { color: COLORS.curve, size: 6, symbol: 'diamond-open', line: { width: 1.25, color: COLORS.curve } }, xaxis: 'x', yaxis: 'y' },
    );
    const rDensity = usableDensity(curve.residuals.density) ? curve.residuals.density : null;
    if (rDensity) traces.push(densityTrace(rDensity, 'residuals (points per cell)', f.xLabel, 'residual', 'y2'));
    const r = rDensity ? pick(curve.residuals, outsideDensity(curve.residuals.x, rDensity)) : curve.residuals;
    traces.push({
      type: markerType(r.x.length),
      mode: 'markers',
      name: 'residuals',
      showlegend: false,
      x: arr(r.x),
      y: finiteOrGap(r.y),
      customdata: arr(r.lines),
      hovertemplate: `line %{customdata}<br>${f.xLabel} = %{x}<br>${curve.implicit ? 'distance to the curve' : 'residual'} = %{y}<extra></extra>`,
      marker: { color: COLORS.residual, size: markerSize(r.x.length), opacity: 0.75 },
      xaxis: 'x',
      yaxis: 'y2',
    });
  }
  // On a log axis over several decades, one tick per decade reads better than 2-5-10 labels.
  const decadeTicks = (values: ArrayLike<number> | undefined) => (values && decades(values) >= 2 ? { dtick: 1 } : {});
  // An implicit curve (a circle, an ellipse) is a shape in the plane: one unit the same length on
  // both axes, so that a circle looks round (linear axes only, and not when y's range is set).
  const equalScale = curve?.implicit === true && !f.logX && !f.logY && !yRange;
  const layout: Partial<Layout> = {
    ...BASE_LAYOUT,
    uirevision: f.revision,
    margin: { l: 64, r: 16, t: 8, b: 44 },
    legend: { orientation: 'h', x: 0, y: 1.02, yanchor: 'bottom', font: { size: 12 }, bgcolor: 'rgba(0,0,0,0)' },
    xaxis: axis(f.xLabel, { type: f.logX ? 'log' : 'linear', anchor: curve ? 'y2' : 'y', ...(f.logX ? decadeTicks(f.data?.x) : {}) }),
    // The residual panel is there when there are residuals: without a curve the data take the
    // whole height rather than leave a blank band under them.
    yaxis: axis(f.yLabel, { type: f.logY ? 'log' : 'linear', domain: curve ? [0.3, 1] : [0, 1], ...(f.logY ? decadeTicks(f.data?.y) : {}), ...(yRange ? { range: yRange, autorange: false } : { autorange: true }), ...(equalScale ? { scaleanchor: 'x', scaleratio: 1 } : {}) }),
    ...(curve ? { yaxis2: axis(curve.implicit ? 'distance' : 'residual', { domain: [0, 0.22], zeroline: true, zerolinecolor: COLORS.zero, zerolinewidth: 1 }) } : {}),
    hovermode: 'closest',
  };
  return { data: traces, layout };
}

/** The points of a series at these indices. */
function pick(s: Series, index: readonly number[]): Pick<Series, 'x' | 'y' | 'sigma' | 'sigmaX' | 'lines'> {
  const take = (v: Float64Array) => Float64Array.from(index, (i) => v[i]);
  return { x: take(s.x), y: take(s.y), sigma: s.sigma ? take(s.sigma) : null, sigmaX: s.sigmaX ? take(s.sigmaX) : null, lines: Int32Array.from(index, (i) => s.lines[i]) };
}
