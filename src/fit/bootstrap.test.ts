/**
 * Bootstrap percentile intervals on a straight line, where the exact answer is known: with normal
 * errors the t interval of an OLS slope and intercept is exact, and both resampling schemes must
 * land on it within their Monte Carlo error (B = 400: ±10% of the interval's width). A seed gives
 * the same intervals again. The BCa and studentized intervals must land on it as well; BCa (its
 * jackknife) only when asked for.
 */
import { describe, expect, it } from 'vitest';
import { compileModel } from '../model';
import { normal, rng } from '../../test/random';
import { bootstrapFit } from './bootstrap';
import { curveFit } from './curveFit';

const compiled = compileModel('a + b*x', { columns: ['x'] });
if (!compiled.ok) throw new Error(compiled.error.message);
const model = compiled.value;
const uniform = rng(7);
const gauss = () => normal(uniform);
const x = Float64Array.from({ length: 40 }, (_, i) => i / 4);
const y = Float64Array.from(x, (v) => 1 + 2 * v + 0.5 * gauss());
const input = { model, data: { vars: [x], y }, parameters: [{ name: 'a', value: 0 }, { name: 'b', value: 1 }] };

describe('bootstrapFit', () => {
  it.each(['residual', 'case'] as const)('%s resampling reproduces the exact t interval of a line', async (kind) => {
    const fit = await curveFit(input);
    const boot = await bootstrapFit(input, fit, { kind, resamples: 400, seed: 3, level: 0.95, interval: 'bca' });
    expect(boot.failed).toBe(0);
    for (const p of fit.parameters) {
      const width = p.ciUpper - p.ciLower;
      const [lo, hi] = boot.intervals[p.name];
      expect(Math.abs(lo - p.ciLower)).toBeLessThan(0.1 * width);
      expect(Math.abs(hi - p.ciUpper)).toBeLessThan(0.1 * width);
      // BCa and bootstrap-t land on the exact interval too, within ±15%: their shifted tail
      // quantiles and t* ratios carry more Monte Carlo error at B = 400 than the plain percentiles.
      for (const [blo, bhi] of [boot.bca![p.name], boot.studentized[p.name]]) {
        expect(Math.abs(blo - p.ciLower)).toBeLessThan(0.15 * width);
        expect(Math.abs(bhi - p.ciUpper)).toBeLessThan(0.15 * width);
      }
    }
    // The same seed gives the same resamples; without BCa asked for, its jackknife is not run.
    const again = await bootstrapFit(input, fit, { kind, resamples: 400, seed: 3, level: 0.95 });
    expect(again.intervals).toEqual(boot.intervals);
    expect(again.studentized).toEqual(boot.studentized);
    expect(again.bca).toBeUndefined();
  });
});
