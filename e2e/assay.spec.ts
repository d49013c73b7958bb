/**
 * The assay workflow on the page (issue 26): the ELISA plate sample opens with "Interpolate
 * unknowns" (replicates in its sample column) and ROUT on; with predictions and a 200-resample
 * bootstrap added, one Fit gives the unknowns' x̂ and intervals, the predictions, the outlier and
 * the bootstrap intervals of the CLI's JSON on the same file (fixtures/assay/elisa_cli.json, made
 * by fixtures/assay/make_elisa_cli.mjs) to 1e-9; the outlier is drawn hollow and "put back"
 * refits with it; a histogram per parameter is drawn. One page load. Screenshots at 1440×900,
 * 1024×768 and 390×844 (e2e/screenshots/assay-*).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fit, fittedParameters, loadSampleCard, plotted, resizeTo } from './lib/app-actions';
import { launch, openApp, pageErrors, shot } from './lib/app-browser';
import { root, serveDist, type Served } from './lib/app-serve';

interface Unknown { row: number; x: number | null; lower: number | null; upper: number | null; status: string }
const cli = JSON.parse(readFileSync(join(root, 'fixtures', 'assay', 'elisa_cli.json'), 'utf8')) as {
  params: Record<string, number>;
  free: string[];
  interpolated: Unknown[];
  outliers: { rows: number[] };
  bootstrapCi: Record<string, [number, number]>;
};

const close = (got: number | null, want: number | null, what: string) => {
  if (want === null) return expect(got, what).toBeNull();
  expect(Math.abs((got as number) - want), what).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want)));
};
const attr = (v: string | null): number | null => (v === null || v === 'null' ? null : Number(v));

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

describe('the assay workflow on the page', () => {
  it('opens the ELISA plate with its assay switches and reads the unknowns, outlier and bootstrap as the CLI does', async () => {
    await loadSampleCard(page, 'elisa-plate');
    expect(await page.getByTestId('assay-interpolate').isChecked()).toBe(true);
    expect(await page.getByTestId('assay-rout').isChecked()).toBe(true);
    expect(await page.getByTestId('assay-sample').inputValue()).toBe('sample');
    await page.getByTestId('assay-predict').fill('50, 200');
    await page.getByTestId('assay-bootstrap').check();
    await page.getByTestId('assay-resamples').fill('200');
    await page.getByTestId('assay-seed').fill('7');
    expect(await fit(page)).toBe('converged');
    const fitted = await fittedParameters(page);
    for (const [name, want] of Object.entries(cli.params)) close(fitted[name].value, want, name);
    for (const u of cli.interpolated) {
      const row = page.getByTestId(`assay-unknown-${u.row}`);
      expect(await row.getAttribute('data-status')).toBe(u.status);
      close(attr(await row.getAttribute('data-x')), u.x, `x̂ of line ${u.row}`);
      close(attr(await row.getAttribute('data-lower')), u.lower, `lower of line ${u.row}`);
      close(attr(await row.getAttribute('data-upper')), u.upper, `upper of line ${u.row}`);
    }
    // U6 reads above the curve: a status in words, not a number.
    expect(await page.getByTestId('assay-statuses').textContent()).toContain('above what the curve reaches');
    for (const name of cli.free) {
      const cell = page.getByTestId(`result-bootstrap-${name}`);
      close(attr(await cell.getAttribute('data-lower')), cli.bootstrapCi[name][0], `bootstrap lower of ${name}`);
      close(attr(await cell.getAttribute('data-upper')), cli.bootstrapCi[name][1], `bootstrap upper of ${name}`);
      await page.locator(`[data-testid="assay-histogram-${name}"][data-rendered="true"]`).waitFor();
    }
    const [line] = cli.outliers.rows;
    await page.getByTestId(`assay-outlier-${line}`).waitFor();
    await plotted(page);
    const legend = await page.$$eval('[data-testid="main-plot"] .legendtext', (els) => els.map((e) => e.textContent));
    expect(legend).toContain('ROUT outlier (1)');
    await shot(page, 'assay-fit-1440');
    await page.getByTestId('assay-unknowns').scrollIntoViewIfNeeded();
    await shot(page, 'assay-unknowns-1440');
    await page.getByTestId('assay-histograms-card').scrollIntoViewIfNeeded();
    await shot(page, 'assay-bootstrap-1440');
    for (const viewport of [{ width: 1024, height: 768 }, { width: 390, height: 844 }]) {
      await resizeTo(page, viewport);
      await page.getByTestId('plot-panel').scrollIntoViewIfNeeded();
      await shot(page, `assay-fit-${viewport.width}`);
      await page.getByTestId('assay-unknowns').scrollIntoViewIfNeeded();
      await shot(page, `assay-unknowns-${viewport.width}`);
    }
    await resizeTo(page, { width: 1440, height: 900 });
    await page.getByTestId('assay-panel').scrollIntoViewIfNeeded();
    await shot(page, 'assay-controls-1440');
    expect(pageErrors(page)).toEqual([]);
  });

  it('puts the outlier back: the fit runs again with it kept, and nothing is flagged', async () => {
    const [line] = cli.outliers.rows;
    const n = Number(await page.getByTestId('result-params').count());
    expect(n).toBe(1);
    await fit(page, () => page.getByTestId(`assay-put-back-${line}`).click());
    await page.getByTestId('assay-no-outliers').waitFor();
    expect(await page.getByTestId('assay-kept').textContent()).toContain(`line ${line}`);
    await plotted(page);
    const legend = await page.$$eval('[data-testid="main-plot"] .legendtext', (els) => els.map((e) => e.textContent));
    expect(legend.some((t) => t?.startsWith('ROUT outlier'))).toBe(false);
    // The bootstrap ran again on the fit with the point in it: still a histogram per parameter.
    for (const name of cli.free) await page.locator(`[data-testid="assay-histogram-${name}"][data-rendered="true"]`).waitFor();
    await page.getByTestId('assay-outliers').scrollIntoViewIfNeeded();
    await shot(page, 'assay-put-back-1440');
    expect(pageErrors(page)).toEqual([]);
  });

  it('counts the bootstrap’s refits in the status line, and Cancel stops them and keeps the fit', async () => {
    await page.getByTestId('assay-resamples').fill('1000000');
    await page.getByTestId('fit-button').click();
    await page.waitForFunction(() => /^Bootstrap · \d+ of 1000000 resamples/.test(document.querySelector('[data-testid="status"]')?.textContent ?? ''), undefined, { timeout: 60_000 });
    await page.getByTestId('status').scrollIntoViewIfNeeded();
    await shot(page, 'assay-bootstrap-running-1440');
    expect(await fit(page, () => page.getByTestId('cancel-button').click())).toBe('converged');
    await page.getByTestId('assay-bootstrap-cancelled').waitFor();
    expect(await page.getByTestId('assay-histograms-card').count()).toBe(0);
    // The fit and its unknowns stand.
    expect(await page.getByTestId('assay-unknowns').count()).toBe(1);
    expect(pageErrors(page)).toEqual([]);
  });
});
