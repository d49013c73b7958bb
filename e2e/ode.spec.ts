/**
 * An ODE model on the page (issue 23, first milestone): Lotka–Volterra typed into the editor over
 * public/samples/lotka_volterra.csv, its parameters listed, fitted from the fixture's good start
 * to scipy's solve_ivp + least_squares values (fixtures/ode/lotka_volterra.json) to 1e-4
 * relative, each observed column drawn with its curve; without starts the ODE start search
 * (src/start/ode) finds them and the fit reaches the same values.
 * Screenshots at 1440×900 and 390×844 (e2e/screenshots/).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fit, fittedParameters, loadFileInput, plotted, resizeTo, setParams, typeModel } from './lib/app-actions';
import { launch, openApp, pageErrors, shot } from './lib/app-browser';
import { root, serveDist, type Served } from './lib/app-serve';

interface Fixture { model: string; params: string[]; starts: { good: Record<string, number> }; scipy: { params: Record<string, number> } }
const lv = JSON.parse(readFileSync(join(root, 'fixtures', 'ode', 'lotka_volterra.json'), 'utf8')) as Fixture;
const csv = readFileSync(join(root, 'public', 'samples', 'lotka_volterra.csv'), 'utf8');

let served: Served;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  served = await serveDist();
  browser = await launch({ webgpu: false });
  page = await openApp(browser, served.url, { width: 1440, height: 900 });
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

describe('an ODE model on the page', () => {
  it('lists the Lotka–Volterra parameters and, without starts, searches them and fits to scipy’s values', async () => {
    await loadFileInput(page, 'lotka_volterra.csv', csv);
    await page.getByTestId('rows-used').waitFor();
    await typeModel(page, lv.model);
    await page.getByTestId('detected-params').waitFor();
    expect(await page.getByTestId('detected-params').textContent()).toBe(lv.params.join(''));
    expect(await page.getByTestId('detected-variables').textContent()).toBe('HareLynx');
    for (const name of lv.params) await page.getByTestId(`param-value-${name}`).waitFor();
    expect(await fit(page)).toBe('converged');
    const fitted = await fittedParameters(page);
    for (const name of lv.params) {
      const want = lv.scipy.params[name];
      expect(Math.abs(fitted[name].value - want) / Math.abs(want), name).toBeLessThan(1e-4);
    }
    await shot(page, 'ode-searched-1440');
  });

  it('fits from the good start to scipy’s values (1e-4 relative) and draws both series', async () => {
    await setParams(page, lv.starts.good);
    expect(await fit(page)).toBe('converged');
    const fitted = await fittedParameters(page);
    for (const name of lv.params) {
      const want = lv.scipy.params[name];
      expect(Math.abs(fitted[name].value - want) / Math.abs(want), name).toBeLessThan(1e-4);
    }
    await plotted(page);
    const names = await page.$$eval('[data-testid="main-plot"] .legendtext', (els) => els.map((e) => e.textContent));
    expect(names).toEqual(['Hare', 'Hare (fit)', 'Lynx', 'Lynx (fit)']);
    await shot(page, 'ode-lv-fit-1440');
    await page.getByTestId('results').screenshot({ path: join(root, 'e2e', 'screenshots', 'ode-lv-results.png') });
    expect(await page.locator('.plot-title').textContent()).toContain('Hare, Lynx');
    await resizeTo(page, { width: 390, height: 844 });
    await plotted(page);
    await page.getByTestId('plot-panel').scrollIntoViewIfNeeded();
    await shot(page, 'ode-lv-fit-390');
    expect(pageErrors(page)).toEqual([]);
  });
});
