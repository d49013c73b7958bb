/**
 * Issue 9, wide files in the page: the plate-reader sample (96 wells as columns) fitted per well
 * with "Each y column is a dataset", against scipy's per-well fits (fixtures/plate/plate_fits.json);
 * the wells made to fail say why in their rows; one well opened as a full single fit (from its
 * row's button, by keyboard) and back to the table. Desktop (1440×900) and phone (390×844)
 * screenshots in e2e/screenshots/. (The large cancelled batch is groups.spec.ts's.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fittedParameters, loadSampleCard } from './lib/app-actions';
import { launch, openApp, pageErrors, shot } from './lib/app-browser';
import { root, serveDist, type Served } from './lib/app-serve';

interface RefWell { well: string; n: number; converged: boolean; rss?: number; params?: Record<string, number> }
const scipy = (JSON.parse(readFileSync(join(root, 'fixtures', 'plate', 'plate_fits.json'), 'utf8')) as { wells: RefWell[] }).wells;
const well = (key: string): RefWell => scipy.find((w) => w.well === key)!;

let served: Served;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  served = await serveDist();
  browser = await launch({ webgpu: false });
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

async function tableRows(p: Page): Promise<string[][]> {
  return p.getByTestId('group-table').locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (c) => (c.textContent ?? '').trim())));
}

/** Waits until no single fit is running. */
async function fitSettled(p: Page): Promise<void> {
  await p.waitForFunction(() => document.querySelector('[data-testid="status"]')?.getAttribute('data-state') !== 'running', undefined, { timeout: 60_000 });
}

describe('a wide plate file, fitted per well', () => {
  it('fits each of the 96 wells like scipy, says why the bad wells failed, overlays them', async () => {
    page = await openApp(browser, served.url, { width: 1440, height: 900 });
    // Shared 2-core machines run several browsers at once: a step may wait long, never fail for it.
    page.setDefaultTimeout(120_000);
    await loadSampleCard(page, 'plate-reader');
    await page.locator('[data-testid="main-plot"][data-rendered="true"]').waitFor({ timeout: 120_000 });
    await page.getByTestId('group-list').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('group-wide').isChecked()).toBe(true);
    expect(await page.getByTestId('group-select').isDisabled()).toBe(true);
    expect(await page.getByTestId('group-summary').textContent()).toContain('96 of 96 y columns picked');
    const button = page.getByTestId('fit-groups-button');
    expect(await button.textContent()).toBe('Fit each y column');
    await button.click();
    await page.getByTestId('group-table').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('group-status').textContent()).toBe('Fitted 96 / 96 groups, 2 failed');

    const rows = await tableRows(page);
    expect(rows).toHaveLength(96);
    expect(rows[0][0]).toBe('A1');
    const byKey = new Map(rows.map((r) => [r[0], r]));
    // Three readings for four parameters, and none at all: not fitted, and the row says so.
    expect(byKey.get('G12')![2]).toMatch(/^not fitted: 3 usable rows for 4 free parameters/);
    expect(byKey.get('H12')![2]).toMatch(/^not fitted: 0 usable rows for 4 free parameters/);
    // The flat well: the solver stopped, but the row says what the data leave open.
    expect(byKey.get('H11')![2]).toMatch(/^undeterminedthe data do not determine (hill, EC50|EC50, hill) \(standard error ∞\)$/);
    // Every well scipy fits: reduced χ² (shown to 5 digits) times n − 4 is scipy's RSS.
    let compared = 0;
    for (const ref of scipy.filter((w) => w.converged)) {
      const r = byKey.get(ref.well)!;
      expect(r[2], ref.well).toBe('converged');
      const rss = Number(r[7].replace(/,/g, '')) * (ref.n - 4);
      expect(Math.abs(rss - ref.rss!) / ref.rss!, ref.well).toBeLessThan(5e-5);
      compared++;
    }
    expect(compared).toBe(93);
    // The overlay: at most 20 wells drawn, and the note says so.
    expect(await page.getByTestId('group-overlay-note').textContent()).toMatch(/first 20 of 96 groups/);
    await page.getByTestId('group-results').scrollIntoViewIfNeeded();
    await shot(page, 'wide-plate-1440');
    await page.locator('[data-group="H11"]').scrollIntoViewIfNeeded();
    await shot(page, 'wide-plate-failures-1440');
    expect(pageErrors(page)).toEqual([]);
  });

  it('opens one well as a full single fit from its row (keyboard), and goes back to the table', async () => {
    const open = page.locator('[data-group="B3"]').getByTestId('group-open');
    await open.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('group-opened').waitFor();
    await fitSettled(page);
    expect(await page.getByTestId('group-opened-title').textContent()).toMatch(/^y column B3 · 15 of 96 · batch: converged/);
    // The page's single fit of B3: its parameters are scipy's, with errors, intervals, statistics.
    const fitted = await fittedParameters(page);
    const ref = well('B3');
    for (const [name, value] of Object.entries(ref.params!)) expect(Math.abs(fitted[name].value - value) / Math.abs(value), name).toBeLessThan(1e-5);
    expect(Object.values(fitted).every((p) => Number.isFinite(p.stderr) && p.stderr > 0)).toBe(true);
    expect(await page.getByTestId('result-params').locator('td.ci').count()).toBe(4);
    await page.getByTestId('result-stats').waitFor();
    // The plot shows B3 with its curve and residuals.
    const traces = await page.getByTestId('main-plot').evaluate((el) => (el as unknown as { data: { name: string }[] }).data.map((t) => t.name));
    expect(traces).toContain('residuals');
    expect(await page.getByTestId('y-select').inputValue()).toBe('B3');
    // Focus sits on Back: the keyboard user can return at once.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('group-back');
    await page.getByTestId('plot-panel').scrollIntoViewIfNeeded();
    await shot(page, 'wide-opened-1440');
    await page.getByTestId('group-next').click();
    await fitSettled(page);
    expect(await page.getByTestId('group-opened-title').textContent()).toMatch(/^y column B4 /);
    // Escape goes back: the table again, A1's data on the plot, focus on the opened well's row.
    await page.keyboard.press('Escape');
    await page.getByTestId('group-table').waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'B4');
    expect(await page.getByTestId('group-status').textContent()).toBe('Fitted 96 / 96 groups, 2 failed');
    expect(pageErrors(page)).toEqual([]);
  });

  it('fits a phone (390×844): the results card and an opened well', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('group-results').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="group-results"]');
      return el !== null && el.scrollWidth <= el.clientWidth;
    }, undefined, { timeout: 5000 }).catch(() => undefined);
    expect(await page.getByTestId('group-results').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await shot(page, 'wide-plate-390');
    await page.locator('[data-group="C7"]').click();
    await page.getByTestId('group-opened').waitFor();
    await fitSettled(page);
    await page.getByTestId('group-opened').scrollIntoViewIfNeeded();
    expect(await page.getByTestId('group-opened').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await shot(page, 'wide-opened-390');
    await page.getByTestId('group-back').click();
    await page.getByTestId('group-table').waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
