/**
 * inversePrediction on curves with closed-form answers: a straight line with constant variance
 * (x̂ = (ȳ − a)/b, ends x̂ ± t·√(v + σ²)/b), a parabola that meets ȳ twice (not monotone), and a
 * band that does not close inside the range (an open end).
 */
import { describe, expect, it } from 'vitest';
import { inversePrediction } from './inversePrediction';
import { brent } from './brent';

const grid = (lo: number, hi: number, n = 65) => Float64Array.from({ length: n }, (_, i) => lo + ((hi - lo) * i) / (n - 1));

describe('inversePrediction', () => {
  it('inverts a straight line and its constant band exactly', () => {
    const [a, b, v, s2, t] = [0.3, 2.5, 0.01, 0.04, 2.2];
    const got = inversePrediction((x) => ({ value: a + b * x, variance: v }), grid(0, 10), 7.1, s2, t);
    const x = (7.1 - a) / b;
    const h = (t * Math.sqrt(v + s2)) / b;
    expect(got.status).toBe('ok');
    expect(got.x).toBeCloseTo(x, 12);
    expect(got.lower).toBeCloseTo(x - h, 11);
    expect(got.upper).toBeCloseTo(x + h, 11);
  });

  it('says not-monotone, above-range, below-range and no-interval-bound instead of a value', () => {
    const parabola = (x: number) => ({ value: x * x, variance: 0 });
    expect(inversePrediction(parabola, grid(-2, 2), 1, 0.01, 2)).toEqual({ x: null, lower: null, upper: null, status: 'not-monotone' });
    expect(inversePrediction(parabola, grid(-2, 2), 5, 0.01, 2).status).toBe('above-range');
    expect(inversePrediction(parabola, grid(-2, 2), -1, 0.01, 2).status).toBe('below-range');
    const open = inversePrediction((x) => ({ value: x, variance: 0 }), grid(0, 1), 0.1, 0.04, 2);
    expect(open.status).toBe('no-interval-bound');
    expect(open.lower).toBeNull();
    expect(open.upper).toBeCloseTo(0.5, 12);
  });

  it("brent finds cos(x) = x to scipy's tolerance", () => {
    expect(brent((x) => Math.cos(x) - x, 0, 1)).toBeCloseTo(0.7390851332151607, 12);
  });
});
