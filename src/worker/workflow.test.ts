/** The worker's functions end to end in Node: load, select, draw, guess, fit, cancel, errors. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFit, cancelFit } from './fit';
import { guess } from './guess';
import { loadColumns, loadText } from './load';
import { previewCurve } from './preview';
import { select } from './select';
import type { FitProgress } from './api';
import { DEFAULT_SETTINGS } from '../state/slices/settings';

const sample = (file: string) => readFileSync(join(import.meta.dirname, '..', '..', 'public', 'samples', file), 'utf8');
const plot = { plotVar: 0, logX: false, buckets: 800 };
const mapping = { x: ['t'], y: 'counts', sigma: 'sigma' };
const decayParams = [
  { name: 'A', value: 800, min: -Infinity, max: Infinity, fixed: false },
  { name: 'tau', value: 3, min: -Infinity, max: Infinity, fixed: false },
  { name: 'c', value: 10, min: -Infinity, max: Infinity, fixed: false },
];

describe('worker workflow', () => {
  it('loads, selects and fits the decay sample near its truth', async () => {
    const loaded = loadText(sample('decay.csv'), 'decay.csv');
    expect(loaded.ok && loaded.value.columns.map((c) => c.name)).toEqual(['t', 'counts', 'sigma']);
    const sel = select(mapping, plot);
    expect(sel.ok && sel.value.rows).toBe(81);
    const curve = previewCurve({ model: 'A*exp(-t/tau) + c', mapping, params: Float64Array.from([800, 3, 10]), ...plot });
    expect(curve.ok && curve.value.kind).toBe('grid');
    expect(curve.ok && curve.value.chi2).toBeGreaterThan(0);
    const progress: FitProgress[] = [];
    const fit = await runFit({ model: 'A*exp(-t/tau) + c', mapping, parameters: decayParams, settings: DEFAULT_SETTINGS, ...plot }, (p) => progress.push(p));
    if (!fit.ok) throw new Error(fit.error.message);
    const v = Object.fromEntries(fit.value.result.parameters.map((p) => [p.name, p]));
    expect(Math.abs(v.tau.value - 4.2)).toBeLessThan(3 * v.tau.stderr);
    expect(Math.abs(v.A.value - 1000)).toBeLessThan(3 * v.A.stderr);
    expect(fit.value.curve.confidence).not.toBeNull();
    expect(fit.value.curve.prediction).not.toBeNull();
    expect(fit.value.backend.used).toBe('cpu');
    // A redraw at the fitted parameters (say on a log grid) keeps the bands; other values do not.
    const fitted = Float64Array.from(fit.value.result.parameters, (p) => p.value);
    const again = previewCurve({ model: 'A*exp(-t/tau) + c', mapping, params: fitted, ...plot, logX: true });
    expect(again.ok && again.value.confidence).not.toBeNull();
    const moved = previewCurve({ model: 'A*exp(-t/tau) + c', mapping, params: fitted.map((v) => v * 1.01), ...plot });
    expect(moved.ok && moved.value.confidence).toBeNull();
    expect(progress.length).toBeGreaterThan(0);
  });

  it('widens the prediction band by σ(x) of the data where it is, not by its mean', async () => {
    // σ = 0.1 below x = 5 and 1 above; absolute σ, so the band adds exactly σ(x)² to the curve's variance.
    const x = Array.from({ length: 1001 }, (_, i) => i / 100);
    const sigma = x.map((v) => (v < 5 ? 0.1 : 1));
    const y = x.map((v, i) => 1 + 2 * v + sigma[i] * Math.sin(i * 12.9898));
    loadColumns({ x, y, s: sigma }, 'step.csv');
    const m = { x: ['x'], y: 'y', sigma: 's' };
    const params = ['a', 'b'].map((name) => ({ name, value: 1, min: -Infinity, max: Infinity, fixed: false }));
    const fit = await runFit({ model: 'a + b*x', mapping: m, parameters: params, settings: { ...DEFAULT_SETTINGS, absoluteSigma: true }, ...plot });
    if (!fit.ok) throw new Error(fit.error.message);
    const { curve, result } = fit.value;
    if (curve.kind !== 'grid' || !curve.confidence || !curve.prediction) throw new Error('no bands');
    const t = result.tValue;
    let checked = 0;
    for (let k = 0; k < curve.x.length; k++) {
      const xk = curve.x[k];
      if (Math.abs(xk - 5) < 0.1) continue;
      const conf = (curve.confidence.upper[k] - curve.confidence.lower[k]) / 2;
      const pred = (curve.prediction.upper[k] - curve.prediction.lower[k]) / 2;
      const noise = (pred * pred - conf * conf) / (t * t);
      expect(noise, `x = ${xk}`).toBeCloseTo(xk < 5 ? 0.01 : 1, 10);
      checked++;
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('names the parameter of an input error', async () => {
    loadText(sample('decay.csv'), 'decay.csv');
    const bad = decayParams.map((p) => (p.name === 'tau' ? { ...p, min: 5, max: 10 } : p));
    const fit = await runFit({ model: 'A*exp(-t/tau) + c', mapping, parameters: bad, settings: DEFAULT_SETTINGS, ...plot });
    expect(fit.ok).toBe(false);
    if (fit.ok) return;
    expect(fit.error.code).toBe('start-outside-bounds');
    expect(fit.error.param).toBe('tau');
    expect(fit.error.field).toBe('parameter');
  });

  it('reports residuals that are not finite at the start', async () => {
    loadText(sample('decay.csv'), 'decay.csv');
    const fit = await runFit({ model: 'A*log(t - k)', mapping, parameters: [{ name: 'A', value: 1, min: -Infinity, max: Infinity, fixed: false }, { name: 'k', value: 5, min: -Infinity, max: Infinity, fixed: false }], settings: DEFAULT_SETTINGS, ...plot });
    expect(!fit.ok && fit.error.code).toBe('nonfinite-x0');
  });

  it('cancels a running fit and keeps the last accepted parameters', async () => {
    const n = 50_000;
    const x = Array.from({ length: n }, (_, i) => i / n);
    const y = x.map((t) => 3 * Math.exp(-t / 0.3) + 0.5 * Math.sin(40 * t));
    loadColumns({ x, y }, 'big');
    const m = { x: ['x'], y: 'y', sigma: null };
    select(m, plot);
    const params = ['a', 'b', 'c', 'd'].map((name) => ({ name, value: 1, min: -Infinity, max: Infinity, fixed: false }));
    const fit = await runFit({ model: 'a*exp(-x/b) + c*sin(d*x)', mapping: m, parameters: params, settings: { ...DEFAULT_SETTINGS, maxNfev: 100000 }, ...plot }, (p) => {
      if (p.iteration >= 2) setTimeout(cancelFit, 0); // a message from the main thread, as Comlink delivers it
    });
    if (!fit.ok) throw new Error(fit.error.message);
    expect(fit.value.result.status).toBe(-2);
    const last = fit.value.result.history.at(-1);
    expect(fit.value.result.parameters.map((p) => p.value)).toEqual(Array.from(last?.x ?? []));
  });

  it('reports a malformed file and guesses from a library model', async () => {
    const bad = loadText('\u0000\u0001\u0002binary', 'bad.bin');
    expect(bad.ok).toBe(false);
    loadText(sample('decay.csv'), 'decay.csv');
    select(mapping, plot);
    const g = await guess('exp-decay', 0);
    if (!g.ok) throw new Error(g.error.message);
    const tau = g.value.find((p) => p.name === 'tau');
    expect(tau?.value).toBeGreaterThan(1);
    expect(tau?.positive).toBe(true);
  });
});
