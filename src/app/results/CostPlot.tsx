/** Cost per iteration of the finished fit (log scale when every cost is positive). */
import { useMemo } from 'react';
import type { Data, Layout } from 'plotly.js-dist-min';
import type { FitResult } from '../../fit/types';
import { PlotlyChart } from '../plot/PlotlyChart';
import { axis, BASE_LAYOUT, COLORS } from '../plot/theme';

const PHASE_COLORS = [COLORS.residual, COLORS.curve, '#0b6b76'];

/**
 * One line per phase (the main fit, then a float64 polish), named by role and backend. The first
 * phase starts at iteration 0 with the cost at the start values (the first record's cost plus
 * its actual reduction), so the first step's drop shows too, as scipy's verbose output has it.
 */
export function costFigure(history: FitResult['history'], phases: FitResult['phases']): { data: Data[]; layout: Partial<Layout> } {
  const first = history[0];
  const startCost = first ? first.cost + first.actualReduction : NaN;
  const positive = history.length > 0 && history.every((h) => h.cost > 0) && startCost > 0;
  const indices = [...new Set(history.map((h) => h.phase))];
  let offset = 0;
  const data: Data[] = indices.map((phase, k) => {
    const rows = history.filter((h) => h.phase === phase);
    const info = phases[phase];
    const x = rows.map((_, i) => offset + i + 1);
    const y = rows.map((h) => h.cost);
    if (k === 0 && Number.isFinite(startCost)) {
      x.unshift(0);
      y.unshift(startCost);
    }
    offset += rows.length;
    const color = PHASE_COLORS[k % PHASE_COLORS.length];
    return {
      type: 'scatter',
      mode: history.length > 60 ? 'lines' : 'lines+markers',
      x,
      y,
      line: { color, width: 1.75 },
      marker: { size: 5, color },
      name: info ? `${info.role} (${info.backend.toUpperCase()})` : `phase ${phase + 1}`,
      hovertemplate: 'iteration %{x}<br>cost %{y:.6g}<extra>%{fullData.name}</extra>',
    };
  });
  const layout: Partial<Layout> = {
    ...BASE_LAYOUT,
    showlegend: indices.length > 1,
    legend: { orientation: 'h', x: 1, xanchor: 'right', y: 1.02, yanchor: 'bottom', font: { size: 11 } },
    margin: { l: 56, r: 8, t: indices.length > 1 ? 24 : 6, b: 36 },
    xaxis: axis('iteration', { rangemode: 'tozero', dtick: history.length <= 12 ? 1 : undefined }),
    yaxis: axis('cost', { type: positive ? 'log' : 'linear' }),
  };
  return { data, layout };
}

export function CostPlot({ history, phases }: { readonly history: FitResult['history']; readonly phases: FitResult['phases'] }) {
  const figure = useMemo(() => costFigure(history, phases), [history, phases]);
  return <PlotlyChart data={figure.data} layout={figure.layout} className="cost-plot" testId="cost-plot" label="Cost per iteration" />;
}
