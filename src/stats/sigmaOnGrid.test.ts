import { describe, expect, it } from 'vitest';
import { sigmaSquaredOnGrid } from './sigmaOnGrid';

describe('sigmaSquaredOnGrid', () => {
  it('follows σ(x) of the data, not its mean', () => {
    // Counting noise: σ = √y with y = 1000·exp(−x/3), x unsorted.
    const n = 4000;
    const x = Float64Array.from({ length: n }, (_, i) => ((i * 7919) % n) * (20 / n));
    const sigma = x.map((v) => Math.sqrt(1000 * Math.exp(-v / 3)));
    const grid = Float64Array.from({ length: 201 }, (_, i) => i / 10);
    const s2 = sigmaSquaredOnGrid(x, sigma, grid);
    for (let k = 0; k < grid.length; k++) {
      // Each cell averages rows within ±0.05 of the grid point: exact to that spread of x.
      expect(Math.abs(s2[k] - 1000 * Math.exp(-grid[k] / 3)) / (1000 * Math.exp(-grid[k] / 3)), `x=${grid[k]}`).toBeLessThan(0.02);
    }
  });

  it('interpolates across cells without data and holds the end values beyond them', () => {
    const x = Float64Array.of(1, 1, 3, NaN, 5);
    const sigma = Float64Array.of(1, 3, 2, 100, Infinity);
    const grid = Float64Array.of(0, 1, 2, 3, 4, 5);
    // Cell 1: mean of 1² and 3² = 5; cell 3: 4; the row at 5 has σ = ∞ and the NaN row is skipped.
    expect(Array.from(sigmaSquaredOnGrid(x, sigma, grid))).toEqual([5, 5, 4.5, 4, 4, 4]);
    expect(Array.from(sigmaSquaredOnGrid(Float64Array.of(NaN), Float64Array.of(1), grid)).every(Number.isNaN)).toBe(true);
    expect(sigmaSquaredOnGrid(x, sigma, new Float64Array(0))).toHaveLength(0);
  });
});
