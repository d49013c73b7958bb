/**
 * The report's figures as SVG (svgChart.ts): the data with the fitted curve (or y against the fit
 * when the model has several variables; ± σ error bars in x and y for errors in both variables), standardized residuals, the normal Q-Q plot with the
 * line y = x, the histogram against the normal counts, and one profile plot per profiled parameter.
 */
import type { ProfilePlotData } from '../../stats/profilePlot';
import type { ReportData } from './reportData';
import { svgChart } from './svgChart';

const DATA = '#3b6ea5';
const CURVE = '#c4452d';
const GREY = '#6b7480';

export function fitFigure(d: ReportData): string {
  if (d.curve && d.points.x) {
    return svgChart({
      title: `Data and fitted curve${d.thinned ? ` (${d.points.y.length.toLocaleString('en-US')} of ${d.rows.toLocaleString('en-US')} rows drawn)` : ''}`,
      xLabel: d.xName ?? 'x',
      yLabel: d.yName,
      series: [
        ...(d.errors ? [{ kind: 'errorbars' as const, x: d.points.x, y: d.points.y, dx: d.errors.dx, dy: d.errors.dy, color: DATA }] : []),
        { kind: 'markers', x: d.points.x, y: d.points.y, color: DATA, label: 'data' },
        { kind: 'line', x: d.curve.x, y: d.curve.y, color: CURVE, label: 'fit' },
      ],
    });
  }
  const lo = Math.min(...d.points.fitted.filter(Number.isFinite));
  const hi = Math.max(...d.points.fitted.filter(Number.isFinite));
  return svgChart({
    title: 'Observed against fitted',
    xLabel: `fitted ${d.yName}`,
    yLabel: d.yName,
    series: [
      { kind: 'markers', x: d.points.fitted, y: d.points.y, color: DATA, label: 'data' },
      { kind: 'line', x: [lo, hi], y: [lo, hi], color: CURVE, dash: true, label: 'y = fit' },
    ],
  });
}

export function residualFigure(d: ReportData): string {
  const x = d.points.x ?? d.points.fitted;
  return svgChart({
    title: 'Standardized residuals',
    xLabel: d.points.x ? (d.xName ?? 'x') : `fitted ${d.yName}`,
    yLabel: 'residual / s',
    series: [{ kind: 'markers', x, y: d.points.residual, color: DATA }],
    lines: [{ axis: 'y', at: 0, color: GREY }],
    height: 240,
  });
}

export function qqFigure(d: ReportData): string {
  const { theoretical, sample } = d.residualPlots.qq;
  const ends = [Math.min(theoretical[0] ?? -2, sample[0] ?? -2), Math.max(theoretical.at(-1) ?? 2, sample.at(-1) ?? 2)];
  return svgChart({
    title: 'Normal Q-Q plot of standardized residuals',
    xLabel: 'normal quantile',
    yLabel: 'standardized residual',
    series: [
      { kind: 'line', x: ends, y: ends, color: GREY, dash: true },
      { kind: 'markers', x: theoretical, y: sample, color: DATA },
    ],
    width: 380,
    height: 320,
  });
}

export function histogramFigure(d: ReportData): string {
  const h = d.residualPlots.histogram;
  const centres = h.edges.slice(0, -1).map((e, i) => (e + h.edges[i + 1]) / 2);
  return svgChart({
    title: 'Histogram of standardized residuals',
    xLabel: 'standardized residual',
    yLabel: 'count',
    series: [
      { kind: 'bars', edges: h.edges, heights: h.counts, color: DATA, label: 'residuals' },
      { kind: 'line', x: centres, y: h.expected, color: CURVE, label: 'normal' },
    ],
    yFromZero: true,
    width: 380,
    height: 320,
  });
}

export function profileFigure(p: ProfilePlotData, level: number): string {
  const series = [
    ...(p.wald ? [{ kind: 'line' as const, x: p.wald.value, y: p.wald.tau, color: GREY, dash: true, label: 'linear (Wald)' }] : []),
    { kind: 'line' as const, x: p.value, y: p.tau, color: CURVE, label: 'profile τ' },
    { kind: 'markers' as const, x: p.value, y: p.tau, color: CURVE },
  ];
  return svgChart({
    title: `Profile of ${p.name}`,
    xLabel: p.name,
    yLabel: 'τ (profile t)',
    series,
    lines: [
      { axis: 'y', at: p.cutoff, label: `${level}%` },
      { axis: 'y', at: -p.cutoff },
      ...(p.lower !== null ? [{ axis: 'x' as const, at: p.lower }] : []),
      ...(p.upper !== null ? [{ axis: 'x' as const, at: p.upper }] : []),
    ],
    width: 380,
    height: 280,
  });
}
