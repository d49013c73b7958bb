import { describe, expect, it } from 'vitest';
import { MIN_ROWS, profileAt, sigmaProfile } from './sigmaOnGrid';

describe('σ²(x) for the prediction band', () => {
  it('follows σ(x) of the data, not its mean', () => {
    // Counting noise: σ = √y with y = 1000·exp(−x/3), x unsorted.
    const n = 4000;
    const x = Float64Array.from({ length: n }, (_, i) => ((i * 7919) % n) * (20 / n));
    const sigma = x.map((v) => Math.sqrt(1000 * Math.exp(-v / 3)));
    const grid = Float64Array.from({ length: 201 }, (_, i) => i / 10);
    const s2 = profileAt(sigmaProfile(x, sigma), grid);
    for (let k = 0; k < grid.length; k++) {
      const want = 1000 * Math.exp(-grid[k] / 3);
      expect(Math.abs(s2[k] - want) / want, `x=${grid[k]}`).toBeLessThan(0.02);
    }
  });

  it('averages noise in σ instead of drawing it, the same on any grid', () => {
    // σ is 0.5 or 2 at random, unrelated to x: σ²(x) is their mean, 2.125, everywhere.
    let seed = 7;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const n = 100_000;
    const x = Float64Array.from({ length: n }, (_, i) => (10 * i) / n);
    const sigma = Float64Array.from({ length: n }, () => (rand() < 0.5 ? 0.5 : 2));
    const profile = sigmaProfile(x, sigma);
    const coarse = Float64Array.from({ length: 600 }, (_, i) => (10 * i) / 599);
    const zoomed = Float64Array.from({ length: 600 }, (_, i) => 5 + (0.05 * i) / 599);
    // Bins of 500 rows: σ² (0.25 or 4) averages to 2.125 ± 0.084, so within 4 standard deviations;
    // following each row instead would give 0.25 or 4 (88 % off).
    for (const grid of [coarse, zoomed]) for (const v of profileAt(profile, grid)) expect(Math.abs(v - 2.125)).toBeLessThan(4 * (1.875 / Math.sqrt(500)));
    // One x, two grids: one value.
    const at = (g: number[]) => profileAt(profile, Float64Array.from(g));
    expect(at([5.01])[0]).toBe(at([0, 5.01, 9])[1]);
  });

  it('pools replicates at one x into one bin', () => {
    // Three doses, 1000 replicates each, σ² 1, 4 or 9 by dose: three bins, exact means.
    const x = Float64Array.from({ length: 3000 }, (_, i) => 1 + (i % 3));
    const sigma = x.map((v) => v);
    const p = sigmaProfile(x, sigma);
    expect(Array.from(p.x)).toEqual([1, 2, 3]);
    expect(Array.from(p.s2)).toEqual([1, 4, 9]);
    expect(Array.from(profileAt(p, Float64Array.of(1, 1.5, 3)))).toEqual([1, 2.5, 9]);
  });

  it('bins by count, interpolates between bin centres and holds the ends', () => {
    const x = Float64Array.from({ length: 2 * MIN_ROWS }, (_, i) => i);
    const sigma = x.map((v) => (v < MIN_ROWS ? 1 : 2));
    const p = sigmaProfile(x, sigma);
    expect(Array.from(p.x)).toEqual([2, 7]);
    expect(Array.from(p.s2)).toEqual([1, 4]);
    expect(Array.from(profileAt(p, Float64Array.of(-1, 2, 4.5, 7, 100)))).toEqual([1, 1, 2.5, 4, 4]);
    // Non-finite rows are left out; fewer rows than a bin make one bin; none give NaN.
    const few = sigmaProfile(Float64Array.of(1, 1, 3, NaN, 5), Float64Array.of(1, 3, 2, 100, Infinity));
    expect(Array.from(few.s2)).toEqual([14 / 3]);
    expect(Array.from(profileAt(sigmaProfile(Float64Array.of(NaN), Float64Array.of(1)), Float64Array.of(0, 1))).every(Number.isNaN)).toBe(true);
  });
});
