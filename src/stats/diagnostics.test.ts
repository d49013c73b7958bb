import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { residualDiagnostics } from './diagnostics';
import { durbinWatson } from './durbinWatson';
import { dagostinoPearson } from './normalityTest';
import { chiSquareSf, normalTwoSided } from './gammaInc';
import { fSf } from './replicatesTest';
import { runsTest } from './runsTest';

/** scipy / statsmodels answers on curve_fit residuals (fixtures/diagnostics/make_diagnostics.py). */
const reference = JSON.parse(readFileSync(new URL('../../fixtures/diagnostics/reference.json', import.meta.url), 'utf8')) as Record<
  string,
  {
    x: number[];
    y: number[];
    sigma: number[] | null;
    f: number[];
    chi2: number;
    popt: number[];
    runs: { runs: number; positive: number; negative: number; z: number; p: number };
    normality: { k2: number; p: number; skewZ: number; kurtosisZ: number };
    durbinWatson: number;
    replicates: { ssPureError: number; dfPureError: number; ssLackOfFit: number; dfLackOfFit: number; F: number; p: number } | null;
  }
>;

const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

describe('residual diagnostics agree with scipy and statsmodels', () => {
  for (const [name, c] of Object.entries(reference)) {
    it(`${name}: runs test, D'Agostino–Pearson K², Durbin–Watson, replicates test`, () => {
      const d = residualDiagnostics({
        vars: [Float64Array.from(c.x)],
        y: Float64Array.from(c.y),
        f: Float64Array.from(c.f),
        w: c.sigma ? Float64Array.from(c.sigma, (s) => 1 / s) : null,
        chi2: c.chi2,
        freeParameters: c.popt.length,
      })!;
      expect(d.order).toBe('x');
      expect([d.runs.runs, d.runs.positive, d.runs.negative]).toEqual([c.runs.runs, c.runs.positive, c.runs.negative]);
      if (Math.abs(d.runs.runs - d.runs.expected) > 0.5) {
        expect(rel(d.runs.z, c.runs.z)).toBeLessThan(1e-12);
        expect(rel(d.runs.p, c.runs.p)).toBeLessThan(1e-10);
      } else {
        // |R − μ| ≤ ½: the continuity correction leaves nothing (statsmodels moves z away from 0 instead).
        expect(d.runs.z).toBe(0);
        expect(d.runs.p).toBe(1);
      }
      const nt = d.normality!;
      expect(rel(nt.skewZ, c.normality.skewZ)).toBeLessThan(1e-10);
      expect(rel(nt.kurtosisZ, c.normality.kurtosisZ)).toBeLessThan(1e-10);
      expect(rel(nt.k2, c.normality.k2)).toBeLessThan(1e-10);
      expect(rel(nt.p, c.normality.p)).toBeLessThan(1e-10);
      expect(rel(d.durbinWatson, c.durbinWatson)).toBeLessThan(1e-12);
      if (c.replicates === null) expect(d.replicates).toBeNull();
      else {
        const r = d.replicates!;
        expect([r.dfPureError, r.dfLackOfFit]).toEqual([c.replicates.dfPureError, c.replicates.dfLackOfFit]);
        expect(rel(r.ssPureError, c.replicates.ssPureError)).toBeLessThan(1e-10);
        expect(rel(r.F, c.replicates.F)).toBeLessThan(1e-9);
        expect(rel(r.p, c.replicates.p)).toBeLessThan(1e-8);
      }
    });
  }

  it('the curve fitted with a line is caught by all three: few runs, DW ≪ 2, lack of fit', () => {
    const c = reference.line_on_curve;
    expect(c.runs.p).toBeLessThan(1e-5);
    expect(c.durbinWatson).toBeLessThan(0.5);
    expect(c.replicates!.p).toBeLessThan(1e-6);
  });

  it('several variables: replicates are equal tuples, the order is the rows\'', () => {
    const c = reference.line_on_curve;
    const x = Float64Array.from(c.x);
    const d = residualDiagnostics({ vars: [x, x.map((v) => 2 * v)], y: Float64Array.from(c.y), f: Float64Array.from(c.f), w: null, chi2: c.chi2, freeParameters: 2 })!;
    expect(d.order).toBe('rows');
    expect(d.replicates!.F).toBeCloseTo(c.replicates!.F, 9);
  });

  it('no replicates, too few rows for K², one sign only: null / NaN, not made-up numbers', () => {
    const x = Float64Array.from([1, 2, 3, 4, 5]);
    const d = residualDiagnostics({ vars: [x], y: x, f: x.map((v) => v - 1), w: null, chi2: 5, freeParameters: 1 })!;
    expect(d.replicates).toBeNull();
    expect(d.normality).toBeNull();
    expect(Number.isNaN(d.runs.p)).toBe(true);
  });

  it('distribution tails: analytic values', () => {
    expect(chiSquareSf(2 * Math.log(20), 2)).toBeCloseTo(0.05, 14); // χ²₂: P = e^(−q/2)
    expect(normalTwoSided(1.959963984540054)).toBeCloseTo(0.05, 14);
    expect(fSf(1, 7, 7)).toBeCloseTo(0.5, 14); // F_{ν,ν} has median 1
    // A known sequence: + + − − + + − − (4 runs of 2): μ = 5, σ² = 2·16·(32 − 8)/(64·7) = 12/7.
    const r = runsTest([1, 1, -1, -1, 1, 1, -1, -1]);
    expect(r.runs).toBe(4);
    expect(r.expected).toBe(5);
    expect(r.z).toBeCloseTo(-0.5 / Math.sqrt(12 / 7), 14);
  });

  it('runs test: the counts of a sign-by-sign walk, with zeros, −0 and NaN (counted as ≥ 0, < 0, < 0)', () => {
    // The walk the branch-free loop replaced, written out: a new run wherever the sign changes.
    const walk = (r: number[]) => {
      let runs = 0;
      let positive = 0;
      r.forEach((v, i) => {
        if (v >= 0) positive++;
        if (i === 0 || v >= 0 !== r[i - 1] >= 0) runs++;
      });
      return { runs, positive };
    };
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const specials = [0, -0, NaN, 1e-300, -1e-300];
    for (let n = 1; n <= 40; n++) {
      const r = Array.from({ length: n }, () => (next() < 0.2 ? specials[Math.floor(next() * specials.length)] : next() - 0.5));
      const t = runsTest(r);
      expect({ runs: t.runs, positive: t.positive }).toEqual(walk(r));
      expect(t.negative).toBe(n - t.positive);
    }
    expect(runsTest([]).runs).toBe(0);
  });

  it('the fused pass over residuals in row order gives the separate tests\' numbers to the last bit', () => {
    let seed = 99;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const n of [2, 9, 1000, 250_001]) {
      for (const weighted of [false, true]) {
        for (const twoVariables of [false, true]) {
          const x = Float64Array.from({ length: n }, (_, i) => i);
          const y = Float64Array.from({ length: n }, next);
          const f = Float64Array.from({ length: n }, next);
          const w = weighted ? Float64Array.from({ length: n }, () => 0.5 + next()) : null;
          const d = residualDiagnostics({ vars: twoVariables ? [x, x] : [x], y, f, w, chi2: 1, freeParameters: 1 })!;
          const r = Float64Array.from({ length: n }, (_, i) => (w ? w[i] * (y[i] - f[i]) : y[i] - f[i]));
          expect(d.order).toBe(twoVariables ? 'rows' : 'x');
          expect(d.runs).toEqual(runsTest(r));
          expect(Object.is(d.durbinWatson, durbinWatson(r))).toBe(true);
          expect(d.normality).toEqual(dagostinoPearson(r));
        }
      }
    }
  });
  it('reuseF: the residuals replace the model values in their array, every statistic bit-equal', () => {
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const n = 5000;
    // x sorted with replicates (fused pass), two variables (row order), unsorted x (the x-order copy).
    const sorted = Float64Array.from({ length: n }, (_, i) => Math.floor(i / 4));
    const unsorted = Float64Array.from({ length: n }, () => Math.floor(next() * 1000));
    for (const vars of [[sorted], [sorted, unsorted], [unsorted]]) {
      for (const weighted of [false, true]) {
        const y = Float64Array.from({ length: n }, next);
        const f0 = Float64Array.from({ length: n }, next);
        const w = weighted ? Float64Array.from({ length: n }, () => 0.5 + next()) : null;
        const fresh = residualDiagnostics({ vars, y, f: f0.slice(), w, chi2: 3, freeParameters: 2 })!;
        const f = f0.slice();
        const reused = residualDiagnostics({ vars, y, f, w, chi2: 3, freeParameters: 2, reuseF: true })!;
        expect(reused).toEqual(fresh);
        if (vars.length === 1) expect(reused.replicates).not.toBeNull();
        expect(f).toEqual(Float64Array.from({ length: n }, (_, i) => (w ? w[i] * (y[i] - f0[i]) : y[i] - f0[i])));
      }
    }
  });
});
