/**
 * The figure of an ODE model (issue 23): each observed column's points and its curve (the model
 * integrated on a fine time grid, worker/odeCurve.ts) in one colour per column, the legend by
 * column name, and each column's residuals below in its colour, on the same time axis. Pure, as
 * mainFigure is.
 */
import type { Data, Layout } from 'plotly.js-dist-min';
import type { OdeCurves } from '../../plot/odeShapes';
import { GROUP_COLORS, plotlyLabel } from './groupFigure';
import { arr, finiteOrGap } from './traceParts';
import { axis, BASE_LAYOUT, COLORS } from './theme';

export interface OdeFigureInput {
  readonly ode: OdeCurves;
  readonly logX: boolean;
  readonly logY: boolean;
  readonly revision: string;
  /** The curves are the last fit's (legend "fit") rather than the sliders' ("model"). */
  readonly fitted: boolean;
}

export function odeFigure(f: OdeFigureInput): { data: Data[]; layout: Partial<Layout> } {
  const data: Data[] = [];
  const time = plotlyLabel(f.ode.time);
  const kind = f.fitted ? 'fit' : 'model';
  f.ode.series.forEach((s, i) => {
    const color = GROUP_COLORS[i % GROUP_COLORS.length];
    const name = plotlyLabel(s.column);
    const group = `series-${i}`;
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
    legend: { orientation: 'h', x: 0, y: 1.02, yanchor: 'bottom', font: { size: 12 }, bgcolor: 'rgba(0,0,0,0)' },
    xaxis: axis(time, { type: f.logX ? 'log' : 'linear', anchor: 'y2' }),
    yaxis: axis(f.ode.series.map((s) => plotlyLabel(s.column)).join(', '), { type: f.logY ? 'log' : 'linear', domain: [0.3, 1], autorange: true }),
    yaxis2: axis('residual', { domain: [0, 0.22], zeroline: true, zerolinecolor: COLORS.zero, zerolinewidth: 1 }),
    hovermode: 'closest',
  };
  return { data, layout };
}
