/**
 * Issue 13, "Data in": an Excel workbook with two sheets dropped on the page, the second sheet
 * picked and fitted (agreeing with R's nls, fixtures/datain/growth_nls.json); a Parquet file
 * fitted to the same numbers, and an old binary .xls refused with what to do, the data before it
 * kept; the readers fetched only when such a file is opened; a CSV whose first column is a run
 * counter gets time and signal as x and y; a misspelt function is an error, not a parameter; a file whose first columns are labels has its header
 * found, and the "First row is header" switch reads it again either way; a dose per subject
 * (Theoph) draws the model at the data points over all subjects and as a smooth curve with its
 * band once the rows are one subject's, fitted like R's nls.
 * Screenshots at 1440×900, 1024×768 and 390×844 in e2e/screenshots/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fit, fittedParameters, resizeTo, setParam, typeModel } from './lib/app-actions';
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

  it('opens a Parquet file and fits it like R; refuses an old .xls with what to do and keeps the data', async () => {
    const page = await openApp(browser, served.url, { width: 1024, height: 768 });
    await openFixture(page, 'tree_growth.parquet');
    await waitInfo(page, 'Parquet');
    expect(await info(page)).toContain('35 rows × 3 columns');
    expect(await mapping(page)).toEqual({ x: 'age', y: 'circumference', sigma: '' });
    await typeModel(page, 'Asym/(1+exp((xmid-age)/scal))');
    await setParam(page, 'Asym', 200);
    await setParam(page, 'xmid', 700);
    await setParam(page, 'scal', 350);
    expect(await fit(page)).toBe('converged');
    const fitted = await fittedParameters(page);
    for (const name of ['Asym', 'xmid', 'scal'] as const) expect(Math.abs((fitted[name]?.value ?? NaN) - nls[name].value) / Math.abs(nls[name].value), name).toBeLessThan(1e-6);
    await page.locator('[data-testid="main-plot"][data-rendered="true"]').waitFor({ timeout: 120_000 });
    await page.locator('.sidebar-scroll').evaluate((el) => el.scrollTo(0, 0));
    await shot(page, 'datain-parquet-1024');

    // An old binary Excel file (its OLE2 signature): refused, the Parquet data stay loaded.
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    await page.getByTestId('file-input').setInputFiles({ name: 'old.xls', mimeType: 'application/vnd.ms-excel', buffer: ole });
    const error = page.getByTestId('load-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('old binary Excel file (.xls)');
    expect(await error.textContent()).toContain('save it as .xlsx, .ods or CSV');
    expect(await page.getByTestId('source-label').textContent()).toContain('tree_growth.parquet');
    expect(await page.getByTestId('rows-used').textContent()).toContain('35');
    await error.scrollIntoViewIfNeeded();
    await shot(page, 'datain-xls-refused-1024');
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('fetches the spreadsheet and Parquet readers only when such a file is opened', async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1 });
    // The worker's requests come here too: its reader chunk is the one asked for.
    const readers: string[] = [];
    page.on('request', (r) => {
      if (/sheetFile-[\w-]+\.js$/.test(r.url())) readers.push(r.url());
    });
    await page.goto(served.url);
    await page.getByTestId('app').waitFor();
    await openFixture(page, 'id_first.csv');
    await waitInfo(page, '40 rows × 3 columns');
    await page.waitForTimeout(500);
    expect(readers, 'no reader fetched at startup or for a CSV').toEqual([]);
    await openFixture(page, 'sheets.xlsx');
    await waitInfo(page, 'Excel sheet');
    expect(readers).toHaveLength(1);
    await page.close();
  });

  it('a CSV with a run counter first gets time and signal; a model for other data is not fitted', async () => {
    const page = await openApp(browser, served.url, { width: 1440, height: 900 });
    // A fitted sample first: its model is not run on the file opened next.
    await page.getByTestId('sample-decay').click();
    await page.locator('[data-testid="main-plot"][data-rendered="true"]').waitFor({ timeout: 120_000 });
    expect(await fit(page)).toBe('converged');
    await openFixture(page, 'id_first.csv');
    await waitInfo(page, '40 rows × 3 columns');
    expect(await mapping(page)).toEqual({ x: 'time', y: 'signal', sigma: '' });
    await page.waitForTimeout(1000);
    expect(await page.getByTestId('status').getAttribute('data-state')).toBe('idle');
    expect(await page.getByTestId('results-empty').count()).toBe(1);
    expect(await page.getByTestId('verdict').count()).toBe(0);
    // A model written in another x (t) makes t a parameter: Fit refuses and says why.
    await typeModel(page, 'A*exp(-t/tau) + c');
    expect(await fit(page)).toBe('error');
    expect(await page.getByTestId('status').textContent()).toContain('uses none of the x columns (time)');
    expect(await page.getByTestId('case-hint').count()).toBe(0);
    await typeModel(page, 'A*exp(-Time/tau) + c');
    expect(await page.getByTestId('case-hint').textContent()).toContain('“Time” is a parameter; did you mean the column “time”?');
    await page.getByTestId('case-hint').scrollIntoViewIfNeeded();
    await page.locator('[data-testid="main-plot"][data-rendered="true"]').waitFor();
    await page.waitForTimeout(500);
    await shot(page, 'datain-case-hint-1440');
    // A misspelt function while editing the right model: an error at its place, and no parameter
    // row (no slider) for it; the rows of the model before the typo stay.
    await typeModel(page, 'A*exp(-time/tau) + c');
    await page.getByTestId('param-row-c').waitFor();
    await typeModel(page, 'A*epx(-time/tau) + c');
    await page.getByTestId('model-error').waitFor();
    expect(await page.getByTestId('model-error').textContent()).toContain('Unknown function "epx" at 1:3; did you mean "exp"?');
    expect(await page.getByTestId('param-row-epx').count()).toBe(0);
    expect(await page.getByTestId('param-slider-epx').count()).toBe(0);
    expect(await page.locator('[data-testid^="param-row-"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')))).toEqual(['param-row-A', 'param-row-tau', 'param-row-c']);
    await page.getByTestId('model-error').scrollIntoViewIfNeeded();
    await shot(page, 'datain-epx-1440');
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

describe('a dose per subject (Theoph)', () => {
  interface Theoph { model: string; start: Record<string, number>; perGroup: { group: string; params: Record<string, number>; stderr: Record<string, number> }[] }
  const theoph = (JSON.parse(readFileSync(join(root, 'fixtures', 'groupfits', 'nls_groups.json'), 'utf8')) as { theoph: Theoph }).theoph;

  {
    it(`points over all subjects, a smooth curve for one, fitted like R's nls (looked at at 1440×900, 1024×768 and 390×844)`, async () => {
      const page = await openApp(browser, served.url, { width: 1440, height: 900 });
      page.setDefaultTimeout(120_000);
      await page.getByTestId('file-input').setInputFiles(join(root, 'fixtures', 'groups', 'theoph.csv'));
      await waitInfo(page, '132 rows × 5 columns');
      expect(await mapping(page)).toEqual({ x: 'Time', y: 'conc', sigma: '' });
      await page.getByTestId('add-x').click();
      await page.getByTestId('x-select-1').selectOption('Dose');
      await typeModel(page, theoph.model);
      for (const [name, value] of Object.entries(theoph.start)) await setParam(page, name, value);
      const note = page.getByTestId('plot-note');
      await page.getByText('which varies over the rows shown, so it is drawn at the data points').waitFor();
      // One subject: Dose holds one value, so the model is a curve over Time.
      await page.getByTestId('filter-column').selectOption('Subject');
      await page.getByTestId('filter-op').selectOption('=');
      await page.getByTestId('filter-value').fill('1');
      await page.getByTestId('filter-add').click();
      await page.getByText('The model also uses Dose, which holds one value over the rows shown: the curve is drawn at it.').waitFor();
      expect(await fit(page)).toBe('converged');
      const ref = theoph.perGroup.find((g) => g.group === '1')!;
      const fitted = await fittedParameters(page);
      // nls stops Theoph at tol = 1e-6 (fixtures/groupfits/nls_groups.R): values agree to about that.
      for (const name of Object.keys(ref.params)) {
        expect(Math.abs((fitted[name]?.value ?? NaN) - ref.params[name]) / Math.abs(ref.params[name]), name).toBeLessThan(2e-5);
        expect(Math.abs((fitted[name]?.stderr ?? NaN) - ref.stderr[name]) / ref.stderr[name], `${name} stderr`).toBeLessThan(1e-3);
      }
      await page.locator('[data-testid="main-plot"][data-rendered="true"]').waitFor();
      const traces = await page.getByTestId('main-plot').evaluate((el) => (el as unknown as { data: { name?: string; mode?: string; x: ArrayLike<number> }[] }).data.map((t) => ({ name: t.name ?? '', mode: t.mode ?? '', n: t.x?.length ?? 0 })));
      const curve = traces.find((t) => t.name === 'fit');
      expect(curve?.mode).toBe('lines');
      // A grid over Time, far more points than the subject's 11 samples.
      expect(curve!.n).toBeGreaterThan(100);
      expect(traces.some((t) => t.name.includes('confidence'))).toBe(true);
      for (const [width, height] of [
        [1440, 900],
        [1024, 768],
        [390, 844],
      ] as const) {
        await resizeTo(page, { width, height });
        await page.getByTestId('plot-panel').evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await shot(page, `datain-dose-${width}x${height}`);
        expect(await note.isVisible(), `the plot note at ${width}`).toBe(true);
      }
      expect(pageErrors(page)).toEqual([]);
      await page.close();
    });
  }
});
