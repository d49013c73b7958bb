/**
 * The workbench end to end in headless Chromium without WebGPU: samples, a CSV through the file
 * input, a model typed in, fits checked against the known truth and NIST's certified values,
 * errors shown where they belong, the keyboard. Every test saves a screenshot (e2e/screenshots/).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fit, fittedParameters, loadFileInput, loadSampleCard, lre, plotted, setParam, typeModel } from './lib/app-actions';
import { launch, openApp, pageErrors, shot } from './lib/app-browser';
import { sample, sampleText } from './lib/app-samples';
import { serveDist, type Served } from './lib/app-serve';

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

async function fresh(viewport = { width: 1440, height: 900 }): Promise<Page> {
  await page?.close();
  page = await openApp(browser, served.url, viewport);
  return page;
}

describe('workbench', () => {
  it('starts with an empty state that says what to do', async () => {
    await fresh();
    await page.getByTestId('sample-decay').waitFor();
    expect(await page.getByTestId('empty-state').textContent()).toContain('Drop a CSV here, paste from a spreadsheet, or try a sample');
    expect(await page.getByTestId('status').getAttribute('data-state')).toBe('idle');
    await shot(page, 'app-empty-1440');
  });

  it('fits the decay sample and recovers its truth within 3 standard errors', async () => {
    await loadSampleCard(page, 'decay');
    await plotted(page);
    expect(await page.getByTestId('model-editor').inputValue()).toBe(sample('decay').model);
    expect(await page.getByTestId('rows-used').textContent()).toContain('81');
    expect(await fit(page)).toBe('converged');
    const fitted = await fittedParameters(page);
    for (const [name, truth] of Object.entries(sample('decay').truth ?? {})) {
      expect(Math.abs(fitted[name].value - truth), name).toBeLessThan(3 * fitted[name].stderr);
    }
    expect(await page.getByTestId('result-correlation').isVisible()).toBe(true);
    expect(await page.getByTestId('result-phases').textContent()).toContain('CPU');
    await page.getByTestId('toggle-prediction').check();
    await plotted(page);
    await shot(page, 'app-decay-fit-1440');
    await page.getByTestId('results').screenshot({ path: 'e2e/screenshots/app-decay-results.png' });
    expect(pageErrors(page)).toEqual([]);
  });

  it('loads a CSV through the file input, takes a typed model and matches NIST Misra1a to 6 digits', async () => {
    await fresh();
    await loadFileInput(page, 'misra1a.csv', sampleText('nist-misra1a'));
    await page.getByTestId('rows-used').waitFor();
    await typeModel(page, 'b1*(1-exp(-b2*x))');
    expect(await page.getByTestId('detected-params').textContent()).toBe('b1b2');
    expect(await page.getByTestId('detected-variables').textContent()).toBe('x');
    await setParam(page, 'b1', 500);
    await setParam(page, 'b2', '1e-4');
    // Enter in the model editor fits.
    expect(await fit(page, () => page.getByTestId('model-editor').press('Enter'))).toBe('converged');
    const fitted = await fittedParameters(page);
    const certified = sample('nist-misra1a').certified?.values ?? {};
    for (const [name, value] of Object.entries(certified)) expect(lre(fitted[name].value, value), name).toBeGreaterThanOrEqual(6);
    await shot(page, 'app-misra1a-file');
  });

  it('fits NIST Thurber from the sample list to the certified values', async () => {
    await page.getByTestId('sample-select').selectOption('nist-thurber');
    await page.waitForFunction(() => document.querySelector('[data-testid="source-label"]')?.textContent?.includes('thurber'));
    await plotted(page);
    expect(await fit(page)).toBe('converged');
    const fitted = await fittedParameters(page);
    for (const [name, value] of Object.entries(sample('nist-thurber').certified?.values ?? {})) expect(lre(fitted[name].value, value), name).toBeGreaterThanOrEqual(6);
    await shot(page, 'app-thurber-fit');
  });

  it('shows why a malformed CSV cannot be read, and keeps the data it had', async () => {
    await loadFileInput(page, 'header-only.csv', 'time,signal\n');
    const error = page.getByTestId('load-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/header|no data|rows/i);
    expect(await page.getByTestId('source-label').textContent()).toContain('thurber');
    await shot(page, 'app-malformed-csv');
  });

  it('lists rows it cannot use with their line numbers', async () => {
    await loadFileInput(page, 'gaps.csv', 'x,y\n0,1.0\n1,abc\n2,3.1\n3,\n4,5.2\n5,6.1\n');
    await page.getByTestId('dropped-count').waitFor();
    expect(await page.getByTestId('dropped-count').textContent()).toContain('2 dropped');
    await page.locator('[data-testid="dropped-rows"] summary').click();
    const list = await page.getByTestId('dropped-rows').textContent();
    expect(list).toContain('Line 3, column "y": "abc" is not a number');
    expect(list).toMatch(/Line 5, column "y"/);
    await shot(page, 'app-dropped-rows');
  });

  it('takes cells pasted from a spreadsheet, decimal commas included', async () => {
    await page.evaluate(`(() => {
      const dt = new DataTransfer();
      dt.setData('text/plain', 'dose\\tresp\\n0,5\\t1,25\\n1,5\\t2,5\\n2,5\\t3,75\\n');
      document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true }));
    })()`);
    await page.waitForFunction(() => document.querySelector('[data-testid="table-info"]')?.textContent?.includes('decimal commas'));
    expect(await page.getByTestId('table-info').textContent()).toContain('tab-separated');
    expect(await page.getByTestId('rows-used').textContent()).toContain('3 rows used');
  });

  it('loads a file dropped anywhere on the page', async () => {
    await page.evaluate(`(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['x y\\n1 2\\n2 4.1\\n3 5.9\\n4 8.2\\n5 9.9\\n6 12.1\\n'], 'dropped.txt', { type: 'text/plain' }));
      for (const type of ['dragenter', 'dragover', 'drop']) window.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
    })()`);
    await page.waitForFunction(() => document.querySelector('[data-testid="source-label"]')?.textContent?.includes('dropped.txt'));
    expect(await page.getByTestId('table-info').textContent()).toContain('whitespace-separated');
    expect(await page.getByTestId('drop-overlay').count()).toBe(0);
  });

  it('marks a model error at its position, and keeps the parameter rows', async () => {
    await typeModel(page, 'a*x + b');
    await page.getByTestId('param-row-b').waitFor();
    await setParam(page, 'b', 2.5);
    await typeModel(page, 'a*x + b + sn(x)');
    const error = page.getByTestId('model-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/sn.*1:11.*sin/);
    expect(await page.locator('.err-mark').textContent()).toBe('sn');
    expect(await page.getByTestId('param-value-b').inputValue()).toBe('2.5');
    await page.getByTestId('model-panel').screenshot({ path: 'e2e/screenshots/app-model-error.png' });
    await typeModel(page, 'a*x + b');
    expect(await fit(page)).toBe('converged');
  });

  it('tells a start value outside its bounds next to the parameter', async () => {
    await page.getByTestId('param-min-a').fill('10');
    await setParam(page, 'a', 1);
    expect(await fit(page)).toBe('error');
    const message = await page.getByTestId('param-error-a').textContent();
    expect(message).toContain('"a"');
    expect(await page.getByTestId('param-min-a').inputValue()).toBe('10');
    await shot(page, 'app-input-error');
    await page.getByTestId('param-min-a').fill('');
  });

  it('works from the keyboard: sliders move with arrow keys, Ctrl+Enter fits', async () => {
    await page.getByTestId('sample-select').selectOption('damped-sine');
    await page.waitForFunction(() => document.querySelector('[data-testid="source-label"]')?.textContent?.includes('damped'));
    await plotted(page);
    const slider = page.getByTestId('param-slider-tau');
    await slider.focus();
    const before = await page.getByTestId('param-value-tau').inputValue();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const after = await page.getByTestId('param-value-tau').inputValue();
    expect(Number(after)).toBeGreaterThan(Number(before));
    await page.waitForFunction(() => document.querySelector('[data-testid="live-chi2"]') !== null);
    expect(await fit(page, () => page.keyboard.press('Control+Enter'))).toBe('converged');
    // Tab order starts with the data controls and reaches the Fit button.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    expect(first).toBe('open-file');
    await shot(page, 'app-damped-sine-keyboard');
  });

  it('reads well at 1024×768', async () => {
    await fresh({ width: 1024, height: 768 });
    await shot(page, 'app-empty-1024');
    await loadSampleCard(page, 'dose-response');
    await plotted(page);
    expect(await page.getByTestId('toggle-logx').isChecked()).toBe(true);
    expect(await fit(page)).toBe('converged');
    await page.locator('.main').evaluate((el) => el.scrollTo(0, 0));
    await shot(page, 'app-dose-response-1024');
    expect(pageErrors(page)).toEqual([]);
  });
});
