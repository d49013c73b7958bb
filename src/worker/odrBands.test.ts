/**
 * The confidence band the page draws around an errors-in-x fit (issue 24): the worker's fit of
 * Pearson's data with York's weights, its band at every grid point of the drawn curve against the
 * delta method with ODRPACK's cov_beta·res_var for the line (gₓ = (1, x): exact), and the page's
 * band function (plot/bands.ts, what the worker draws with) at the points of
 * fixtures/odr/make_bands.py (scipy.odr's covariance, a numeric gradient) for a nonlinear curve,
 * each to 1e-6 relative.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fitBands } from '../plot/bands';
import { DEFAULT_SETTINGS } from '../state/slices/settings';
import { runFit } from './fit';
import { loadText } from './load';
import { compiled } from '../job/browser/pageModels';
import { session } from './session';

const fixture = (file: string) => readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'odr', file), 'utf8');
interface Band { name: string; beta: number[]; cov_beta: number[][]; res_var: number; t: number; x: number[]; y: number[]; half: number[] }
const bands = JSON.parse(fixture('bands.json')).bands as Band[];
const band = (name: string) => bands.find((b) => b.name === name)!;
const plot = { plotVar: 0, logX: false, buckets: 800 };
const row = (name: string, value: number | null) => ({ name, value, min: -Infinity, max: Infinity, fixed: false });
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);
const mapping = { x: ['x'], y: 'y', sigma: 'sy', sigmaX: { x: 'sx' } };

describe('the confidence band of an errors-in-x fit on the page', () => {
  it("York's line: the drawn band is t·√(gᵀ C g) with ODRPACK's C at every grid point", async () => {
    loadText(fixture('york.csv'), 'york.csv');
    const fit = await runFit({ model: 'a + b*x', mapping, parameters: [row('a', 5), row('b', -0.5)], settings: DEFAULT_SETTINGS, ...plot });
    if (!fit.ok) throw new Error(fit.error.message);
    const { curve } = fit.value;
    const ref = band('pearson-york');
    const C = ref.cov_beta.map((r) => r.map((v) => v * ref.res_var));
    expect(curve.kind).toBe('grid');
    expect(curve.x.length).toBeGreaterThan(50);
    curve.x.forEach((x, i) => {
      const y = ref.beta[0] + ref.beta[1] * x;
      const half = ref.t * Math.sqrt(C[0][0] + 2 * x * C[0][1] + x * x * C[1][1]);
      expect(rel(curve.y[i], y)).toBeLessThan(1e-6);
      expect(rel((curve.confidence!.upper[i] - curve.confidence!.lower[i]) / 2, half)).toBeLessThan(1e-6);
    });
  });

  it('a nonlinear curve: the page’s band function with the fit’s covariance, at the reference points', async () => {
    loadText(fixture('exponential.csv'), 'exponential.csv');
    const model = 'a*exp(k*x) + c';
    const fit = await runFit({ model, mapping, parameters: [row('a', 2.5), row('k', -0.5), row('c', 0.4)], settings: DEFAULT_SETTINGS, ...plot });
    if (!fit.ok) throw new Error(fit.error.message);
    // The fit the worker keeps for its bands (its rows and ODRPACK's covariance), as a redraw reads it.
    const last = session.lastFit!;
    const m = compiled(model, ['x']);
    if (!m.ok) throw new Error(m.error.message);
    const ref = band('exponential');
    const grid = Float64Array.from(ref.x);
    const drawn = fitBands(m.value, last.result, grid, last.selection, last.absoluteSigma, last.selection.vars[0])!;
    ref.x.forEach((_, i) => {
      const mid = (drawn.confidence.upper[i] + drawn.confidence.lower[i]) / 2;
      expect(rel(mid, ref.y[i])).toBeLessThan(1e-6);
      expect(rel((drawn.confidence.upper[i] - drawn.confidence.lower[i]) / 2, ref.half[i])).toBeLessThan(1e-6);
    });
  });
});
