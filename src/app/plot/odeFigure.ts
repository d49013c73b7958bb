/**
 * The figure of an ODE model (issue 23): each observed column's points and its curve (the model
 * integrated on a fine time grid, worker/odeCurve.ts) in one colour per column, the legend by
 * column name, and each column's residuals below in its colour, on the same time axis; after a
 * fit, on request, each curve's 95% confidence and prediction bands (the delta method through the
 * sensitivities) in its colour, lighter. Pure, as mainFigure is.
 */
import type { Data, Layout } from 'plotly.js-dist-min';
import type { OdeCurves } from '../../plot/odeShapes';
import type { BandPair } from '../../plot/shapes';
import { GROUP_COLORS, plotlyLabel } from './groupFigure';
import { arr, band, finiteOrGap } from './traceParts';
import { axis, BASE_LAYOUT, COLORS } from './theme';

export interface OdeFigureInput {
  readonly ode: OdeCurves;
  readonly logX: boolean;
  readonly logY: boolean;
  readonly revision: string;
  /** The curves are the last fit's (legend "fit") rather than the sliders' ("model"). */
  readonly fitted: boolean;
  /** Draw the series' bands (the band toggles; a series without bands draws none). */
  readonly showConfidence?: boolean;
  readonly showPrediction?: boolean;
}

/** '#4e79a7' at opacity a. */
function tint(hex: string, a: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${a})`;
}

export function odeFigure(f: OdeFigureInput): { data: Data[]; layout: Partial<Layout> } {
  const data: Data[] = [];
  const time = plotlyLabel(f.ode.time);
  const kind = f.fitted ? 'fit' : 'model';
  f.ode.series.forEach((s, i) => {
    const color = GROUP_COLORS[i % GROUP_COLORS.length];
    const name = plotlyLabel(s.column);
    const group = `series-${i}`;
    // In the series' legend group, out of the legend: the toggles name them; its legend entry hides them with it.
    const shaded = (b: BandPair, what: string, alpha: number) => band(b, f.ode.grid, `${name} 95% ${what} band`, tint(color, alpha), false).map((t) => ({ ...t, legendgroup: group }));
    if (f.showPrediction && s.prediction) data.push(...shaded(s.prediction, 'prediction', 0.1));
    if (f.showConfidence && s.confidence) data.push(...shaded(s.confidence, 'confidence', 0.22));
    data.push({
      type: 'scatter',
      mode: 'markers',
      name,
      legendgroup: group,
      x: arr(s.t),
      y: arr(s.y),
      customdata: arr(s.lines),
      hovertemplate: `line %{customdata}<br>${time} = %{x}<br>${name} = %{y}<extra></extra>`,
      marker: { color, size: 7, line: { width: 0 } },
      xaxis: 'x',
      yaxis: 'y',
    });
    data.push({
      type: 'scatter',
      mode: 'lines',
      name: `${name} (${kind})`,
      legendgroup: group,
      x: arr(f.ode.grid),
      y: finiteOrGap(s.curve),
      line: { color, width: 2.25 },
      hovertemplate: `${time} = %{x}<br>${name} (${kind}) = %{y}<extra></extra>`,
      xaxis: 'x',
      yaxis: 'y',
    });
    data.push({
      type: 'scatter',
      mode: 'markers',
      name: `${name} residuals`,
      legendgroup: group,
      showlegend: false,
      x: arr(s.t),
      y: finiteOrGap(s.residuals),
      customdata: arr(s.lines),
      hovertemplate: `line %{customdata}<br>${time} = %{x}<br>${name} residual = %{y}<extra></extra>`,
      marker: { color, size: 5, opacity: 0.8 },
      xaxis: 'x',
      yaxis: 'y2',
    });
  });
  const layout: Partial<Layout> = {
    ...BASE_LAYOUT,
    uirevision: f.revision,
    margin: { l: 64, r: 16, t: 8, b: 44 },
    // Grouped, not reversed: plotly reverses the legend of figures with filled (band) traces.
    legend: { orientation: 'h', x: 0, y: 1.02, yanchor: 'bottom', font: { size: 12 }, bgcolor: 'rgba(0,0,0,0)', traceorder: 'grouped' },
    xaxis: axis(time, { type: f.logX ? 'log' : 'linear', anchor: 'y2' }),
    yaxis: axis(f.ode.series.map((s) => plotlyLabel(s.column)).join(', '), { type: f.logY ? 'log' : 'linear', domain: [0.3, 1], autorange: true }),
    yaxis2: axis('residual', { domain: [0, 0.22], zeroline: true, zerolinecolor: COLORS.zero, zerolinewidth: 1 }),
    hovermode: 'closest',
  };
  return { data, layout };
}
