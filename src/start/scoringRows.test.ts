/**
 * The start search's scoring sample (scoringRows.ts), against the sums over every row: for a
 * straight line the means of k rows give every row's cost differences exactly (the scatter within
 * a bin is the same for every line), weighted or not; rows not sorted by x are taken every k-th,
 * their σ with them.
 */
import { describe, expect, it } from 'vitest';
import { rng } from '../../test/random';
import { SCORE_MAX_ROWS, scoringRows, scoringStride } from './scoringRows';

const cost = (x: Float64Array, y: Float64Array, w: Float64Array | null, a: number, b: number) => {
  let s = 0;
  for (let i = 0; i < y.length; i++) s += ((w ? w[i] : 1) * (y[i] - a - b * x[i])) ** 2;
  return s;
};

describe('scoringRows', () => {
  it('keeps every row up to SCORE_MAX_ROWS', () => {
    const x = Float64Array.from({ length: SCORE_MAX_ROWS }, (_, i) => i);
    expect(scoringRows({ vars: [x], y: x, w: null }).y).toBe(x);
  });

  it('ranks lines on the means of k sorted rows as on every row, weighted or not', () => {
    const r = rng(3);
    const n = 3 * SCORE_MAX_ROWS + 7;
    // Decreasing x, uneven steps.
    const x = new Float64Array(n);
    for (let i = 1; i < n; i++) x[i] = x[i - 1] - r();
    const y = Float64Array.from(x, (v) => 2 - 0.3 * v + Math.sin(v) + r());
    const w = Float64Array.from(x, () => 0.5 + r());
    for (const weights of [null, w]) {
      const s = scoringRows({ vars: [x], y, w: weights });
      expect(s.y.length).toBe(Math.ceil(n / scoringStride(n)));
      const full = cost(x, y, weights, 1, -0.2) - cost(x, y, weights, 3, -0.4);
      const sampled = cost(s.vars[0], s.y, s.w, 1, -0.2) - cost(s.vars[0], s.y, s.w, 3, -0.4);
      // Exact but for rounding in sums of ~10⁵ squares of ~10⁴ (every k-th row alone: off by 0.75).
      expect(Math.abs(sampled - full) / Math.abs(full)).toBeLessThan(1e-7);
    }
  });

  it('bins groups pooled one after another within each group, each sorted by x', () => {
    // Three groups of x in [0, 1) (as groupStarts.ts pools them, ascending in each), y = 100·g + x:
    // a bin across two groups would have a mean y between 100·g + 1 and 100·(g + 1).
    const per = SCORE_MAX_ROWS;
    const x = new Float64Array(3 * per);
    for (let g = 0; g < 3; g++) for (let i = 0; i < per; i++) x[g * per + i] = i / per;
    const y = Float64Array.from(x, (v, i) => 100 * Math.floor(i / per) + v);
    const across = (ys: Float64Array) => ys.filter((v) => v % 100 > 1).length;
    const s = scoringRows({ vars: [x], y, w: null });
    expect(s.y.length).toBeLessThanOrEqual(SCORE_MAX_ROWS);
    expect(s.y.length).toBeGreaterThan(SCORE_MAX_ROWS / 2);
    expect(across(s.y)).toBe(0);
    // Each bin stands for its rows: the weights² add up to the rows.
    expect(s.w!.reduce((sum, v) => sum + v * v, 0)).toBeCloseTo(3 * per, 6);
    // Descending runs are runs too.
    const d = scoringRows({ vars: [x.slice().reverse()], y: y.slice().reverse(), w: null });
    expect(across(d.y)).toBe(0);
    expect(d.y.length).toBe(s.y.length);
  });

  it('more sorted runs than it may score (a grid of 70 x values repeated) still fits in SCORE_MAX_ROWS', () => {
    // One bin per run would already be too many: the rows are taken every k-th instead.
    const n = 70 * SCORE_MAX_ROWS + 35;
    const x = Float64Array.from({ length: n }, (_, i) => i % 70);
    const s = scoringRows({ vars: [x], y: x, w: null });
    expect(s.y.length).toBe(Math.ceil(n / scoringStride(n)));
    expect(s.w).toBeNull();
  });

  it('takes every k-th row, with its σ, when the rows are not sorted by x', () => {
    const r = rng(4);
    const n = 2 * SCORE_MAX_ROWS + 1;
    const x = Float64Array.from({ length: n }, () => r());
    const y = Float64Array.from(x, (v) => v * v);
    const w = Float64Array.from(x, () => r());
    const s = scoringRows({ vars: [x], y, w });
    const k = scoringStride(n);
    expect(k).toBe(3);
    expect(s.y.length).toBe(Math.ceil(n / k));
    for (const j of [0, 1, 1000, s.y.length - 1]) {
      expect(s.vars[0][j]).toBe(x[j * k]);
      expect(s.y[j]).toBe(y[j * k]);
      expect(s.w![j]).toBe(w[j * k]);
    }
  });
});
