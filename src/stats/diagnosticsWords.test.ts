import { describe, expect, it } from 'vitest';
import type { ResidualDiagnostics } from './diagnostics';
import { residualDiagnostics } from './diagnostics';
import { diagnosticSentences, pText } from './diagnosticsWords';

const normality = { k2: 1.2, skewZ: 0.5, kurtosisZ: 0.9, p: 0.55 };
const replicates = { ssLackOfFit: 1, dfLackOfFit: 3, ssPureError: 4, dfPureError: 12, F: 1.1, p: 0.39 };
const base: ResidualDiagnostics = {
  order: 'x',
  runs: { runs: 12, expected: 11.5, positive: 11, negative: 10, z: 0.2, p: 0.43 },
  normality,
  durbinWatson: 1.93,
  replicates,
};

const by = (d: ResidualDiagnostics) => Object.fromEntries(diagnosticSentences(d).map((s) => [s.test, s]));

describe('diagnostics in words', () => {
  it('says each passing test with its number', () => {
    const s = by(base);
    expect(s.runs).toEqual({ test: 'runs', tone: 'ok', text: 'Residuals look random: runs test p = 0.43 (12 runs of signs in order of x, 11.5 expected).' });
    expect(s.normality.text).toBe('Residuals are consistent with a normal distribution: D’Agostino–Pearson K² = 1.2, p = 0.55.');
    expect(s['durbin-watson'].text).toBe('No sign of autocorrelation: Durbin–Watson d = 1.93 (2 means none).');
    expect(s.replicates.text).toContain('replicates test lack of fit F(3, 12) = 1.1, p = 0.39');
    expect(Object.values(s).every((x) => x.tone === 'ok')).toBe(true);
  });

  it('flags failing tests at p < 0.05, naming the direction', () => {
    const s = by({
      ...base,
      runs: { ...base.runs, runs: 4, p: 0.0004 },
      normality: { ...normality, p: 0.01 },
      durbinWatson: 0.7,
      replicates: { ...replicates, p: 0.02 },
    });
    expect(s.runs.tone).toBe('warn');
    expect(s.runs.text).toMatch(/^Residuals are not random: too few runs, runs test p < 0\.001/);
    expect(s.normality.tone).toBe('warn');
    expect(s['durbin-watson'].text).toMatch(/positive autocorrelation/);
    expect(s.replicates.tone).toBe('warn');
    expect(by({ ...base, runs: { ...base.runs, runs: 20, p: 0.01 } }).runs.text).toMatch(/alternate/);
    expect(by({ ...base, durbinWatson: 3.1 })['durbin-watson'].text).toMatch(/negative autocorrelation/);
  });

  it('says when a test was not run', () => {
    const s = by({ ...base, normality: null, replicates: null, runs: { ...base.runs, p: NaN } });
    expect(s.normality).toMatchObject({ tone: 'none' });
    expect(s.replicates.text).toMatch(/no x value repeats/);
    expect(s.runs.tone).toBe('none');
  });

  it('p values read with two significant digits, and below 0.001 as a bound (the threshold lands on the right side)', () => {
    expect(pText(0.0499)).toBe('p = 0.05');
    expect(by({ ...base, runs: { ...base.runs, p: 0.0499 } }).runs.tone).toBe('warn');
    expect(pText(0.00099)).toBe('p < 0.001');
    expect(pText(NaN)).toBe('p not defined');
  });

  it('a systematic misfit (a line through a parabola) reads as non-random residuals', () => {
    const x = Float64Array.from({ length: 30 }, (_, i) => i / 29);
    const y = x.map((v) => v * v);
    const f = x.map((v) => v - 1 / 6); // the least-squares line misses the curvature
    const d = residualDiagnostics({ vars: [x], y, f, w: null, chi2: y.reduce((s, v, i) => s + (v - f[i]) ** 2, 0), freeParameters: 2 })!;
    const s = by(d);
    expect(s.runs.tone).toBe('warn');
    expect(s.runs.text).toMatch(/too few runs/);
    expect(s['durbin-watson'].tone).toBe('warn');
  });
});
