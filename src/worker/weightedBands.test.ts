/**
 * Trial defect 5: the bands of a fit weighted from y (the σ select's 1/y, 1/y², Poisson) were never
 * drawn, so the page greyed the band toggles without a word. The confidence band of a weighted fit
 * is the delta method with the weighted covariance, band = t·√(gᵀ C g): checked here against
 * scipy's curve_fit pcov for Puromycin (treated) with σ = |y| (fixtures/scipy/weights.json), the
 * analytic gradient of Vm·x/(K + x) and scipy's t quantile t.ppf(0.975, 10) = 2.228138851986274.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../state/slices/settings';
import { exportCurve } from './exports';
import { runFit } from './fit';
import { loadColumns } from './load';
import { previewCurve } from './preview';

const ref = JSON.parse(readFileSync(new URL('../../fixtures/scipy/weights.json', import.meta.url), 'utf8')).puromycin as {
  x: number[];
  y: number[];
  fits: Record<string, { popt: number[]; pcov: number[][] }>;
};
const T_975_10 = 2.228138851986274;
const plot = { plotVar: 0, logX: false, buckets: 800 };
const mapping = { x: ['conc'], y: 'rate', sigma: null };
const model = 'Vm*conc/(K+conc)';
const start = [
  { name: 'Vm', value: 200, min: -Infinity, max: Infinity, fixed: false },
  { name: 'K', value: 0.05, min: -Infinity, max: Infinity, fixed: false },
];

describe('bands of a fit weighted from y', () => {
  it('1/y²: the confidence band is t·√(gᵀ C g) with scipy’s weighted covariance; a redraw and the curve export keep it', async () => {
    loadColumns({ conc: ref.x, rate: ref.y }, 'puromycin-treated.csv');
    const fit = await runFit({ model, mapping, parameters: start, settings: { ...DEFAULT_SETTINGS, weights: '1/y2' }, ...plot });
    if (!fit.ok) throw new Error(fit.error.message);
    const { curve } = fit.value;
    if (curve.kind !== 'grid' || !curve.confidence || !curve.prediction) throw new Error('no bands for a weighted fit');
    const [Vm, K] = ref.fits['1/y2'].popt;
    const C = ref.fits['1/y2'].pcov;
    for (let i = 0; i < curve.x.length; i += 37) {
      const x = curve.x[i];
      const g = [x / (K + x), (-Vm * x) / (K + x) ** 2];
      const half = T_975_10 * Math.sqrt(g[0] * (C[0][0] * g[0] + C[0][1] * g[1]) + g[1] * (C[1][0] * g[0] + C[1][1] * g[1]));
      const got = (curve.confidence.upper[i] - curve.confidence.lower[i]) / 2;
      expect(Math.abs(got - half) / half, `x = ${x}`).toBeLessThan(1e-5); // scipy stops at xtol
      expect(curve.prediction.upper[i] - curve.prediction.lower[i]).toBeGreaterThan(2 * got);
    }
    // A redraw at the fitted values with the same weights keeps them; with other weights it does not.
    const fitted = Float64Array.from(fit.value.result.parameters, (p) => p.value);
    const again = previewCurve({ model, mapping, params: fitted, weights: '1/y2', ...plot, logX: true });
    expect(again.ok && again.value.confidence).not.toBeNull();
    const other = previewCurve({ model, mapping, params: fitted, weights: '1/y', ...plot });
    expect(other.ok && other.value.confidence).toBeNull();
    const csv = exportCurve({ kind: 'grid', model, mapping, plotVar: 0, logX: false });
    expect(csv.ok && csv.value.split('\n')[0]).toMatch(/conf_lower,conf_upper/);
  });

  it('Poisson weighting draws its bands too', async () => {
    loadColumns({ conc: ref.x, rate: ref.y }, 'puromycin-treated.csv');
    const fit = await runFit({ model, mapping, parameters: start, settings: { ...DEFAULT_SETTINGS, weights: 'poisson' }, ...plot });
    if (!fit.ok) throw new Error(fit.error.message);
    expect(fit.value.curve.confidence).not.toBeNull();
  });
});
