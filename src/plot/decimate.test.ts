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

  it('draws a zoomed view at full resolution and the rest coarsely, in x order', () => {
    const n = 1_000_000;
    const x = Float64Array.from({ length: n }, (_, i) => i / n);
    const y = Float64Array.from({ length: n }, (_, i) => Math.sin(i / 50));
    y[500_123] = 9; // a spike inside the view
    y[10] = -9; // and one outside it
    const full = decimateMinMax(x, y, 1000);
    const zoomed = decimateMinMax(x, y, 1000, false, [0.5, 0.501]);
    // The view holds 1000 rows: all of them are drawn, where the unzoomed plot had 2 per column.
    const inView = (index: Int32Array) => Array.from(index).filter((i) => x[i] >= 0.5 && x[i] <= 0.501);
    expect(inView(full.index).length).toBeLessThanOrEqual(4);
    expect(inView(zoomed.index)).toHaveLength(1001);
    expect(zoomed.decimated).toBe(true);
    expect(zoomed.viewAll).toBe(true);
    expect(full.viewAll).toBe(false);
    // Outside: a quarter of the columns, each spike still there.
    expect(zoomed.index.length - 1001).toBeLessThanOrEqual(2 * 250);
    expect(Math.max(...gather(y, zoomed.index))).toBe(9);
    expect(Math.min(...gather(y, zoomed.index))).toBe(-9);
    const xs = gather(x, zoomed.index);
    for (let i = 1; i < xs.length; i++) expect(xs[i]).toBeGreaterThanOrEqual(xs[i - 1]);
    // A wider view is decimated by the view's columns: at most 2 per column inside.
    const wide = decimateMinMax(x, y, 1000, false, [0.2, 0.6]);
    expect(wide.viewAll).toBe(false);
    expect(inView(wide.index).length).toBeLessThanOrEqual(2 * Math.ceil(1000 * 0.001 / 0.4) + 2);
    expect(Array.from(wide.index).filter((i) => x[i] >= 0.2 && x[i] <= 0.6).length).toBeGreaterThan(1500);
    // An unusable view (empty, reversed, non-positive on log x) is the unzoomed drawing.
    expect(Array.from(decimateMinMax(x, y, 1000, false, [0.6, 0.2]).index)).toEqual(Array.from(full.index));
    expect(decimateMinMax(x, y, 1000, true, [-1, 0.5]).index.length).toBe(decimateMinMax(x, y, 1000, true).index.length);
  });
});
