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
 * A phase that keeps no per-iteration records (the Gauss–Newton refinement) still counts its
 * iterations, so the axis ends where the header's count does: it is drawn dashed from the last
 * record to the fit's final `cost` after its `nit` steps, with no made-up points between.
 */
export function costFigure(history: FitResult['history'], phases: FitResult['phases'], cost?: number): { data: Data[]; layout: Partial<Layout> } {
  const first = history[0];
  const startCost = first ? first.cost + first.actualReduction : NaN;
  const unrecorded = (k: number) => !history.some((h) => h.phase === k) && (phases[k]?.nit ?? 0) > 0;
  const indices = [...new Set([...history.map((h) => h.phase), ...phases.map((_, k) => k).filter((k) => history.length > 0 && unrecorded(k))])].sort((a, b) => a - b);
  const positive = history.length > 0 && history.every((h) => h.cost > 0) && startCost > 0 && !(cost !== undefined && cost <= 0);
  let offset = 0;
  let last: { x: number; y: number } | null = null;
  const data: Data[] = [];
  indices.forEach((phase, k) => {
    const info = phases[phase];
    const color = PHASE_COLORS[k % PHASE_COLORS.length];
    const name = info ? `${info.role} (${info.backend.toUpperCase()})` : `phase ${phase + 1}`;
    if (unrecorded(phase)) {
      if (!last || cost === undefined || !Number.isFinite(cost)) return;
      const end = offset + (info?.nit ?? 0);
      data.push({ type: 'scatter', mode: 'lines+markers', x: [last.x, end], y: [last.y, cost], line: { color, width: 1.75, dash: 'dash' }, marker: { size: [0, 6], color }, name: `${name}: ${info?.nit} steps, final cost`, hovertemplate: 'iteration %{x}<br>cost %{y:.6g}<extra>%{fullData.name}</extra>' });
      offset = end;
      last = { x: end, y: cost };
      return;
    }
    const rows = history.filter((h) => h.phase === phase);
    const x = rows.map((_, i) => offset + i + 1);
    const y = rows.map((h) => h.cost);
    if (k === 0 && Number.isFinite(startCost)) {
      x.unshift(0);
      y.unshift(startCost);
    }
    offset += rows.length;
    if (x.length > 0) last = { x: x[x.length - 1], y: y[y.length - 1] };
    data.push({
      type: 'scatter',
      mode: history.length > 60 ? 'lines' : 'lines+markers',
      x,
      y,
      line: { color, width: 1.75 },
      marker: { size: 5, color },
      name,
      hovertemplate: 'iteration %{x}<br>cost %{y:.6g}<extra>%{fullData.name}</extra>',
    });
  });
  const layout: Partial<Layout> = {
    ...BASE_LAYOUT,
    showlegend: data.length > 1,
    // Left-aligned: the modebar appears at the top right on hover and would cover it there.
    legend: { orientation: 'h', x: 0, xanchor: 'left', y: 1.02, yanchor: 'bottom', font: { size: 11 } },
    margin: { l: 56, r: 8, t: data.length > 1 ? 24 : 6, b: 36 },
    xaxis: axis('iteration', { rangemode: 'tozero', dtick: offset <= 12 ? 1 : undefined }),
    yaxis: axis('cost', { type: positive ? 'log' : 'linear', ...flatRange(data, positive) }),
  };
  return { data, layout };
}

/**
 * A history whose costs are all but equal (a refit from converged values) autoranges to a span
 * of a few ulps, where plotly finds no tick and writes Infinity into the axis title's position:
 * such an axis gets a decade (log) or ±1% (linear) around the cost instead.
 */
function flatRange(data: Data[], log: boolean): { range?: [number, number]; autorange?: false } {
  const ys = data.flatMap((t) => ('y' in t && Array.isArray(t.y) ? (t.y as unknown[]) : [])).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (ys.length === 0) return {};
  const lo = Math.min(...ys);
  const hi = Math.max(...ys);
  if (hi - lo > 1e-9 * Math.max(Math.abs(hi), Math.abs(lo))) return {};
  if (log) return { range: [Math.log10(lo) - 0.5, Math.log10(hi) + 0.5], autorange: false };
  const pad = Math.abs(hi) * 0.01 || 1;
  return { range: [lo - pad, hi + pad], autorange: false };
}

export function CostPlot({ history, phases, cost }: { readonly history: FitResult['history']; readonly phases: FitResult['phases']; readonly cost?: number }) {
  const figure = useMemo(() => costFigure(history, phases, cost), [history, phases, cost]);
  return <PlotlyChart data={figure.data} layout={figure.layout} className="cost-plot" testId="cost-plot" label="Cost per iteration" />;
}
