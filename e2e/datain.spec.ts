/**
 * Issue 13, "Data in": an Excel workbook with two sheets dropped on the page, the second sheet
 * picked and fitted (agreeing with R's nls, fixtures/datain/growth_nls.json); a CSV whose first
 * column is a run counter gets time and signal as x and y; a file whose first columns are labels
 * has its header found, and the "First row is header" switch reads it again either way.
 * Screenshots at 1440×900, 1024×768 and 390×844 in e2e/screenshots/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fit, fittedParameters, setParam, typeModel } from './lib/app-actions';
import { launch, openApp, pageErrors, shot } from './lib/app-browser';
import { root, serveDist, type Served } from './lib/app-serve';

const dir = join(root, 'fixtures', 'datain');
const nls = JSON.parse(readFileSync(join(dir, 'growth_nls.json'), 'utf8')) as Record<'Asym' | 'xmid' | 'scal', { value: number; stderr: number }>;

let served: Served;
let browser: Browser;

beforeAll(async () => {
  served = await serveDist();
  browser = await launch({ webgpu: false });
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

/** Drops a fixture file on the page as a person drags it from their desktop. */
async function dropFile(page: Page, file: string, type: string): Promise<void> {
  const base64 = readFileSync(join(dir, file)).toString('base64');
  await page.evaluate(
    ([name, b64, mime]) => {
      const bytes = Uint8Array.from(atob(b64 as string), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name as string, { type: mime as string }));
      for (const kind of ['dragenter', 'dragover', 'drop']) window.dispatchEvent(new DragEvent(kind, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    [file, base64, type],
  );
}

async function openFixture(page: Page, file: string): Promise<void> {
  await page.getByTestId('file-input').setInputFiles(join(dir, file));
}

const info = async (page: Page) => (await page.getByTestId('table-info').textContent()) ?? '';
const waitInfo = (page: Page, text: string) => page.waitForFunction((t) => document.querySelector('[data-testid="table-info"]')?.textContent?.includes(t), text, { timeout: 60_000 });
const mapping = async (page: Page) => ({ x: await page.getByTestId('x-select-0').inputValue(), y: await page.getByTestId('y-select').inputValue(), sigma: await page.getByTestId('sigma-select').inputValue() });

describe('data in: spreadsheets, default columns, the header switch', () => {
  it('drops an .xlsx with two sheets, picks the second, fits it like R', async () => {
    const page = await openApp(browser, served.url, { width: 1440, height: 900 });
    await dropFile(page, 'sheets.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    await waitInfo(page, 'Excel sheet “decay” of 2');
    expect(await info(page)).toContain('30 rows × 3 columns');
    expect(await mapping(page)).toEqual({ x: 't', y: 'counts', sigma: 'sigma' });
    expect(await page.getByTestId('sheet-select').locator('option').allTextContents()).toEqual(['decay', 'growth']);

    await page.getByTestId('sheet-select').selectOption('growth');
    await waitInfo(page, 'Excel sheet “growth” of 2');
    expect(await info(page)).toContain('35 rows × 3 columns');
    // tree is an ID in blocks; age the grid repeated per tree
    expect(await mapping(page)).toEqual({ x: 'age', y: 'circumference', sigma: '' });

    await typeModel(page, 'Asym/(1+exp((xmid-age)/scal))');
    await setParam(page, 'Asym', 200);
    await setParam(page, 'xmid', 700);
    await setParam(page, 'scal', 350);
    const state = await fit(page).catch(async (e) => { await shot(page, 'debug-datain'); console.log('ERRORS', pageErrors(page)); throw e; });
    expect(state).toBe('converged');
    const fitted = await fittedParameters(page);
    for (const name of ['Asym', 'xmid', 'scal'] as const) {
      expect(Math.abs((fitted[name]?.value ?? NaN) - nls[name].value) / Math.abs(nls[name].value), name).toBeLessThan(1e-6);
      expect(Math.abs((fitted[name]?.stderr ?? NaN) - nls[name].stderr) / nls[name].stderr, `${name} stderr`).toBeLessThan(1e-4);
    }
    await page.locator('[data-testid="main-plot"][data-rendered="true"]').waitFor({ timeout: 120_000 });
    await page.locator('.sidebar-scroll').evaluate((el) => el.scrollTo(0, 0));
    await shot(page, 'datain-xlsx-1440');
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('a CSV with a run counter first gets time and signal; a model for other data is not fitted', async () => {
    const page = await openApp(browser, served.url, { width: 1440, height: 900 });
    await openFixture(page, 'id_first.csv');
    await waitInfo(page, '40 rows × 3 columns');
    expect(await mapping(page)).toEqual({ x: 'time', y: 'signal', sigma: '' });
    // A model written in another x (t) makes t a parameter: Fit refuses and says why.
    await typeModel(page, 'A*exp(-t/tau) + c');
    expect(await fit(page)).toBe('error');
    expect(await page.getByTestId('status').textContent()).toContain('uses none of the x columns (time)');
    expect(await page.getByTestId('case-hint').count()).toBe(0);
    await typeModel(page, 'A*exp(-Time/tau) + c');
    expect(await page.getByTestId('case-hint').textContent()).toContain('“Time” is a parameter; did you mean the column “time”?');
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('finds the header over leading label columns; the switch reads the file again either way', async () => {
    const page = await openApp(browser, served.url, { width: 1024, height: 768 });
    await openFixture(page, 'text_leading.csv');
    await waitInfo(page, '24 rows × 5 columns');
    expect(await info(page)).toContain('header row');
    expect(await page.getByTestId('header-switch').isChecked()).toBe(true);
    expect(await mapping(page)).toEqual({ x: 'dose', y: 'response', sigma: '' });

    // (click, not uncheck: the box follows the table read again, not the click itself)
    await page.getByTestId('header-switch').click();
    await waitInfo(page, '25 rows × 5 columns');
    expect(await info(page)).toContain('no header');
    expect(await page.getByTestId('header-switch').isChecked()).toBe(false);
    expect(await page.getByTestId('y-select').locator('option').allTextContents()).toContain('c5');
    await page.locator('[data-testid="main-plot"][data-rendered="true"]').waitFor({ timeout: 120_000 });
    await shot(page, 'datain-no-header-1024');

    await page.getByTestId('header-switch').click();
    await waitInfo(page, '24 rows × 5 columns');
    expect(await mapping(page)).toEqual({ x: 'dose', y: 'response', sigma: '' });
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('phone width: the sheet picker and the switch fit the panel', async () => {
    const page = await openApp(browser, served.url, { width: 390, height: 844 });
    await dropFile(page, 'sheets.ods', 'application/vnd.oasis.opendocument.spreadsheet');
    await waitInfo(page, 'OpenDocument sheet “decay” of 2');
    await page.getByTestId('read-options').scrollIntoViewIfNeeded();
    const box = await page.getByTestId('read-options').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await shot(page, 'datain-ods-390');
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
