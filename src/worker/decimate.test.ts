import { describe, expect, it } from 'vitest';
import { decimateMinMax, DRAW_ALL_MAX, gather } from './decimate';

describe('decimateMinMax', () => {
  it('keeps every finite point of small data', () => {
    const x = Float64Array.from([0, 1, 2, NaN, 4]);
    const y = Float64Array.from([1, Infinity, 3, 4, 5]);
    const { index, decimated } = decimateMinMax(x, y, 100);
    expect(decimated).toBe(false);
    expect(Array.from(index)).toEqual([0, 2, 4]);
  });

  it('keeps the extremes of each pixel column of a million points', () => {
    const n = 1_000_000;
    const x = new Float64Array(n);
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      x[i] = i / n;
      y[i] = Math.sin(i / 1000);
    }
    y[123_456] = 50; // a spike
    y[654_321] = -50;
    const { index, decimated } = decimateMinMax(x, y, 1000);
    expect(decimated).toBe(true);
    expect(index.length).toBeLessThanOrEqual(2000);
    const kept = gather(y, index);
    expect(Math.max(...kept)).toBe(50);
    expect(Math.min(...kept)).toBe(-50);
    // Bucket order: x never goes backwards by more than one bucket.
    const xs = gather(x, index);
    for (let i = 1; i < xs.length; i++) expect(xs[i]).toBeGreaterThan(xs[i - 1] - 1 / 1000);
  });

  it('works on unsorted x and skips non-positive x on a log axis', () => {
    const n = DRAW_ALL_MAX + 10;
    const x = Float64Array.from({ length: n }, (_, i) => ((i * 7919) % n) - 5);
    const y = Float64Array.from({ length: n }, (_, i) => i);
    const { index } = decimateMinMax(x, y, 50, true);
    for (const i of index) expect(x[i]).toBeGreaterThan(0);
    expect(index.length).toBeLessThanOrEqual(100);
  });
});
