/**
 * Issue 27 on the built page, as a new user walks it: R's CO2 (fixtures/groups/co2.csv) fitted
 * pooled, per Plant, one plant opened and closed, then globally; Theoph with its dose per subject.
 * Checked where the width matters and looked at (screenshots `page27-*` at 1440×900, 1024×768 and
 * 390×844):
 *  - item 4: back from Mc1, Export › Report is the pooled fit of all 84 rows and says so, and
 *    "Fit and residuals" downloads (it said "Fit first" under a converged card);
 *  - item 6: at 1024×768 in global mode every parameter name is whole (they read "A…", "l…"), the
 *    per-group table that scrolls sideways says so, and on a phone the header shows the brand and
 *    the file name whole;
 *  - item 7: the global card says χ² (RSS), not "Total cost";
 *  - item 8: Theoph's Dose is a variable as soon as the model names it (x-select-1), not a
 *    parameter row, and the model card says so.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fit, resizeTo, setParam, typeModel } from './lib/app-actions';
import { openApp, pageErrors, shot } from './lib/app-browser';
import { root } from './lib/app-serve';
import { appSuite } from './lib/app-suite';

const CO2 = JSON.parse(readFileSync(join(root, 'fixtures', 'groups', 'co2_nls.json'), 'utf8')) as { model: string; start: Record<string, number>; pooled: { rss: number } };
const THEOPH = (JSON.parse(readFileSync(join(root, 'fixtures', 'groupfits', 'nls_groups.json'), 'utf8')) as { theoph: { model: string; start: Record<string, number> } }).theoph;
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };

const suite = appSuite();

async function openFile(page: Page, file: string, info: string): Promise<void> {
  await page.getByTestId('file-input').setInputFiles(join(root, 'fixtures', 'groups', file));
  await page.getByTestId('table-info').filter({ hasText: info }).waitFor();
}

/** Elements under `selector` whose text is cut (wider than their box). */
function cut(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => Array.from(document.querySelectorAll<HTMLElement>(sel)).filter((el) => el.getClientRects().length > 0 && el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent ?? ''), selector);
}

/** The report's HTML, downloaded from Export › Report. */
async function report(page: Page): Promise<string> {
  await page.getByTestId('export-button').click();
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('export-report-html').click()]);
  return readFileSync((await file.path())!, 'utf8');
}

/** Global mode with `shared` shared, fitted; waits for the card. */
async function fitGlobally(page: Page, shared: readonly string[]): Promise<void> {
  await page.getByTestId('group-mode-global').check();
  for (const name of shared) await page.getByTestId(`param-shared-${name}`).check();
  await page.getByTestId('fit-groups-button').click();
  await page.getByTestId('global-results').waitFor({ timeout: 120_000 });
}

/** At 1024×768 and on a phone: names whole, a sideways-scrolling table says so, the header whole. */
async function checkWidths(page: Page, name: string): Promise<void> {
  for (const viewport of [WIDE, NARROW, PHONE]) {
    await resizeTo(page, viewport);
    const size = `${viewport.width}x${viewport.height}`;
    await page.getByTestId('params-panel').scrollIntoViewIfNeeded();
    await shot(page, `page27-${name}-params-${size}`);
    await page.getByTestId('global-results').scrollIntoViewIfNeeded();
    await shot(page, `page27-${name}-global-${size}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `page27-${name}-top-${size}`);
    expect(await cut(page, '.param-name'), `${size}: parameter names`).toEqual([]);
    expect(await cut(page, '[data-testid^="param-value-"]'), `${size}: parameter values`).toEqual([]);
    expect(await cut(page, '.topbar .brand, .topbar .source'), `${size}: header`).toEqual([]);
    for (const table of ['global-table', 'group-table']) {
      const wrap = page.getByTestId(`${table}-wrap`);
      if ((await wrap.count()) === 0) continue;
      const scrolls = await wrap.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(await page.getByTestId(`${table}-scrolls`).isVisible(), `${size}: ${table} says whether it scrolls`).toBe(scrolls);
      if (scrolls) {
        await wrap.scrollIntoViewIfNeeded();
        await shot(page, `page27-${name}-${table}-scrolls-${size}`);
      }
    }
  }
  await resizeTo(page, WIDE);
}

describe('issue 27 on the page', () => {
  it('the header on a phone: the brand and the file name whole', async () => {
    const page = await openApp(suite.browser, suite.served.url, PHONE);
    page.setDefaultTimeout(120_000);
    await openFile(page, 'theoph.csv', '132 rows');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'page27-header-390x844');
    expect(await cut(page, '.topbar .brand, .topbar .source, .topbar .brand-name, .topbar .source-name')).toEqual([]);
    // On screen: nothing of the header past the window's right edge.
    const right = await page.evaluate(() => Math.max(...Array.from(document.querySelectorAll('.topbar *')).map((el) => el.getBoundingClientRect().right)));
    expect(right).toBeLessThanOrEqual(390);
    expect(await page.getByTestId('source-label').textContent()).toContain('theoph.csv');
    await page.close();
  });

  it('CO2: pooled, each Plant, Mc1 opened and closed, the report of the pooled fit; then globally, at every width', async () => {
    const page = await openApp(suite.browser, suite.served.url, WIDE);
    page.setDefaultTimeout(120_000);
    await openFile(page, 'co2.csv', '84 rows');
    await typeModel(page, CO2.model);
    for (const [name, value] of Object.entries(CO2.start)) await setParam(page, name, value);
    expect(await fit(page)).toBe('converged');
    await page.getByTestId('group-select').selectOption('Plant');
    await page.getByTestId('fit-groups-button').click();
    await page.getByTestId('group-table').waitFor();
    await page.locator('[data-testid="group-table"] tr[data-group="Mc1"] [data-testid="group-open"]').click();
    await page.getByTestId('group-opened').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="status"]')?.getAttribute('data-state') === 'converged');
    await page.getByTestId('export-button').click();
    expect(await page.getByTestId('export-scope').textContent()).toBe('Every item describes the fit of Plant = Mc1 alone.');
    await shot(page, 'page27-co2-export-opened-1440x900');
    await page.keyboard.press('Escape');
    await page.getByTestId('group-back').click();
    await page.getByTestId('group-opened').waitFor({ state: 'detached' });
    await page.getByTestId('results').waitFor();
    const html = await report(page);
    expect(html).toContain('<span data-rows="84">');
    expect(html).toContain('data-scope="pooled"');
    expect(Number(/<tr data-stat="chi2">.*?data-value="([^"]*)"/.exec(html)?.[1])).toBeCloseTo(CO2.pooled.rss, 3);
    await page.keyboard.press('Escape');
    await page.getByTestId('export-button').click();
    const [points] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('export-points-csv').click()]);
    expect(readFileSync((await points.path())!, 'utf8').trim().split('\n').filter((l) => !l.startsWith('#')).length - 1).toBe(84);

    await fitGlobally(page, ['lrc']);
    const summary = (await page.getByTestId('global-summary').textContent()) ?? '';
    expect(summary).toMatch(/^χ² \(RSS\) [\d.]+ over 84 points/);
    expect(summary).not.toMatch(/cost/i);
    await checkWidths(page, 'co2');
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('Theoph: Dose is a variable once the model names it; fitted globally, names whole at every width', async () => {
    const page = await openApp(suite.browser, suite.served.url, WIDE);
    page.setDefaultTimeout(120_000);
    await openFile(page, 'theoph.csv', '132 rows');
    await typeModel(page, THEOPH.model);
    await page.getByTestId('x-select-1').waitFor();
    expect(await page.getByTestId('x-select-1').inputValue()).toBe('Dose');
    expect(await page.getByTestId('param-row-Dose').count()).toBe(0);
    expect(await page.getByTestId('named-columns').textContent()).toMatch(/“Dose” is a data column, so the model reads it as data/);
    for (const [name, value] of Object.entries(THEOPH.start)) await setParam(page, name, value);
    await page.getByTestId('group-select').selectOption('Subject');
    await page.getByTestId('named-columns').filter({ hasText: 'within each Subject' }).waitFor();
    await shot(page, 'page27-theoph-model-1440x900');
    await fitGlobally(page, ['lKe']);
    await checkWidths(page, 'theoph');
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
