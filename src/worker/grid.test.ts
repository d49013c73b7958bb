import { describe, expect, it } from 'vitest';
import { columnRange, plotGrid } from './grid';

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
});
