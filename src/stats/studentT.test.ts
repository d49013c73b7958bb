import { describe, expect, it } from 'vitest';
import { lnGamma } from './special';
import { studentTCdf, studentTQuantile } from './studentT';

// scipy.stats.t.ppf(p, dof), scipy 1.17.
const reference: [number, number, number][] = [
  [0.975, 1, 12.706204736174694],
  [0.975, 2, 4.302652729749462],
  [0.975, 3, 3.1824463052837078],
  [0.975, 5, 2.5705818356363146],
  [0.975, 10, 2.228138851986274],
  [0.975, 30, 2.0422724563012378],
  [0.975, 100, 1.9839715185235518],
  [0.975, 1000, 1.9623390808264083],
  [0.975, 1e6, 1.959966356814107],
  [0.995, 1, 63.656741162871526],
  [0.995, 3, 5.840909309733355],
  [0.995, 30, 2.7499956535672254],
  [0.9, 2, 1.8856180831641272],
  [0.9, 10, 1.372183641110336],
  [0.999, 1, 318.30883898555015],
  [0.999, 5, 5.893429531356009],
  [0.999, 1000, 3.0984021639129233],
];

describe('Student t', () => {
  it.each(reference)('quantile(%f, ν=%f) matches scipy', (p, nu, want) => {
    expect(Math.abs(studentTQuantile(p, nu) - want) / want).toBeLessThan(1e-10);
    expect(studentTQuantile(1 - p, nu)).toBeCloseTo(-want, 9);
  });

  it('CDF inverts the quantile and is symmetric', () => {
    for (const nu of [1, 2.5, 7, 40]) {
      for (const t of [-3, -0.4, 0, 1.2, 5]) {
        expect(studentTCdf(t, nu) + studentTCdf(-t, nu)).toBeCloseTo(1, 14);
        expect(studentTQuantile(studentTCdf(t, nu), nu)).toBeCloseTo(t, 9);
      }
    }
  });

  it('ν = 1 is the Cauchy distribution', () => {
    for (const t of [-10, -1, 0.3, 4]) expect(studentTCdf(t, 1)).toBeCloseTo(0.5 + Math.atan(t) / Math.PI, 13);
  });

  it('lnGamma matches factorials and Γ(½) = √π', () => {
    expect(lnGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 14);
    expect(lnGamma(10)).toBeCloseTo(Math.log(362880), 12);
    expect(lnGamma(171)).toBeCloseTo(706.5730622457874, 9);
  });
});
