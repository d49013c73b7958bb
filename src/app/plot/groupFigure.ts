/**
 * The per-group overlay (issue 9): each group's data as markers and its fitted curve as a line, in
 * one colour per group. Ten colours (Tableau 10, distinguishable for most colour-vision types);
 * groups 11–20 reuse them with hollow markers and dashed curves, so no two groups look alike.
 */
import type { Data, Layout } from 'plotly.js-dist-min';
import type { GroupOverlay } from '../../worker/api';
import { visibleValue } from '../../data/visibleText';
import { axis, BASE_LAYOUT } from './theme';

/**
 * A group key as plotly shows it: plotly reads names and hover templates as its own markup
 * (tags, entities, %{…} placeholders), so `<b>`, `&` and `%{x}` in a key are escaped, and
 * invisible characters (U+202E reversed the legend) written as \uXXXX.
 */
export function plotlyLabel(key: string): string {
  return visibleValue(key).replace(/[&<>%]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '%': '&#37;' })[c] as string);
}

export const GROUP_COLORS = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];

export function groupFigure(overlay: readonly GroupOverlay[], xLabel: string, yLabel: string, logX: boolean, logY: boolean): { data: Data[]; layout: Partial<Layout> } {
  const data: Data[] = [];
  overlay.forEach((g, i) => {
    // Legend groups by position, not by key: plotly keeps them in plain objects, where a group
    // named __proto__ or constructor broke the legend (console errors).
    const group = `group-${i}`;
    const label = plotlyLabel(g.key);
    const color = GROUP_COLORS[i % GROUP_COLORS.length];
    const second = i >= GROUP_COLORS.length;
    data.push({
      type: 'scatter',
      mode: 'markers',
      x: Array.from(g.x),
      y: Array.from(g.y),
      name: label,
      legendgroup: group,
      marker: { color, size: 7, symbol: second ? 'circle-open' : 'circle' },
      hovertemplate: `${label}<br>%{x}, %{y}<extra></extra>`,
    });
    if (g.curve) {
      data.push({
        type: 'scatter',
        mode: 'lines',
        x: Array.from(g.curve.x),
        y: Array.from(g.curve.y),
        name: `${label} fit`,
        legendgroup: group,
        showlegend: false,
        line: { color, width: 2, dash: second ? 'dash' : 'solid' },
        hoverinfo: 'skip',
      });
    }
  });
  return {
    data,
    layout: {
      ...BASE_LAYOUT,
      margin: { l: 56, r: 16, t: 8, b: 44 },
      xaxis: axis(xLabel, { type: logX ? 'log' : 'linear' }),
      // The plot toolbar's Log y as the main plot has it (it followed Log x only).
      yaxis: axis(yLabel, { type: logY ? 'log' : 'linear' }),
      // Above the plot area, anchored by its bottom edge: the plot grows the top margin to fit it.
      // Below the plot (y: −0.2 of the plot's height) it sat on the x-axis title wherever the plot
      // was short, as on a phone (390 px).
      legend: { orientation: 'h', x: 0, xanchor: 'left', y: 1.02, yanchor: 'bottom' },
    },
  };
}
