import { describe, expect, it } from 'vitest';
import { histogramBins } from './histogram';

describe('histogramBins', () => {
  it('counts every finite value once, in Rice-rule bins over the range', () => {
    // 1000 values 0..999: k = ⌈2·1000^{1/3}⌉ = 20 bins of width 999/20, 50 values each (the top in the last).
    const values = Array.from({ length: 1000 }, (_, i) => i);
    const { edges, counts } = histogramBins([...values, NaN, Infinity]);
    expect(counts.length).toBe(20);
    expect(edges[0]).toBe(0);
    expect(edges[20]).toBe(999);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1000);
    // Bin i holds the integers v with floor(v / 49.95) = i.
    const expected = counts.map((_, i) => values.filter((v) => Math.min(19, Math.floor(v / 49.95)) === i).length);
    expect(counts).toEqual(expected);
  });

  it('draws equal values as one bin, and nothing for no finite value', () => {
    expect(histogramBins([2, 2, 2]).counts).toEqual([3]);
    expect(histogramBins([NaN])).toEqual({ edges: [], counts: [] });
    // Few values: at least 8 bins.
    expect(histogramBins([0, 1, 2]).counts.length).toBe(8);
  });
});
