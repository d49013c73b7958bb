/**
 * Issue 10 on the page, derived quantities: after a fit of Puromycin (treated), `ratio = Vm/K` and
 * `halfK = K/2` typed in the results read their values and delta-method standard errors as R's
 * nls with vcov() and the analytic gradient gives them (fixtures/derived); a bad entry is named
 * with what to write; Export › results JSON carries them, and the saved session keeps them
 * (restored on reload with the same numbers). Screenshots at 1440×900, 1024×768 and
 * 390×844.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fit, loadFileInput, setParam, typeModel, scrollToSection } from './lib/app-actions';
import { openApp, pageErrors, shot } from './lib/app-browser';
import { appSuite } from './lib/app-suite';

const r = JSON.parse(readFileSync(new URL('../fixtures/derived/derived.json', import.meta.url), 'utf8'));
const csv = ['conc,rate', ...r.conc.map((c: number, i: number) => `${c},${r.rate[i]}`)].join('\n');
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

const suite = appSuite();
let page: Page;

const attr = async (testId: string, name: string) => Number(await page.getByTestId(testId).getAttribute(name));

describe('derived quantities on the page', () => {
  it("agree with R's delta method, name a bad entry, and travel in the results JSON", async () => {
    page = await openApp(suite.browser, suite.served.url);
    await loadFileInput(page, 'puromycin-treated.csv', csv);
    await page.getByTestId('rows-used').waitFor();
    await typeModel(page, 'Vm*conc/(K+conc)');
    await setParam(page, 'Vm', 200);
    await setParam(page, 'K', 0.1);
    expect(await fit(page)).toBe('converged');

    await page.getByTestId('derived-input').fill('ratio = Vm/K\nhalfK = K/2\nwrong = Vm/Km');
    await page.getByTestId('derived-table').waitFor();
    // R's nls stops at its own tolerance: values to 1e-5, errors to 1e-4 (as src/cli/derived.test.ts).
    expect(rel(await attr('derived-row-ratio', 'data-value'), r.ratio)).toBeLessThan(1e-5);
    expect(rel(await attr('derived-row-ratio', 'data-stderr'), r.se_ratio)).toBeLessThan(1e-4);
    expect(rel(await attr('derived-row-halfK', 'data-value'), r.halfK)).toBeLessThan(1e-5);
    expect(rel(await attr('derived-row-halfK', 'data-stderr'), r.se_halfK)).toBeLessThan(1e-4);
    expect(await page.getByTestId('derived-error').textContent()).toMatch(/^Entry 3: Derived quantity "wrong" uses "Km", which is not a parameter of the model; its parameters are Vm, K\./);
    await scrollToSection(page, 'derived-section');
    await shot(page, 'derived-1440');

    await page.getByTestId('derived-input').fill('ratio = Vm/K\nhalfK = K/2');
    expect(await page.getByTestId('derived-error').count()).toBe(0);
    await page.getByTestId('export-button').click();
    await page.getByTestId('export-menu').waitFor();
    const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('export-results-json').click()]);
    const doc = JSON.parse(readFileSync(await file.path(), 'utf8'));
    expect(doc.derived.map((d: { name: string }) => d.name)).toEqual(['ratio', 'halfK']);
    expect(doc.derived[0].stderr).toBe(await attr('derived-row-ratio', 'data-stderr'));
    expect(doc.derived[0].ciUpper - doc.derived[0].value).toBeCloseTo(r.t * doc.derived[0].stderr, 6);

    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1024, height: 768 });
    await scrollToSection(page, 'derived-section');
    await shot(page, 'derived-1024');
    await page.setViewportSize({ width: 390, height: 844 });
    await scrollToSection(page, 'derived-section');
    await shot(page, 'derived-390');
    const column = (await page.getByTestId('results').boundingBox())!;
    const box = (await page.getByTestId('derived-section').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(column.x + column.width + 0.5);
    expect(pageErrors(page)).toEqual([]);

    // The saved session keeps them: a reload shows the same quantities with the same numbers.
    const stderr = await attr('derived-row-ratio', 'data-stderr');
    await page.waitForFunction(() => document.querySelector('[data-testid="sessions-button"]')?.getAttribute('data-save-state') === 'saved', undefined, { timeout: 30_000 });
    await page.reload();
    await page.getByTestId('session-restored').waitFor();
    await page.getByTestId('derived-table').waitFor();
    expect(await page.getByTestId('derived-input').inputValue()).toBe('ratio = Vm/K\nhalfK = K/2');
    expect(await attr('derived-row-ratio', 'data-stderr')).toBe(stderr);
  });
});
