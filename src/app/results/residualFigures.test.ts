/**
 * The residual figures draw with what the page's plotly bundle has: every trace type is one that
 * scripts/plotly registers (a bar trace, which it does not, was drawn as a line through the bin
 * tops), and the histogram's outline stands each bin's count over exactly its bin.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { residualPlots } from '../../stats/residualPlots';
import { histogramFigure, histogramOutline, qqFigure } from './residualFigures';

/** Trace types the page's bundle registers: scatter and heatmap in core.cjs, scattergl in gl.cjs. */
function registeredTraces(): Set<string> {
  const dir = join(import.meta.dirname, '..', '..', '..', 'scripts', 'plotly');
  const text = ['core.cjs', 'gl.cjs'].map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');
  const names = [...text.matchAll(/require\('plotly\.js\/(?:src\/traces|lib)\/(\w+)/g)].map((m) => m[1]).filter((n) => n !== 'core');
  return new Set(names);
}

const y = Float64Array.from({ length: 40 }, (_, i) => Math.sin(i * 1.7) * 3 + (i % 5));
const plots = residualPlots({ y, f: new Float64Array(40), w: null, scale: 1.5 });

describe('residual figures', () => {
  it('use only trace types the page registers', () => {
    const registered = registeredTraces();
    expect([...registered].sort()).toEqual(['heatmap', 'scatter', 'scattergl']);
    for (const figure of [qqFigure(plots), histogramFigure(plots)]) for (const trace of figure.data) expect(registered.has(trace.type as string), trace.type).toBe(true);
  });

  it('outline each bin at its count between its edges, on the zero line between bins', () => {
    const { edges, counts } = plots.histogram;
    expect(counts.reduce((a, b) => a + b, 0)).toBe(40);
    const { x, y: top } = histogramOutline(edges, counts);
    expect(x).toHaveLength(4 * counts.length);
    // The area under the outline (trapezoids) is Σ count·width: each bin a rectangle of its own.
    let area = 0;
    for (let i = 1; i < x.length; i++) area += ((x[i] - x[i - 1]) * (top[i] + top[i - 1])) / 2;
    const expected = counts.reduce((a, c, i) => a + c * (edges[i + 1] - edges[i]), 0);
    expect(area).toBeCloseTo(expected, 12);
    counts.forEach((c, i) => {
      expect(x.slice(4 * i, 4 * i + 4)).toEqual([edges[i], edges[i], edges[i + 1], edges[i + 1]]);
      expect(top.slice(4 * i, 4 * i + 4)).toEqual([0, c, c, 0]);
    });
  });
});
