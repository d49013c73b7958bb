import { describe, expect, it } from 'vitest';
import { erf, erfc } from './special';

/** [x, erf(x), erfc(x)], each rounded to double from 50-digit mpmath values. */
const TABLE: [number, number, number][] = [
  [1e-300, 1.1283791670955126e-300, 1.0],
  [1e-20, 1.1283791670955125e-20, 1.0],
  [1e-09, 1.1283791670955127e-09, 0.9999999988716208],
  [0.01, 0.011283415555849618, 0.9887165844441503],
  [0.1, 0.1124629160182849, 0.887537083981715],
  [0.25, 0.27632639016823696, 0.7236736098317631],
  [0.5, 0.5204998778130465, 0.4795001221869535],
  [0.8, 0.7421009647076605, 0.2578990352923395],
  [0.84375, 0.7672256612323416, 0.23277433876765838],
  [0.9, 0.7969082124228322, 0.20309178757716786],
  [1.0, 0.8427007929497149, 0.15729920705028513],
  [1.2, 0.9103139782296353, 0.08968602177036464],
  [1.25, 0.9229001282564583, 0.07709987174354177],
  [1.5, 0.9661051464753108, 0.033894853524689274],
  [2.0, 0.9953222650189527, 0.004677734981047266],
  [2.5, 0.999593047982555, 0.0004069520174449589],
  [2.857142857142857, 0.9999466876886117, 5.3312311388322795e-5],
  [3.0, 0.9999779095030014, 2.209049699858544e-5],
  [4.0, 0.9999999845827421, 1.541725790028002e-8],
  [5.0, 0.9999999999984626, 1.537459794428035e-12],
  [5.9, 0.9999999999999999, 7.190409783550478e-17],
  [6.0, 1.0, 2.1519736712498913e-17],
  [8.0, 1.0, 1.1224297172982926e-29],
  [10.0, 1.0, 2.088487583762545e-45],
  [15.0, 1.0, 7.212994172451207e-100],
  [20.0, 1.0, 5.395865611607901e-176],
  [26.5, 1.0, 2.2109076642637343e-307],
];

const relErr = (got: number, want: number): number => (want === 0 ? Math.abs(got) : Math.abs(got - want) / Math.abs(want));

describe('erf and erfc (FDLIBM method)', () => {
  it('match 50-digit references to ~1e-15 relative across all intervals', () => {
    for (const [x, e, ec] of TABLE) {
      expect(relErr(erf(x), e), `erf(${x})`).toBeLessThanOrEqual(1e-15);
      expect(relErr(erfc(x), ec), `erfc(${x})`).toBeLessThanOrEqual(1e-15);
    }
  });

  it('gives the values quoted in the brief', () => {
    expect(relErr(erf(0.5), 0.5204998778130465)).toBeLessThan(1e-15);
    expect(relErr(erfc(3), 2.209049699858544e-5)).toBeLessThan(1e-15);
    expect(relErr(erfc(10), 2.088487583762545e-45)).toBeLessThan(1e-15);
  });

  it('is odd (erf) and reflects (erfc(-x) = 2 - erfc(x))', () => {
    for (const [x] of TABLE) {
      expect(erf(-x)).toBe(-erf(x));
      expect(relErr(erfc(-x), 2 - erfc(x))).toBeLessThanOrEqual(2.3e-16);
    }
    expect(relErr(erfc(-1.5), 1.9661051464753108)).toBeLessThan(1e-15);
    expect(relErr(erfc(-0.5), 1.5204998778130465)).toBeLessThan(1e-15);
  });

  it('handles zeros, infinities, NaN and the far tails', () => {
    expect(Object.is(erf(0), 0)).toBe(true);
    expect(Object.is(erf(-0), -0)).toBe(true);
    expect(erfc(0)).toBe(1);
    expect(erf(Infinity)).toBe(1);
    expect(erf(-Infinity)).toBe(-1);
    expect(erfc(Infinity)).toBe(0);
    expect(erfc(-Infinity)).toBe(2);
    expect(erf(NaN)).toBeNaN();
    expect(erfc(NaN)).toBeNaN();
    expect(erfc(30)).toBe(0);
    expect(erfc(-30)).toBe(2);
    expect(erf(1e-320)).toBeGreaterThan(1e-320); // subnormal input: 1.128·x, not x
  });

  it('is monotone across the interval boundaries', () => {
    for (const b of [0.84375, 1.25, 1 / 0.35, 6, 28]) {
      const xs = [b * (1 - 1e-15), b, b * (1 + 1e-15)];
      const e = xs.map(erf);
      const ec = xs.map(erfc);
      expect(e[0]).toBeLessThanOrEqual(e[1]);
      expect(e[1]).toBeLessThanOrEqual(e[2]);
      expect(ec[0]).toBeGreaterThanOrEqual(ec[1]);
      expect(ec[1]).toBeGreaterThanOrEqual(ec[2]);
    }
  });

  it('keeps erf + erfc = 1 to rounding', () => {
    for (let x = -5; x <= 5; x += 0.0137) expect(Math.abs(erf(x) + erfc(x) - 1)).toBeLessThan(4.5e-16);
  });
});
