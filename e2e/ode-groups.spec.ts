/**
 * Issues 23 and 25 on the page: an ODE model fitted over groups with mixed effects. R's Orange
 * sample (it opens grouped by Tree in Mixed effects mode with Asym random), the model replaced by
 * the logistic ODE dy/dt = y(1 − y/Asym)/scal, y(0) = Asym/(1 + e^(xmid/scal)), circumference ~ y
 * (time: age), fitted with a random Asym: the fixed effects, σ, the random-effect SD and the
 * log-likelihood against nlme over deSolve's integration of the same ODE
 * (fixtures/mixed/make_ode_orange.R → ode_orange.json), and each tree drawn through its
 * integrated mixed-model curve. With a σx column (issue 24) the groups fit by ODR and "Mixed
 * effects" is off with the job's reason. The mixed fit's share link opened in a fresh browser
 * context refits to the same numbers (1e-9). Screenshots at 1440×900 and 390×844.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadFileInput, loadSampleCard, setParams, typeModel } from './lib/app-actions';
import { collectErrors, pageErrors, shotAtWidths } from './lib/app-browser';
import { root } from './lib/app-serve';
import { appSuite } from './lib/app-suite';

const desolve = JSON.parse(readFileSync(join(root, 'fixtures', 'mixed', 'ode_orange.json'), 'utf8')) as { logLik: number; fixed: Record<string, number>; sigma: number; randomSd: { Asym: number }; start: Record<string, number> };
const LOGISTIC = 'dy/dt = y*(1 - y/Asym)/scal\ny(0) = Asym/(1+exp(xmid/scal))\ncircumference ~ y';

const suite = appSuite();

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

/** The mixed card's fixed effects, random SDs, σ and log-likelihood, from its data attributes (full precision). */
async function mixedNumbers(page: Page): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const row of await page.locator('[data-testid="mixed-fixed"] tr[data-param]').all()) out[`fixed ${await row.getAttribute('data-param')}`] = Number(await row.getAttribute('data-value'));
  for (const row of await page.locator('[data-testid="mixed-random"] tr[data-param]').all()) out[`sd ${await row.getAttribute('data-param')}`] = Number(await row.getAttribute('data-sd'));
  const card = page.getByTestId('mixed-results');
  out.sigma = Number(await card.getAttribute('data-sigma'));
  out.logLik = Number(await card.getAttribute('data-loglik'));
  return out;
}

describe('an ODE model over groups on the page', () => {
  it('fits Orange with the logistic ODE and a random Asym as nlme over deSolve does', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    collectErrors(page);
    await page.goto(suite.served.url);
    await page.getByTestId('app').waitFor();
    await loadSampleCard(page, 'orange');
    await page.getByTestId('group-list').waitFor({ timeout: 120_000 });
    await typeModel(page, LOGISTIC);
    await page.getByTestId('param-row-scal').waitFor();
    await setParams(page, desolve.start);
    expect(await page.getByTestId('group-mode-mixed').isChecked()).toBe(true);
    if (!(await page.getByTestId('param-random-Asym').isChecked())) await page.getByTestId('param-random-Asym').check();
    await page.getByTestId('fit-groups-button').click();
    const card = page.getByTestId('mixed-results');
    await card.waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('group-status').textContent()).toMatch(/^Mixed-effects fit of 5 groups converged · Asym random/);
    for (const [name, value] of Object.entries(desolve.fixed)) {
      const v = Number(await page.locator(`[data-testid="mixed-fixed"] tr[data-param="${name}"]`).first().getAttribute('data-value'));
      expect(rel(v, value), `fixed ${name}`).toBeLessThan(1e-4);
    }
    expect(rel(Number(await page.locator('[data-testid="mixed-random"] tr[data-param="Asym"]').getAttribute('data-sd')), desolve.randomSd.Asym)).toBeLessThan(1e-3);
    expect(rel(Number(await card.getAttribute('data-sigma')), desolve.sigma)).toBeLessThan(1e-4);
    expect(Math.abs(Number(await card.getAttribute('data-loglik')) - desolve.logLik)).toBeLessThan(1e-3);
    // Each tree drawn through its integrated curve.
    await page.locator('[data-testid="mixed-plot"][data-rendered="true"]').waitFor({ timeout: 60_000 });
    const curves = await page.getByTestId('mixed-plot').evaluate((el) => (el as unknown as { data: { mode: string }[] }).data.filter((t) => t.mode === 'lines').length);
    expect(curves).toBe(5);

    const views = [{ width: 1440, height: 900 }, { width: 390, height: 844 }];
    await shotAtWidths(page, views, 'ode-groups-mixed', 'mixed-results', async () => {
      expect(await card.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    });
    await shotAtWidths(page, views, 'ode-groups-plot', 'mixed-plot', undefined);
    expect(pageErrors(page)).toEqual([]);

    // The share link (issues 23, 25) in a fresh browser context: the ODE model, the time column,
    // Tree in Mixed effects with Asym random, refitted to the same numbers.
    const fitted = await mixedNumbers(page);
    await page.getByTestId('copy-link').click();
    await page.locator('[data-testid="link-status"][data-state]').waitFor();
    const link = await page.evaluate(() => location.hash);
    expect(link).toMatch(/^#fit=v1\./);
    const fresh = await suite.browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    const opened = await fresh.newPage();
    collectErrors(opened);
    await opened.goto(`${suite.served.url}${link}`);
    await opened.getByTestId('app').waitFor();
    await opened.getByTestId('mixed-results').waitFor({ timeout: 120_000 });
    expect(await opened.getByTestId('group-mode-mixed').isChecked()).toBe(true);
    expect(await opened.getByTestId('param-random-Asym').isChecked()).toBe(true);
    expect(await opened.getByTestId('param-row-scal').count()).toBe(1);
    const again = await mixedNumbers(opened);
    expect(Object.keys(again)).toEqual(Object.keys(fitted));
    for (const [k, v] of Object.entries(fitted)) expect(rel(again[k], v), k).toBeLessThan(1e-9);
    await opened.locator('[data-testid="mixed-plot"][data-rendered="true"]').waitFor({ timeout: 60_000 });
    await shotAtWidths(opened, [{ width: 1440, height: 900 }], 'ode-groups-link-opened', 'mixed-results', undefined);
    expect(pageErrors(opened)).toEqual([]);
    await fresh.close();
    await context.close();
  });

  it('fits each group with errors in x (a σx column); Mixed effects is off and says why', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    collectErrors(page);
    await page.goto(suite.served.url);
    await page.getByTestId('app').waitFor();
    // Puromycin with a σ of conc (10% + 0.005), as src/state/groupsOdeOdr.test.ts fits it against the CLI.
    const rows = readFileSync(join(root, 'fixtures', 'groups', 'puromycin.csv'), 'utf8').trim().split(/\r?\n/);
    // sx beside conc, so that the page's default y stays rate (the last numeric column).
    const text = ['"conc","sx","rate","state"', ...rows.slice(1).map((l) => l.replace(',', `,${(0.1 * Number(l.split(',')[0]) + 0.005).toPrecision(6)},`))].join('\n');
    await loadFileInput(page, 'puromycin_sx.csv', text);
    await page.getByTestId('rows-used').waitFor();
    await typeModel(page, 'Vm*conc/(K + conc)');
    await setParams(page, { Vm: 200, K: 0.1 });
    await page.getByTestId('group-select').selectOption('state');
    await page.getByTestId('group-list').waitFor();
    await page.getByTestId('sigma-x-select-0').selectOption('sx');
    const mixed = page.getByTestId('group-mode-mixed');
    expect(await mixed.isDisabled()).toBe(true);
    expect(await page.locator('label', { has: mixed }).getAttribute('title')).toMatch(/Mixed effects do not run with errors in x/);
    await page.getByTestId('group-mode-each').check();
    await page.getByTestId('fit-groups-button').click();
    await page.getByTestId('group-table').waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid="group-status"]')?.textContent === 'Fitted 2 / 2 groups', undefined, { timeout: 60_000 });
    await shotAtWidths(page, [{ width: 1440, height: 900 }, { width: 390, height: 844 }], 'odr-groups-each', 'group-table', undefined);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
