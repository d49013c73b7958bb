/**
 * Issue 10 on the page: after a fit of Puromycin (treated; R's classic), the residual diagnostics
 * read in words with a Q-Q plot and a histogram; "Profile intervals" profiles the fit in the worker
 * and shows each profile interval beside its Wald interval, matching R's exact profile ends
 * (fixtures/profile/reference.json), with a profile plot per parameter; Export › Report downloads
 * the printable report with the same intervals. Screenshots at 1440×900 and 390×844.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fit, fittedParameters, loadFileInput, setParam, typeModel, scrollToSection } from './lib/app-actions';
import { join } from 'node:path';
import { openApp, pageErrors, SCREENSHOTS, shot } from './lib/app-browser';
import { puromycinTreatedCsv } from './lib/app-samples';
import { appSuite } from './lib/app-suite';

const fixture = (path: string) => readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8');
const R = JSON.parse(fixture('profile/reference.json')).puromycin as { names: string[]; estimate: number[]; exactLower: number[]; exactUpper: number[] };
const csv = puromycinTreatedCsv();

const suite = appSuite();
let page: Page;

describe('uncertainty on the page', () => {
  it('diagnostics in words, profile intervals that agree with R, profile plots, and the report', async () => {
    page = await openApp(suite.browser, suite.served.url);
    await loadFileInput(page, 'puromycin-treated.csv', csv);
    await page.getByTestId('rows-used').waitFor();
    await typeModel(page, 'Vm*conc/(K+conc)');
    await setParam(page, 'Vm', 200);
    await setParam(page, 'K', 0.05);
    expect(await fit(page)).toBe('converged');
    const fitted = await fittedParameters(page);
    expect(fitted.Vm.value).toBeCloseTo(R.estimate[0], 4);

    // Residual diagnostics: the four tests in words, and both plots drawn.
    const sentences = page.getByTestId('diagnostic-sentences');
    await sentences.waitFor();
    expect(await sentences.locator('[data-test="runs"]').textContent()).toMatch(/^✓Residuals look random: runs test p = 0\.76/);
    expect(await sentences.locator('[data-test="replicates"]').textContent()).toContain('F(4, 6)');
    await page.locator('[data-testid="qq-plot"][data-rendered="true"]').waitFor({ timeout: 90_000 });
    await page.locator('[data-testid="residual-histogram"][data-rendered="true"]').waitFor({ timeout: 90_000 });

    // Profile intervals, run in the worker.
    await page.getByTestId('profile-button').click();
    await page.getByTestId('profile-table').waitFor({ timeout: 60_000 });
    for (const [i, name] of R.names.entries()) {
      const row = page.getByTestId(`profile-row-${name}`);
      const lower = Number(await row.getAttribute('data-lower'));
      const upper = Number(await row.getAttribute('data-upper'));
      const width = R.exactUpper[i] - R.exactLower[i];
      expect(Math.abs(lower - R.exactLower[i]) / width).toBeLessThan(1e-6);
      expect(Math.abs(upper - R.exactUpper[i]) / width).toBeLessThan(1e-6);
      // Labelled apart from the Wald interval, and visibly asymmetric for K.
      expect(await row.locator('.ci-wald').textContent()).not.toBe(await row.locator('.ci-profile').textContent());
    }
    expect(await page.getByTestId('profile-table').locator('thead').textContent()).toContain('95% profile interval');
    await page.getByTestId('profile-plot-K').click();
    await page.locator('[data-testid="profile-plot"][data-rendered="true"]').waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('profile-plot').getAttribute('aria-label')).toBe('Profile of K');
    await scrollToSection(page, 'profile-section');
    await shot(page, 'uncertainty-profile-1440');
    await scrollToSection(page, 'residual-section');
    await shot(page, 'uncertainty-residuals-1440');

    // The report: the same profile intervals, the Wald ones beside them.
    await page.getByTestId('export-button').click();
    await page.getByTestId('export-menu').waitFor();
    const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('export-report-html').click()]);
    expect(file.suggestedFilename()).toBe('puromycin-treated-report.html');
    const html = readFileSync(await file.path(), 'utf8');
    expect(html).toContain('data-ci-method="profile"');
    for (const name of R.names) {
      const cell = new RegExp(`<tr data-param="${name}">.*?data-method="profile" data-lower="([^"]+)" data-upper="([^"]+)"`).exec(html);
      const row = page.getByTestId(`profile-row-${name}`);
      expect(cell?.[1]).toBe(await row.getAttribute('data-lower'));
      expect(cell?.[2]).toBe(await row.getAttribute('data-upper'));
    }
    expect(html).toContain('Residuals look random: runs test p = 0.76');
    expect(html.match(/<svg /g)).toHaveLength(6);
    const report = await suite.browser.newPage({ viewport: { width: 1000, height: 900 } });
    await report.setContent(html);
    await report.screenshot({ path: join(SCREENSHOTS, 'uncertainty-report.png'), fullPage: true });
    await report.close();

    // Narrow screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await scrollToSection(page, 'profile-section');
    await page.waitForTimeout(300);
    await shot(page, 'uncertainty-profile-390');
    await scrollToSection(page, 'residual-section');
    await shot(page, 'uncertainty-residuals-390');
    // These sections stay within the results column (the page's own width: layout.spec.ts).
    const column = (await page.getByTestId('results').boundingBox())!;
    for (const id of ['profile-section', 'residual-section']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(column.x + column.width + 0.5);
    }
    expect(pageErrors(page)).toEqual([]);
  });
});
