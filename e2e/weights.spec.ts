/**
 * Issue 10, weights on the page: the σ select offers weights from y below the columns. Puromycin
 * (treated) fitted with "1/y², relative" matches scipy's curve_fit with σ = |y|
 * (fixtures/scipy/weights.json), errors included; a reload restores the choice from the saved
 * session. Screenshots at 1440×900 and 390×844 (the fit once, the page resized). And the Poisson objective (Solver options) on
 * counts against R's glm (fixtures/poisson), its Cash statistic and deviance in the results.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fit, fittedParameters, loadFileInput, pageNow, savedSince, setParam, typeModel } from './lib/app-actions';
import { openApp, pageErrors, shot, shotAtWidths } from './lib/app-browser';
import { puromycinTreatedCsv } from './lib/app-samples';
import { appSuite } from './lib/app-suite';

const scipy = JSON.parse(readFileSync(new URL('../fixtures/scipy/weights.json', import.meta.url), 'utf8')).puromycin.fits['1/y2'] as { popt: number[]; pcov: number[][] };
const WEIGHTS = '\u00011/y2';
const suite = appSuite();

describe('weights from y', () => {
  it('1/y² on Puromycin (treated) gives scipy\'s fit and survives a reload', async () => {
    {
      const page = await openApp(suite.browser, suite.served.url, { width: 1440, height: 900 });
      await loadFileInput(page, 'puromycin-treated.csv', `${puromycinTreatedCsv()}\n`);
      await page.getByTestId('rows-used').waitFor();
      await typeModel(page, 'Vm*conc/(K+conc)');
      await setParam(page, 'Vm', 200);
      await setParam(page, 'K', 0.05);
      await page.getByTestId('sigma-select').selectOption({ label: 'weights 1/y², relative (σ = |y|)' });
      expect(await page.getByTestId('sigma-select').inputValue()).toBe(WEIGHTS);
      expect(await fit(page)).toBe('converged');
      const fitted = await fittedParameters(page);
      ['Vm', 'K'].forEach((name, i) => {
        expect(Math.abs(fitted[name].value - scipy.popt[i]) / scipy.popt[i], name).toBeLessThan(1e-6);
        expect(Math.abs(fitted[name].stderr - Math.sqrt(scipy.pcov[i][i])) / Math.sqrt(scipy.pcov[i][i]), `${name} se`).toBeLessThan(1e-3);
      });
      // The χ² beside the parameters weighs the points as the fit did (σ = |y|), at scipy's values.
      const data = puromycinTreatedCsv().split('\n').slice(1).map((l) => l.split(',').map(Number));
      const chi2 = data.reduce((a, [x, y]) => a + ((y - (scipy.popt[0] * x) / (scipy.popt[1] + x)) / Math.abs(y)) ** 2, 0);
      const live = (await page.getByTestId('live-chi2').textContent()) ?? '';
      expect(live).toMatch(/^χ² /);
      expect(Math.abs(Number(live.replace('χ²', '').trim()) - chi2) / chi2).toBeLessThan(1e-3);
      const shown = await pageNow(page);
      await shotAtWidths(page, [{ width: 1440, height: 900 }, { width: 390, height: 844 }], 'weights', 'sigma-select');
      // The saved session keeps the weights.
      await savedSince(page, shown);
      await page.reload();
      await page.getByTestId('session-restored').waitFor();
      expect(await page.getByTestId('sigma-select').inputValue()).toBe(WEIGHTS);
      expect(pageErrors(page)).toEqual([]);
      await page.close();
    }
  });
  it('Poisson likelihood on counts gives R\'s glm fit and says so in the results', async () => {
    const R = JSON.parse(readFileSync(new URL('../fixtures/poisson/poisson.json', import.meta.url), 'utf8')) as { t: number[]; y: number[]; A: number; k: number; se_A: number; se_k: number; deviance: number };
    const page = await openApp(suite.browser, suite.served.url, { width: 1440, height: 900 });
    await loadFileInput(page, 'counts.csv', ['t,counts', ...R.t.map((t, i) => `${t},${R.y[i]}`)].join('\n'));
    await page.getByTestId('rows-used').waitFor();
    await typeModel(page, 'A*exp(-k*t)');
    await setParam(page, 'A', 30);
    await setParam(page, 'k', 0.2);
    await page.locator('[data-testid="options-panel"] summary').click();
    await page.getByTestId('opt-objective').selectOption('poisson');
    expect(await page.getByTestId('opt-loss').isDisabled()).toBe(true);
    expect(await fit(page)).toBe('converged');
    const fitted = await fittedParameters(page);
    expect(Math.abs(fitted.A.value - R.A) / R.A).toBeLessThan(1e-6);
    expect(Math.abs(fitted.k.value - R.k) / R.k).toBeLessThan(1e-6);
    expect(Math.abs(fitted.k.stderr - R.se_k) / R.se_k).toBeLessThan(1e-3);
    expect(await page.getByTestId('live-chi2').textContent()).toMatch(/^deviance 16\.92/);
    // A likelihood fit's table tests with the normal, as R's summary.glm: the column is z, not t.
    expect((await page.locator('[data-testid="result-params"] th.t-head').textContent())?.trim()).toBe('z');
    await page.getByTestId('result-params').scrollIntoViewIfNeeded();
    await shot(page, 'poisson-params-1440');
    const note = page.getByTestId('result-poisson');
    expect(await note.textContent()).toMatch(/Poisson maximum likelihood: Cash C = [−\d.]+, deviance 16\.92\d* on 18 degrees of freedom/);
    await note.scrollIntoViewIfNeeded();
    await shot(page, 'poisson-1440');
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
