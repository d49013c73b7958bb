/**
 * The shrinkage plot (issue 25): one row per group, the group's own fit (hollow marker with its
 * ± standard error bar) and the mixed model's estimate (filled), on one axis with the population
 * value (the fixed effect) as a vertical line, as Pinheiro & Bates compare lmList with lme
 * (2000, Fig. 4.11). Groups on the y axis keep long keys readable and the plot narrow on a phone.
 */
import type { Data, Layout } from 'plotly.js-dist-min';
import { plotlyLabel } from '../plot/groupFigure';
import { axis, BASE_LAYOUT } from '../plot/theme';
import type { Shrinkage } from './shrinkage';

const SEPARATE = '#8a94a3';
const MIXED = '#4e79a7';
const POPULATION = '#e15759';

export function shrinkageFigure(s: Shrinkage): { data: Data[]; layout: Partial<Layout> } {
  const labels = s.points.map((p) => plotlyLabel(p.key));
  // An infinite or unknown standard error (the data do not determine it) draws no bar.
  const bars = s.points.map((p) => (Number.isFinite(p.separateSe) ? p.separateSe : 0));
  const data: Data[] = [
    {
      type: 'scatter',
      mode: 'markers',
      x: s.points.map((p) => (Number.isFinite(p.separate) ? p.separate : null)),
      y: labels,
      name: 'each group on its own',
      marker: { color: SEPARATE, size: 9, symbol: 'circle-open', line: { width: 2 } },
      error_x: { type: 'data', array: bars, visible: true, color: SEPARATE, thickness: 1.2, width: 3 },
      hovertemplate: `%{y}: ${plotlyLabel(s.name)} = %{x} on its own<extra></extra>`,
    },
    {
      type: 'scatter',
      mode: 'markers',
      x: s.points.map((p) => p.mixed),
      y: labels,
      name: 'mixed model',
      marker: { color: MIXED, size: 9, symbol: 'circle' },
      hovertemplate: `%{y}: ${plotlyLabel(s.name)} = %{x} in the mixed model<extra></extra>`,
    },
  ];
  return {
    data,
    layout: {
      ...BASE_LAYOUT,
      margin: { l: 72, r: 16, t: 8, b: 44 },
      height: Math.max(220, 60 + 28 * s.points.length),
      xaxis: axis(s.name),
      yaxis: axis('', { type: 'category', autorange: 'reversed' }),
      shapes: [{ type: 'line', xref: 'x', yref: 'paper', x0: s.population, x1: s.population, y0: 0, y1: 1, line: { color: POPULATION, width: 1.5, dash: 'dash' } }],
      annotations: [{ xref: 'x', yref: 'paper', x: s.population, y: 1, yanchor: 'bottom', text: 'population', showarrow: false, font: { size: 11, color: POPULATION } }],
      legend: { orientation: 'h', x: 0, xanchor: 'left', y: 1.08, yanchor: 'bottom' },
    },
  };
}
