/**
 * Weights from y on the page (issue 10, "Weighting"): chosen in the σ select, they go to the
 * worker's fit as settings.weights. Against scipy's curve_fit with the σ each weighting implies
 * (fixtures/scipy/make_weights.py): Puromycin (treated) under 1/y and 1/y², a decay's counts with
 * empty bins under Poisson. The choice travels in links (written only when not 'sigma'), sessions,
 * the exported command (--weights) and the Python script (weights_sigma).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { localClient } from '../client/localClient';
import { setClient } from '../client/worker';
import { cliCommand } from '../export/cliCommand';
import { pythonScript } from '../export/python/script';
import { decodeSpec, encodeSpec, specToJson } from '../share/index';
import { loadText } from './actions/data';
import { runFit } from './actions/fit';
import { setModelText } from './actions/model';
import { setParamValue } from './actions/params';
import { setSettings } from './actions/settings';
import { isWeighted } from './slices/settings';
import { fitSignature, resultsFresh } from './signature';
import { currentSpec } from './selectors/spec';
import { getState, initialState, setState } from './store';

interface Case {
  x: number[];
  y: number[];
  model: string;
  p0: number[];
  fits: Record<string, { popt: number[]; pcov: number[][] }>;
}
const ref = JSON.parse(readFileSync(new URL('../../fixtures/scipy/weights.json', import.meta.url), 'utf8')) as Record<'puromycin' | 'counts', Case>;
const relative = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

async function fitWith(c: Case, x: string, names: string[], weights: '1/y' | '1/y2' | 'poisson') {
  setState(initialState, true);
  expect(await loadText([`${x},y`, ...c.x.map((v, i) => `${v},${c.y[i]}`)].join('\n'), 'weights.csv')).toBe(true);
  setModelText(c.model.replace(/\bconc\b/g, x));
  names.forEach((name, i) => setParamValue(name, c.p0[i]));
  setSettings({ weights });
  expect(isWeighted(getState())).toBe(true);
  await runFit();
  expect(getState().fitError).toBeNull();
  expect(getState().fitStatus).toBe('done');
  return getState().outcome!.result;
}

describe('weights from y on the page', () => {
  beforeAll(() => setClient(localClient()));

  for (const weights of ['1/y', '1/y2'] as const) {
    it(`Puromycin (treated) with ${weights} weights: scipy's values and covariance`, async () => {
      const c = ref.puromycin;
      const r = await fitWith(c, 'conc', ['Vm', 'K'], weights);
      const want = c.fits[weights];
      r.parameters.forEach((q, i) => {
        expect(relative(q.value, want.popt[i])).toBeLessThan(1e-8);
        expect(relative(q.stderr!, Math.sqrt(want.pcov[i][i]))).toBeLessThan(1e-6);
      });
      // The χ² drawn with the curve weighs the points as the fit did: Σ((y − f)/σ)² = 2·cost.
      expect(relative(getState().curve!.chi2, 2 * r.cost)).toBeLessThan(1e-9);
    });
  }

  it('decay counts with empty bins under Poisson weights (σ = 1 where y = 0): scipy again', async () => {
    const c = ref.counts;
    const r = await fitWith(c, 't', ['A', 'k'], 'poisson');
    const want = c.fits.poisson;
    r.parameters.forEach((q, i) => {
      expect(relative(q.value, want.popt[i])).toBeLessThan(1e-8);
      expect(relative(q.stderr!, Math.sqrt(want.pcov[i][i]))).toBeLessThan(1e-6);
    });
  });

  it('leaves the results stale once the weights or the loss change, and fresh again when set back', async () => {
    await fitWith(ref.puromycin, 'conc', ['Vm', 'K'], '1/y2');
    expect(resultsFresh(getState())).toBe(true);
    setSettings({ weights: '1/y' });
    expect(resultsFresh(getState())).toBe(false);
    setSettings({ weights: '1/y2' });
    expect(resultsFresh(getState())).toBe(true);
    setSettings({ loss: 'cauchy' });
    expect(resultsFresh(getState())).toBe(false);
    setSettings({ loss: 'linear' });
    expect(resultsFresh(getState())).toBe(true);
    // With the default settings the signature is the one saved sessions already hold.
    setSettings({ weights: undefined });
    expect(fitSignature(getState())).not.toContain('|set:');
  });

  it('travels in a link (only when chosen), the exported command and the Python script', async () => {
    await fitWith(ref.puromycin, 'conc', ['Vm', 'K'], '1/y2');
    const spec = currentSpec(getState());
    expect(JSON.parse(specToJson(spec)).settings).toMatchObject({ weights: '1/y2' });
    const back = decodeSpec(await encodeSpec(spec));
    if (!back.ok) throw new Error(back.error.message);
    expect(back.spec.settings.weights).toBe('1/y2');
    expect(cliCommand(spec, { csvFileName: 'p.csv' })).toContain('--weights 1/y2');
    const script = pythonScript(spec, { csvFileName: 'p.csv', delimiter: ',', decimalComma: false, header: true });
    expect(script).toContain('WEIGHTS = "1/y2"');
    expect(script).toContain('SIGMA = weights_sigma(Y)');
    // Back to none: the link is as before weights existed.
    setSettings({ weights: 'sigma' });
    expect(isWeighted(getState())).toBe(false);
    expect(JSON.parse(specToJson(currentSpec(getState()))).settings).not.toHaveProperty('weights');
  });
});
