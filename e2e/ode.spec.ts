/**
 * An ODE model on the page (issue 23, first milestone): Lotka–Volterra typed into the editor over
 * public/samples/lotka_volterra.csv, its parameters listed, fitted from the fixture's good start
 * to scipy's solve_ivp + least_squares values (fixtures/ode/lotka_volterra.json) to 1e-4
 * relative, each observed column drawn with its curve; without starts the ODE start search
 * (src/start/ode) finds them and the fit reaches the same values.
 * Its link (issue 23: the statements, the integration and both observed columns inline) opened in
 * a fresh browser context brings the model and parameters back and fits to the same numbers, and
 * so does a refit there. The page shows what an ODE model observes in place of the y and σ
 * pickers, and statements that stop parsing keep the last curves with the parser's message.
 * After the fit each series carries its 95% confidence band, and its prediction band on request
 * (the delta method through the sensitivities). Screenshots at 1440×900, 1024×768 and 390×844
 * (e2e/screenshots/).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fit, fittedParameters, loadFileInput, plotted, resizeTo, setParams, typeModel, type FittedParameter } from './lib/app-actions';
import { collectErrors, launch, openApp, pageErrors, shot } from './lib/app-browser';
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
    // Each series' 95% confidence band (on by default), and with the toggle its prediction band.
    const bands = () => page.evaluate(() => {
      const el = document.querySelector('[data-testid="main-plot"]');
      const gd = (el?.classList.contains('js-plotly-plot') ? el : el?.querySelector('.js-plotly-plot')) as unknown as { data?: { fill?: string; name?: string }[] } | null;
      return (gd?.data ?? []).filter((t) => t.fill === 'tonexty').map((t) => t.name);
    });
    expect(await bands()).toEqual(['Hare 95% confidence band', 'Lynx 95% confidence band']);
    await page.getByTestId('toggle-prediction').check();
    await expect.poll(async () => (await bands()).length).toBe(4);
    expect(await bands()).toEqual(['Hare 95% prediction band', 'Hare 95% confidence band', 'Lynx 95% prediction band', 'Lynx 95% confidence band']);
    await shot(page, 'ode-lv-fit-1440');
    // Profile likelihood of the ODE fit (odeFit refits in the worker): each interval brackets its estimate.
    await page.getByTestId('profile-button').click();
    await page.getByTestId('profile-table').waitFor({ timeout: 60_000 });
    for (const name of lv.params) {
      const row = page.getByTestId(`profile-row-${name}`);
      const [lower, upper] = [Number(await row.getAttribute('data-lower')), Number(await row.getAttribute('data-upper'))];
      expect(lower, name).toBeLessThan(lv.scipy.params[name]);
      expect(upper, name).toBeGreaterThan(lv.scipy.params[name]);
    }
    await page.getByTestId('results').screenshot({ path: join(root, 'e2e', 'screenshots', 'ode-lv-results.png') });
    // Solver options › Integration: the method and tolerances of an ODE model.
    await page.locator('[data-testid="options-panel"] > summary').click();
    await page.getByTestId('opt-ode-method').waitFor();
    expect(await page.getByTestId('opt-ode-method').inputValue()).toBe('auto');
    await page.getByTestId('options-panel').screenshot({ path: join(root, 'e2e', 'screenshots', 'ode-options-1440.png') });
    await page.locator('[data-testid="options-panel"] > summary').click();
    expect(await page.locator('.plot-title').textContent()).toContain('Hare, Lynx');
    await resizeTo(page, { width: 390, height: 844 });
    await plotted(page);
    await page.getByTestId('plot-panel').scrollIntoViewIfNeeded();
    await shot(page, 'ode-lv-fit-390');
    expect(pageErrors(page)).toEqual([]);
  });

  let fitted: Record<string, FittedParameter> = {};
  let context: BrowserContext | null = null;

  it('puts the ODE fit in a link; a fresh context reopens it to the same numbers, and a refit there too', async () => {
    await resizeTo(page, { width: 1440, height: 900 });
    fitted = await fittedParameters(page);
    await page.getByTestId('copy-link').click();
    const status = page.locator('[data-testid="link-status"][data-state]');
    await status.waitFor();
    expect(await status.getAttribute('data-included')).toBe('true');
    const hash = await page.evaluate(() => location.hash);
    expect(hash).toMatch(/^#fit=v1\.[A-Za-z0-9_-]+$/);
    await page.keyboard.press('Escape');

    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    const opened = await context.newPage();
    collectErrors(opened);
    await opened.goto(`${served.url}${hash}`);
    await opened.locator('[data-testid="status"][data-state="converged"]').waitFor({ timeout: 120_000 });
    expect(await opened.getByTestId('model-editor').inputValue()).toBe(lv.model);
    expect(await opened.getByTestId('detected-params').textContent()).toBe(lv.params.join(''));
    const same = async () => {
      const again = await fittedParameters(opened);
      for (const name of lv.params) expect(Math.abs(again[name].value - fitted[name].value), name).toBeLessThanOrEqual(1e-9 * Math.abs(fitted[name].value));
    };
    await same();
    // The model's ~ lines name what is observed: no y or σ picker to mislead.
    expect(await opened.getByTestId('ode-observed').textContent()).toContain('Hare, Lynx');
    expect(await opened.getByTestId('y-select').count()).toBe(0);
    expect(await opened.getByTestId('sigma-select').count()).toBe(0);
    await plotted(opened);
    await shot(opened, 'ode-link-opened-1440');
    expect(await fit(opened)).toBe('converged');
    await same();
    expect(pageErrors(opened)).toEqual([]);
  });

  it('keeps the last curves, with the parser’s message, while the statements do not parse', async () => {
    const opened = context?.pages()[0];
    if (!opened) throw new Error('the link test opens this page');
    await typeModel(opened, `${lv.model}\ndQ/dt = -Q`);
    const note = opened.getByTestId('plot-ode-state');
    await note.waitFor();
    expect(await note.textContent()).toMatch(/The model does not parse: .*Q.*The plot shows the last curves/);
    const names = await opened.$$eval('[data-testid="main-plot"] .legendtext', (els) => els.map((e) => e.textContent));
    // The fit's curves, now the model's (the text changed): still both series, not a scatter of the table.
    expect(names).toEqual(['Hare', 'Hare (model)', 'Lynx', 'Lynx (model)']);
    for (const [width, height] of [[1440, 900], [1024, 768], [390, 844]] as const) {
      await resizeTo(opened, { width, height });
      await plotted(opened);
      await opened.getByTestId('plot-panel').scrollIntoViewIfNeeded();
      await shot(opened, `ode-not-parsing-${width}`);
    }
    await resizeTo(opened, { width: 1440, height: 900 });
    await typeModel(opened, lv.model);
    await note.waitFor({ state: 'detached' });
    expect(pageErrors(opened)).toEqual([]);
    await context?.close();
  });

  it('says why there are no curves instead of drawing the table as a scatter when the first statements do not parse', async () => {
    const fresh = await browser.newContext({ viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1 });
    const blank = await fresh.newPage();
    collectErrors(blank);
    await blank.goto(served.url);
    await blank.getByTestId('app').waitFor();
    await loadFileInput(blank, 'lotka_volterra.csv', csv);
    await blank.getByTestId('rows-used').waitFor();
    await typeModel(blank, 'dH/dt = alpha*H - beta*H*L\ndL/dt = delta*H*L - gamma*L\nH(0) = H0\nHare ~ H\nLynx ~ L');
    const state = blank.getByTestId('plot-ode-state');
    await state.waitFor();
    expect(await state.textContent()).toMatch(/The model does not parse: .*L/);
    expect(await blank.getByTestId('main-plot').count()).toBe(0);
    await shot(blank, 'ode-blank-1024');
    expect(pageErrors(blank)).toEqual([]);
    await fresh.close();
  });

  it('opens an ODE sample with its library model and starts, and fits it', async () => {
    const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    const sample = await fresh.newPage();
    collectErrors(sample);
    await sample.goto(served.url);
    await sample.getByTestId('app').waitFor();
    await sample.getByTestId('sample-ode-pk-two-compartment').click();
    await sample.getByTestId('rows-used').waitFor();
    expect(await sample.getByTestId('library-select').inputValue()).toBe('ode-pk-two-compartment');
    expect(await sample.getByTestId('ode-observed').textContent()).toContain('conc');
    expect(await fit(sample)).toBe('converged');
    const got = await fittedParameters(sample);
    const truth = { ka: 1.5, CL: 5, V1: 20, Q: 3, V2: 40 };
    for (const [name, want] of Object.entries(truth)) expect(Math.abs(got[name].value - want) / got[name].stderr, name).toBeLessThan(4);
    // Picking the ODE example from the library after an edit sets its statements and starts again.
    await typeModel(sample, 'dX/dt = -k*X; X(0) = X0; conc ~ X');
    await sample.getByTestId('param-value-k').waitFor();
    await sample.getByTestId('library-select').selectOption('ode-pk-two-compartment');
    expect(await sample.getByTestId('model-editor').inputValue()).toContain('dA1/dt = ka*Gut - CL/V1*A1');
    expect(await sample.getByTestId('param-value-V2').inputValue()).toBe('30');
    await plotted(sample);
    await shot(sample, 'ode-sample-pk-1440');
    expect(pageErrors(sample)).toEqual([]);
    await fresh.close();
  });
});
