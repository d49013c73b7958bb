/** The ODE figure (issue 23): per observed column its points, its curve and its residuals in one colour, the legend by column name. */
import { describe, expect, it } from 'vitest';
import type { Curve } from '../../worker/api';
import { GROUP_COLORS } from './groupFigure';
import { mainFigure } from './mainFigure';

const f64 = (...v: number[]) => Float64Array.from(v);
const series = (column: string, y: number) => ({ column, t: f64(0, 1), y: f64(y, y + 1), lines: Int32Array.of(2, 3), curve: f64(y, y + 0.5, y + 1), residuals: f64(0, 0.1) });
const curve: Curve = {
  kind: 'grid', x: f64(0, 0.5, 1), y: f64(1, 1.5, 2),
  residuals: { x: f64(0, 1, 0, 1), y: f64(0, 0.1, 0, 0.1), sigma: null, lines: Int32Array.of(2, 3, 2, 3), decimated: false, viewAll: true, total: 4 },
  chi2: 0.02, nonFinite: 0, confidence: null, prediction: null,
  ode: { time: 't', grid: f64(0, 0.5, 1), series: [series('Hare', 30), series('Lynx', 4)], failure: null },
};

describe('odeFigure', () => {
  it('draws each observed column with its fitted curve and residuals, one colour each', () => {
    const fig = mainFigure({ data: null, curve, confidence: null, prediction: null, xLabel: 't', yLabel: 'Lynx', logX: false, logY: false, revision: 'r', fitted: true });
    const traces = fig.data as { name: string; mode: string; yaxis: string; x: number[]; y: number[]; marker?: { color: string }; line?: { color: string } }[];
    expect(traces.map((t) => t.name)).toEqual(['Hare', 'Hare (fit)', 'Hare residuals', 'Lynx', 'Lynx (fit)', 'Lynx residuals']);
    expect(traces.map((t) => t.marker?.color ?? t.line?.color)).toEqual([0, 0, 0, 1, 1, 1].map((i) => GROUP_COLORS[i]));
    expect(traces[4].x).toEqual([0, 0.5, 1]);
    expect(traces[4].y).toEqual([4, 4.5, 5]);
    expect(traces[5].yaxis).toBe('y2');
    expect((fig.layout.xaxis as { title: { text: string } }).title.text).toBe('t');
  });
});
