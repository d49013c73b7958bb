/**
 * A histogram of a parameter's bootstrap values as plotly data (the partial build has no
 * histogram trace: a stepped, filled scatter draws the bars), with the bootstrap interval shown and
 * the fitted value marked. Bins by the Rice rule, k = ⌈2·n^{1/3}⌉ (Terrell & Scott, JASA 1985),
 * between 8 and 60, over the finite values' range.
 */
import type { Data, Layout } from 'plotly.js-dist-min';
import { axis, BASE_LAYOUT, COLORS } from '../plot/theme';

export interface Bins {
  /** k + 1 edges, ascending. */
  readonly edges: number[];
  readonly counts: number[];
}

export function histogramBins(values: ArrayLike<number>): Bins {
  const finite = Array.from(values).filter(Number.isFinite);
  if (finite.length === 0) return { edges: [], counts: [] };
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of finite) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  // All equal: one bin around the value, so that it is drawn.
  if (!(hi > lo)) {
    const half = Math.abs(lo) * 1e-6 || 1e-6;
    return { edges: [lo - half, lo + half], counts: [finite.length] };
  }
  const k = Math.min(60, Math.max(8, Math.ceil(2 * Math.cbrt(finite.length))));
  const width = (hi - lo) / k;
  const edges = Array.from({ length: k + 1 }, (_, i) => (i === k ? hi : lo + i * width));
  const counts = new Array<number>(k).fill(0);
  // The top value belongs to the last bin (bins are [a, b) but the last is [a, b]).
  for (const v of finite) counts[Math.min(k - 1, Math.floor((v - lo) / width))]++;
  return { edges, counts };
}

/** One parameter's histogram, its bootstrap interval (dashed: the one the table shows) and the fitted value (solid). */
export function histogramFigure(name: string, values: ArrayLike<number>, interval: readonly [number, number] | undefined, fitted: number): { data: Data[]; layout: Partial<Layout> } {
  const { edges, counts } = histogramBins(values);
  // The step outline: from 0 at the first edge, up each bar, down to 0 after the last.
  const x = [edges[0], ...edges.flatMap((e, i) => (i < counts.length ? [e] : [])), edges[edges.length - 1], edges[edges.length - 1]];
  const y = [0, ...counts, counts[counts.length - 1] ?? 0, 0];
  const top = Math.max(1, ...counts);
  const vertical = (at: number, label: string, dash: 'dash' | 'solid'): Data => ({ type: 'scatter', mode: 'lines', x: [at, at], y: [0, top * 1.05], name: label, line: { color: COLORS.curve, width: 1.5, dash }, hovertemplate: `${label} %{x:.6g}<extra></extra>`, showlegend: false });
  const data: Data[] = [
    { type: 'scatter', mode: 'lines', x, y, line: { shape: 'hv', color: COLORS.residual, width: 1 }, fill: 'tozeroy', fillcolor: 'rgba(47, 95, 208, 0.25)', name, hovertemplate: `${name} from %{x:.6g}: %{y} resamples<extra></extra>`, showlegend: false },
  ];
  if (interval && Number.isFinite(interval[0]) && Number.isFinite(interval[1])) data.push(vertical(interval[0], 'lower', 'dash'), vertical(interval[1], 'upper', 'dash'));
  if (Number.isFinite(fitted)) data.push(vertical(fitted, 'fitted', 'solid'));
  return {
    data,
    layout: { ...BASE_LAYOUT, showlegend: false, margin: { l: 40, r: 8, t: 6, b: 36 }, xaxis: axis(name), yaxis: axis('resamples', { rangemode: 'tozero' }), height: 170 },
  };
}
