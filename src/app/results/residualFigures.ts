/** The page's residual plots (plotly): normal Q-Q of the standardized residuals with y = x, and their histogram against normal counts. */
import type { Data, Layout } from 'plotly.js-dist-min';
import type { ResidualPlots } from '../../stats/residualPlots';
import { axis, BASE_LAYOUT, COLORS } from '../plot/theme';

const MARGIN = { l: 48, r: 8, t: 8, b: 40 };

export function qqFigure(plots: ResidualPlots): { data: Data[]; layout: Partial<Layout> } {
  const { theoretical, sample, n } = plots.qq;
  const lo = Math.min(theoretical[0] ?? -2, sample[0] ?? -2);
  const hi = Math.max(theoretical.at(-1) ?? 2, sample.at(-1) ?? 2);
  return {
    data: [
      { type: 'scatter', mode: 'lines', x: [lo, hi], y: [lo, hi], name: 'normal', line: { color: COLORS.zero, width: 1.5, dash: 'dash' }, hoverinfo: 'skip' },
      {
        type: 'scatter',
        mode: 'markers',
        x: theoretical,
        y: sample,
        name: sample.length < n ? `residuals (${sample.length} of ${n})` : 'residuals',
        marker: { size: 5, color: COLORS.residual, opacity: 0.8 },
        hovertemplate: 'normal %{x:.3g}<br>residual %{y:.3g}<extra></extra>',
      },
    ],
    layout: { ...BASE_LAYOUT, showlegend: false, margin: MARGIN, xaxis: axis('normal quantile'), yaxis: axis('standardized residual') },
  };
}

/**
 * The bars as one filled outline: each bin goes up at its left edge, across, and back down to 0,
 * so the bins stand side by side with an edge between them. (A scatter, not plotly's bar trace:
 * the page's plotly bundle registers only scatter and heatmap, and a bar trace there is drawn as
 * a line through the bin tops.)
 */
export function histogramOutline(edges: readonly number[], counts: readonly number[]): { x: number[]; y: number[]; text: string[] } {
  const x: number[] = [];
  const y: number[] = [];
  const text: string[] = [];
  counts.forEach((c, i) => {
    const label = `${c} residual${c === 1 ? '' : 's'} in [${edges[i].toPrecision(3)}, ${edges[i + 1].toPrecision(3)})`;
    x.push(edges[i], edges[i], edges[i + 1], edges[i + 1]);
    y.push(0, c, c, 0);
    text.push(label, label, label, label);
  });
  return { x, y, text };
}

export function histogramFigure(plots: ResidualPlots): { data: Data[]; layout: Partial<Layout> } {
  const h = plots.histogram;
  const centres = h.edges.slice(0, -1).map((e, i) => (e + h.edges[i + 1]) / 2);
  const bars = histogramOutline(h.edges, h.counts);
  return {
    data: [
      { type: 'scatter', mode: 'lines', ...bars, name: 'residuals', fill: 'tozeroy', fillcolor: 'rgba(47, 95, 208, 0.45)', line: { color: COLORS.residual, width: 1 }, hovertemplate: '%{text}<extra></extra>' },
      { type: 'scatter', mode: 'lines', x: centres, y: h.expected, name: 'normal', line: { color: COLORS.curve, width: 2 }, hovertemplate: '%{y:.3g} expected<extra></extra>' },
    ],
    layout: { ...BASE_LAYOUT, showlegend: false, margin: MARGIN, xaxis: axis('standardized residual'), yaxis: axis('count', { rangemode: 'tozero' }) },
  };
}
