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

export function histogramFigure(plots: ResidualPlots): { data: Data[]; layout: Partial<Layout> } {
  const h = plots.histogram;
  const centres = h.edges.slice(0, -1).map((e, i) => (e + h.edges[i + 1]) / 2);
  const widths = h.edges.slice(0, -1).map((e, i) => h.edges[i + 1] - e);
  return {
    data: [
      { type: 'bar', x: centres, y: h.counts, width: widths, name: 'residuals', marker: { color: 'rgba(47, 95, 208, 0.45)', line: { color: COLORS.residual, width: 1 } }, hovertemplate: '%{y} residuals near %{x:.3g}<extra></extra>' },
      { type: 'scatter', mode: 'lines', x: centres, y: h.expected, name: 'normal', line: { color: COLORS.curve, width: 2 }, hovertemplate: '%{y:.3g} expected<extra></extra>' },
    ],
    layout: { ...BASE_LAYOUT, showlegend: false, bargap: 0, margin: MARGIN, xaxis: axis('standardized residual'), yaxis: axis('count', { rangemode: 'tozero' }) },
  };
}
