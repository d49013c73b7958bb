import { describe, expect, it } from 'vitest';
import { columnRange, GRID_POINTS, plotGrid, zoomedGrid } from './grid';

describe('plot grid', () => {
  it('spans the data range linearly or logarithmically', () => {
    const lin = plotGrid(0, 10, 11, false);
    expect(Array.from(lin)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const log = plotGrid(0.001, 100, 6, true);
    expect(log[0]).toBe(0.001);
    expect(log[5]).toBe(100);
    expect(log[1]).toBeCloseTo(0.01, 12);
  });

  it('ignores non-finite values and, for a log axis, non-positive ones', () => {
    const v = Float64Array.from([NaN, -2, 0, 3, Infinity, 7]);
    expect(columnRange(v, false)).toEqual({ min: -2, max: 7 });
    expect(columnRange(v, true)).toEqual({ min: 3, max: 7 });
  });

  it('puts a full grid across a zoomed view and a coarse one across the rest, in order', () => {
    const g = zoomedGrid(0, 100, [40, 41], false);
    const inside = Array.from(g).filter((v) => v >= 40 && v <= 41);
    expect(inside.length).toBeGreaterThanOrEqual(GRID_POINTS);
    expect(g[0]).toBe(0);
    expect(g[g.length - 1]).toBe(100);
    for (let i = 1; i < g.length; i++) expect(g[i]).toBeGreaterThan(g[i - 1]);
    // A view past the data is clipped to it; a view outside it, or none, is the plain grid.
    const clipped = zoomedGrid(0, 100, [90, 200], false);
    expect(clipped[clipped.length - 1]).toBe(100);
    expect(Array.from(zoomedGrid(0, 100, [200, 300], false))).toEqual(Array.from(plotGrid(0, 100, GRID_POINTS, false)));
    expect(Array.from(zoomedGrid(0, 100, null, false))).toEqual(Array.from(plotGrid(0, 100, GRID_POINTS, false)));
    const log = zoomedGrid(1e-3, 1e3, [1, 2], true);
    expect(Array.from(log).filter((v) => v >= 1 && v <= 2).length).toBeGreaterThanOrEqual(GRID_POINTS);
  });
});
