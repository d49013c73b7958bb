/**
 * The page's profile plot (plotly) from src/stats/profilePlot.ts: τ against the parameter, the
 * straight Wald line it would follow for a linear model, ±t lines at the confidence level and the
 * profile interval's ends.
 */
import type { Data, Layout, Shape } from 'plotly.js-dist-min';
import type { ProfilePlotData } from '../../stats/profilePlot';
import { axis, BASE_LAYOUT, COLORS } from '../plot/theme';

export function profileFigure(p: ProfilePlotData, level: number): { data: Data[]; layout: Partial<Layout> } {
  const data: Data[] = [];
  if (p.wald) {
    data.push({ type: 'scatter', mode: 'lines', x: p.wald.value, y: p.wald.tau, name: 'linear (Wald)', line: { color: COLORS.zero, width: 1.5, dash: 'dash' }, hoverinfo: 'skip' });
  }
  data.push({
    type: 'scatter',
    mode: 'lines+markers',
    x: p.value,
    y: p.tau,
    name: 'profile τ',
    line: { color: COLORS.curve, width: 2 },
    marker: { size: 5, color: COLORS.curve },
    hovertemplate: `${p.name} = %{x:.6g}<br>τ = %{y:.4g}<extra></extra>`,
  });
  const hline = (y: number): Partial<Shape> => ({ type: 'line', xref: 'paper', x0: 0, x1: 1, y0: y, y1: y, line: { color: '#8a5a00', width: 1, dash: 'dot' } });
  const vline = (x: number): Partial<Shape> => ({ type: 'line', yref: 'paper', y0: 0, y1: 1, x0: x, x1: x, line: { color: '#8a5a00', width: 1, dash: 'dot' } });
  const shapes = [hline(p.cutoff), hline(-p.cutoff), ...(p.lower !== null ? [vline(p.lower)] : []), ...(p.upper !== null ? [vline(p.upper)] : [])];
  const layout: Partial<Layout> = {
    ...BASE_LAYOUT,
    margin: { l: 48, r: 8, t: 8, b: 40 },
    legend: { orientation: 'h', x: 0, y: 1.02, yanchor: 'bottom', font: { size: 11 } },
    xaxis: axis(p.name),
    yaxis: axis('τ (profile t)', { zeroline: true, zerolinecolor: COLORS.grid }),
    shapes,
    annotations: [{ xref: 'paper', x: 1, xanchor: 'right', y: p.cutoff, yanchor: 'bottom', text: `${level}%: τ = ±${p.cutoff.toPrecision(4)}`, showarrow: false, font: { size: 10, color: '#8a5a00' } }],
  };
  return { data, layout };
}
