import { describe, expect, it } from 'vitest';
import type { Curve, Series } from '../../worker/api';
import { mainFigure } from './mainFigure';

const series = (n: number): Series => ({
  x: Float64Array.from({ length: n }, (_, i) => i + 1),
  y: Float64Array.from({ length: n }, (_, i) => 2 * i),
  sigma: null,
  lines: Int32Array.from({ length: n }, (_, i) => i + 2),
  decimated: false,
  viewAll: false,
  total: n,
});

const grid = Float64Array.from([1, 2, 3]);
const curve: Curve = {
  kind: 'grid',
  x: grid,
  y: Float64Array.from([0, 2, 4]),
  residuals: series(3),
  chi2: 1,
  nonFinite: 0,
  confidence: { lower: Float64Array.from([-1, 1, 3]), upper: Float64Array.from([1, 3, 5]) },
  prediction: null,
};

describe('mainFigure', () => {
  it('draws data, curve and residuals on a shared x axis, bands when given', () => {
    const f = mainFigure({ data: series(3), curve, confidence: curve.confidence, prediction: null, xLabel: 't', yLabel: 'y', logX: false, logY: false, revision: 'r', fitted: true });
    const names = f.data.map((t) => t.name);
    expect(names).toEqual(['95% confidence band', '95% confidence band', 'data', 'fit', 'residuals']);
    const residuals = f.data.at(-1);
    expect(residuals && 'yaxis' in residuals ? residuals.yaxis : null).toBe('y2');
    expect(f.layout.xaxis?.anchor).toBe('y2');
  });

  it('gives the data the whole height when there is no curve, so no blank residual band is left', () => {
    const f = mainFigure({ data: series(3), curve: null, confidence: null, prediction: null, xLabel: 't', yLabel: 'y', logX: false, logY: false, revision: 'r', fitted: false });
    expect(f.layout.yaxis?.domain).toEqual([0, 1]);
    expect(f.layout.xaxis?.anchor).toBe('y');
    expect(f.layout.yaxis2).toBeUndefined();
    const withCurve = mainFigure({ data: series(3), curve, confidence: null, prediction: null, xLabel: 't', yLabel: 'y', logX: false, logY: false, revision: 'r', fitted: false });
    expect(withCurve.layout.yaxis?.domain).toEqual([0.3, 1]);
    expect(withCurve.layout.yaxis2?.domain).toEqual([0, 0.22]);
  });

  it('labels decimated data and uses decade ticks on wide log axes', () => {
    const wide: Series = { ...series(3), x: Float64Array.from([0.001, 1, 100]), decimated: true };
    const f = mainFigure({ data: wide, curve: null, confidence: null, prediction: null, xLabel: 'dose', yLabel: 'r', logX: true, logY: false, revision: 'r', fitted: false });
    expect(f.data[0].name).toBe('data (min/max per pixel)');
    expect(f.layout.xaxis?.dtick).toBe(1);
  });

  it('draws excluded points as visible rings with their lines, after the data', () => {
    const excluded = { x: Float64Array.from([0.02]), y: Float64Array.from([76]), lines: Int32Array.from([2]), count: 1 };
    const f = mainFigure({ data: series(3), excluded, curve, confidence: null, prediction: null, xLabel: 't', yLabel: 'y', logX: false, logY: false, revision: 'r', fitted: true });
    const names = f.data.map((t) => t.name);
    expect(names).toEqual(['data', 'excluded (1)', 'fit', 'residuals']);
    const ring = f.data[1] as { x: number[]; y: number[]; customdata: number[]; marker: { symbol: string; color: string } };
    expect(ring).toMatchObject({ x: [0.02], y: [76], customdata: [2] });
    expect(ring.marker.symbol).toBe('circle-open');
    // An open symbol is drawn in marker.color: a transparent one would draw nothing.
    expect(ring.marker.color).not.toMatch(/rgba\([^)]*,\s*0\)/);
    const none = mainFigure({ data: series(3), excluded: { ...excluded, x: new Float64Array(0), y: new Float64Array(0), lines: new Int32Array(0), count: 0 }, curve: null, confidence: null, prediction: null, xLabel: 't', yLabel: 'y', logX: false, logY: false, revision: 'r', fitted: false });
    expect(none.data.map((t) => t.name)).toEqual(['data']);
  });

  it('draws a decimated series with a density as a heatmap of its counts (empty cells blank) under the curve, points outside it as markers', () => {
    // Points at x = 1..5; the density covers x ∈ [1, 3] in 2 × 2 cells.
    const density = { xEdges: Float64Array.from([1, 2, 3]), yEdges: Float64Array.from([0, 4, 8]), counts: Uint32Array.from([3, 0, 1, 7]), max: 7, points: 11 };
    const data: Series = { ...series(5), decimated: true, density };
    const f = mainFigure({ data, curve, confidence: null, prediction: null, xLabel: 't', yLabel: 'y', logX: false, logY: false, revision: 'r', fitted: true });
    expect(f.data.map((t) => t.name)).toEqual(['data (points per cell)', 'data (min/max per pixel)', 'fit', 'residuals']);
    const heat = f.data[0] as { type: string; z: (number | null)[][]; x: number[]; y: number[]; zmax: number; colorscale: [number, string][] };
    expect(heat.type).toBe('heatmap');
    expect(heat.z).toEqual([[3, null], [1, 7]]);
    expect(heat.x).toEqual([1, 2, 3]);
    expect(heat.zmax).toBe(7);
    expect(heat.colorscale[0][0]).toBe(0);
    expect(heat.colorscale.at(-1)?.[0]).toBe(1);
    expect((f.data[1] as { x: number[] }).x).toEqual([4, 5]);
    // A damaged density (from an old or broken session) is left out, the points drawn as before.
    const broken = mainFigure({ data: { ...data, density: { ...density, counts: new Uint32Array(3) } }, curve: null, confidence: null, prediction: null, xLabel: 't', yLabel: 'y', logX: false, logY: false, revision: 'r', fitted: false });
    expect(broken.data.map((t) => t.name)).toEqual(['data (min/max per pixel)']);
    expect((broken.data[0] as { x: number[] }).x).toHaveLength(5);
  });
});
