/** Cost per iteration (log scale), coloured by phase; live while the fit runs. */
import { useMemo } from 'react';
import type { Datum } from 'plotly.js-dist-min';
import type { FitResult } from '../../fit/types';
import { PlotlyChart } from '../plot/PlotlyChart';
import { axis, BASE_LAYOUT, COLORS } from '../plot/theme';

export function costFigure(history: FitResult['history'] | null, live: readonly number[]): { data: Datum[]; layout: Datum } {
  const costs = history ? history.map((h) => h.cost) : [...live];
  const positive = costs.every((c) => c > 0);
  const data: Datum[] = [
    {
      type: 'scatter',
      mode: costs.length > 60 ? 'lines' : 'lines+markers',
      x: costs.map((_, i) => i + 1),
      y: costs,
      line: { color: COLORS.residual, width: 1.75 },
      marker: { size: 5, color: COLORS.residual },
      hovertemplate: 'iteration %{x}<br>cost %{y:.6g}<extra></extra>',
      name: 'cost',
    },
  ];
  const layout: Datum = {
    ...BASE_LAYOUT,
    showlegend: false,
    margin: { l: 56, r: 8, t: 6, b: 36 },
    xaxis: axis('iteration', { rangemode: 'tozero', dtick: costs.length <= 12 ? 1 : undefined }),
    yaxis: axis('cost ½Σρ', { type: positive && costs.length > 0 ? 'log' : 'linear' }),
  };
  return { data, layout };
}

export function CostPlot({ history, live }: { readonly history: FitResult['history'] | null; readonly live: readonly number[] }) {
  const figure = useMemo(() => costFigure(history, live), [history, live]);
  return <PlotlyChart data={figure.data} layout={figure.layout} className="cost-plot" testId="cost-plot" label="Cost per iteration" />;
}
