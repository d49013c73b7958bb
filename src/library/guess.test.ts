/** Unit tests of the guessing toolkit (src/library/guess) and of the guess wrapper's sanitising. */
import { describe, expect, it } from 'vitest';
import { sanitize } from './define';
import { rankCrossing } from './guess/crossing';
import { linearLeastSquares } from './guess/leastSquares';
import { fwhmAt, locatePeak } from './guess/peaks';
import { dominantFrequency } from './guess/periodogram';
import { polynomialLeastSquares } from './guess/polynomialFit';
import { profileSearch } from './guess/profile';
import { prepareSamples, type Samples } from './guess/samples';
import { wrapPhase } from './guess/sinusoid';
import { gaussianNoise, linspace, rng } from './testUtil.test';

const samples = (x: Float64Array, y: Float64Array): Samples => ({ x, y, n: x.length });

describe('linearLeastSquares', () => {
  it('solves an overdetermined system exactly when it is consistent', () => {
    const x = linspace(-1, 3, 9);
    const fit = linearLeastSquares([x.map(() => 1), x, x.map((v) => v * v)], x.map((v) => 2 - 3 * v + 0.5 * v * v))!;
    expect(Array.from(fit.coef).map((c) => +c.toFixed(12))).toEqual([2, -3, 0.5]);
    expect(fit.rss).toBeLessThan(1e-24);
  });

  it('matches the normal equations on noisy data, with the residual sum of squares', () => {
    const z = gaussianNoise(3);
    const x = linspace(0, 1, 50);
    const y = x.map((v) => 1 + 2 * v + 0.1 * z());
    const fit = linearLeastSquares([x.map(() => 1), x], y)!;
    const n = x.length;
    const [sx, sy, sxx, sxy] = [x, y, x.map((v) => v * v), x.map((v, i) => v * y[i])].map((a) => a.reduce((s, t) => s + t, 0));
    const slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
    expect(fit.coef[1]).toBeCloseTo(slope, 10);
    expect(fit.coef[0]).toBeCloseTo((sy - slope * sx) / n, 10);
    const rss = y.reduce((s, v, i) => s + (v - fit.coef[0] - fit.coef[1] * x[i]) ** 2, 0);
    expect(fit.rss).toBeCloseTo(rss, 12);
  });

  it('gives a dependent column coefficient 0 and skips non-finite rows', () => {
    const x = Float64Array.of(1, 2, 3, Number.NaN, 5);
    const fit = linearLeastSquares([x.map(() => 1), x, x.map((v) => 2 * v)], Float64Array.of(3, 5, 7, 100, 11))!;
    expect(fit.rows).toBe(4);
    expect(fit.coef[2]).toBe(0);
    expect(fit.coef[0]).toBeCloseTo(1, 12);
    expect(fit.coef[1]).toBeCloseTo(2, 12);
  });

  it('returns null with no usable rows and zeros for all-zero columns', () => {
    expect(linearLeastSquares([Float64Array.of(Number.NaN)], Float64Array.of(1))).toBeNull();
    expect(Array.from(linearLeastSquares([new Float64Array(3)], Float64Array.of(1, 2, 3))!.coef)).toEqual([0]);
  });
});

describe('polynomialLeastSquares', () => {
  it('recovers raw monomial coefficients far from the origin', () => {
    const x = linspace(1e4, 1e4 + 10, 20);
    const a = polynomialLeastSquares(x, x.map((v) => 7 + 0.001 * (v - 1e4) ** 3), 3);
    // 7 + 0.001(x − 10⁴)³ = 0.001x³ − 30x² + 3·10⁵x − 10⁹ + 7
    expect(a[3]).toBeCloseTo(0.001, 10);
    expect(a[2] / -30).toBeCloseTo(1, 8);
    expect(a[1] / 3e5).toBeCloseTo(1, 8);
    expect((a[0] + 1e9 - 7) / 1e9).toBeCloseTo(0, 7);
  });

  it('leaves the degrees that too few points cannot determine at 0', () => {
    const a = polynomialLeastSquares(Float64Array.of(1, 2), Float64Array.of(3, 5), 4);
    expect(a[0] + a[1]).toBeCloseTo(3, 12);
    expect(a[0] + 2 * a[1] + 4 * a[2] + 8 * a[3] + 16 * a[4]).toBeCloseTo(5, 12);
    expect(Array.from(a).every(Number.isFinite)).toBe(true);
  });
});

describe('prepareSamples', () => {
  it('drops non-finite pairs, sorts by x and keeps duplicates', () => {
    const s = prepareSamples(Float64Array.of(3, Number.NaN, 1, 2, 1), Float64Array.of(30, 5, 10, Infinity, 11));
    expect(Array.from(s.x)).toEqual([1, 1, 3]);
    expect(Array.from(s.y).sort()).toEqual([10, 11, 30]);
  });

  it('reduces sorted data to bin means and unsorted data to a sorted stride sample', () => {
    const x = linspace(0, 1, 10_000);
    const s = prepareSamples(x, x.map((v) => 2 * v), 100);
    expect(s.n).toBe(100);
    expect(s.x[0]).toBeCloseTo(mean(x.subarray(0, 100)), 12);
    s.x.forEach((v, i) => expect(s.y[i]).toBeCloseTo(2 * v, 12));
    const u = rng(1);
    const ux = x.map(() => u());
    const t = prepareSamples(ux, ux.map((v) => -v), 100);
    expect(t.n).toBe(100);
    for (let i = 1; i < t.n; i++) expect(t.x[i]).toBeGreaterThanOrEqual(t.x[i - 1]);
    t.x.forEach((v, i) => expect(t.y[i]).toBe(-v));
  });
});

function mean(v: Float64Array): number {
  return v.reduce((s, t) => s + t, 0) / v.length;
}

describe('rankCrossing', () => {
  it('finds the crossing of a noisy monotone trend from the count of points below the level', () => {
    const z = gaussianNoise(8);
    const x = linspace(0, 10, 201);
    const y = x.map((v) => Math.tanh(v - 6.3) + 0.2 * z());
    expect(Math.abs(rankCrossing(samples(x, y), 0, 1) - 6.3)).toBeLessThan(0.2);
    expect(Math.abs(rankCrossing(samples(x, y.map((v) => -v)), 0, -1) - 6.3)).toBeLessThan(0.2);
  });

  it('clamps to the data when the level is never crossed', () => {
    const x = linspace(0, 1, 5);
    expect(rankCrossing(samples(x, x), 10, 1)).toBe(1);
    expect(rankCrossing(samples(x, x), -10, 1)).toBe(0);
  });
});

describe('peaks', () => {
  it('reads the FWHM from the side without a shoulder', () => {
    const x = linspace(-5, 5, 1001);
    const sigma = 0.5;
    const y = x.map((v) => Math.exp(-0.5 * (v / sigma) ** 2) + 0.8 * Math.exp(-0.5 * ((v + 1.2) / sigma) ** 2));
    const p = locatePeak(x, y, 1)!;
    expect(Math.abs(p.center)).toBeLessThan(0.2);
    expect(p.fwhm).toBeGreaterThan(0.8 * 2.3548 * sigma);
    expect(p.fwhm).toBeLessThan(1.2 * 2.3548 * sigma);
  });

  it('handles dips, cut-off peaks and single points', () => {
    const x = linspace(0, 10, 101);
    expect(fwhmAt(x, x.map((v) => -Math.exp(-((v - 5) ** 2))), 50, -1)).toBeCloseTo(2 * Math.sqrt(Math.LN2), 2);
    expect(fwhmAt(x, x.map((v) => Math.exp(-v)), 0, 1)).toBeCloseTo(2 * Math.LN2, 2);
    expect(fwhmAt(Float64Array.of(1), Float64Array.of(1), 0, 1)).toBe(0);
  });
});

describe('dominantFrequency', () => {
  it('finds the frequency of an unevenly sampled noisy sine to a fraction of 1/span', () => {
    const u = rng(4);
    const z = gaussianNoise(4);
    const x = Float64Array.from({ length: 300 }, () => 20 * u()).sort();
    const f = dominantFrequency(samples(x, x.map((v) => 3 + Math.sin(2 * Math.PI * 0.83 * v + 1) + 0.3 * z())))!;
    expect(Math.abs(f - 0.83)).toBeLessThan(0.2 / 20);
  });

  it('gives null for fewer than four points or no x range', () => {
    expect(dominantFrequency(samples(Float64Array.of(1, 2, 3), Float64Array.of(1, 0, 1)))).toBeNull();
    expect(dominantFrequency(samples(new Float64Array(5).fill(1), linspace(0, 1, 5)))).toBeNull();
  });
});

describe('profileSearch', () => {
  it('finds a time constant far from its start, moving the grid', () => {
    const x = linspace(0, 10, 100);
    const y = x.map((v) => 3 * Math.exp(-v / 0.2) + 1);
    const p = profileSearch([{ start: 20, step: 0.9, log: true }], ([tau]) => [x.map((v) => Math.exp(-v / tau)), x.map(() => 1)], y, { rounds: 8 })!;
    expect(p.theta[0]).toBeCloseTo(0.2, 3);
    expect(p.coef[0]).toBeCloseTo(3, 2);
  });

  it('returns null when no grid point gives bases', () => {
    expect(profileSearch([{ start: 1, step: 1 }], () => null, Float64Array.of(1, 2))).toBeNull();
  });
});

describe('sanitize', () => {
  const s = samples(linspace(0, 4, 5), linspace(1, 3, 5));

  it('replaces non-finite values with the fallback and keeps positive scales positive', () => {
    expect(sanitize({ name: 'A', fallback: 'yScale' }, Number.NaN, s)).toEqual({ name: 'A', value: 2 });
    expect(sanitize({ name: 'tau', positive: true }, -3, s)).toEqual({ name: 'tau', value: 3, min: 0, positive: true });
    expect(sanitize({ name: 'tau', positive: true }, 0, s).value).toBe(4);
    expect(sanitize({ name: 'tau', positive: true }, undefined, s).value).toBe(4);
  });

  it('moves values strictly inside their bounds', () => {
    expect(sanitize({ name: 'eta', min: 0, max: 1 }, 1, s).value).toBeCloseTo(0.999, 12);
    expect(sanitize({ name: 'eta', min: 0, max: 1 }, -2, s).value).toBeCloseTo(0.001, 12);
    expect(sanitize({ name: 'eta', min: 0, max: 1 }, 0.3, s).value).toBe(0.3);
  });

  it('wraps phases into (−π, π]', () => {
    expect(wrapPhase(3 * Math.PI)).toBeCloseTo(Math.PI, 12);
    expect(wrapPhase(-Math.PI)).toBeCloseTo(Math.PI, 12);
    expect(wrapPhase(7)).toBeCloseTo(7 - 2 * Math.PI, 12);
  });
});
