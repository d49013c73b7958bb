/**
 * The workbench with WebGPU enabled (headless Chromium exposes SwiftShader, a CPU emulation, on
 * http://localhost): a NIST fit with the GPU backend requested runs its main phase on the GPU,
 * polishes in float64 on the CPU, and matches the certified values; 'auto' keeps a software
 * adapter off the fit and says why.
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
  browser = await launch({ webgpu: true });
  page = await openApp(browser, served.url);
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

async function chooseBackend(p: Page, backend: 'auto' | 'cpu' | 'gpu'): Promise<void> {
  const options = p.getByTestId('options-panel');
  if ((await options.getAttribute('open')) === null) await options.locator('summary').click();
  await p.getByTestId(`opt-backend-${backend}`).check();
}

describe('workbench with WebGPU', () => {
  it('exposes a WebGPU adapter to the page', async () => {
    const adapter = await page.evaluate(`(async () => !!(navigator.gpu && (await navigator.gpu.requestAdapter())))()`);
    expect(adapter).toBe(true);
  });

  it('fits NIST Gauss2 on the GPU backend and matches the certified values', async () => {
    await loadSampleCard(page, 'nist-gauss2');
    await plotted(page);
    await chooseBackend(page, 'gpu');
    expect(await fit(page)).toBe('converged');
    const phases = page.getByTestId('result-phases');
    expect(await phases.locator('tr[data-backend="gpu"]').count()).toBeGreaterThan(0);
    expect(await phases.locator('tr[data-backend="cpu"]').count()).toBeGreaterThan(0);
    const fitted = await fittedParameters(page);
    for (const [name, value] of Object.entries(sample('nist-gauss2').certified?.values ?? {})) {
      expect(lre(fitted[name].value, value), name).toBeGreaterThanOrEqual(6);
    }
    await page.locator('.main').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await shot(page, 'app-gpu-gauss2');
    await page.locator('.main').evaluate((el) => el.scrollTo(0, 0));
  });

  it('fits a CSV from the file input with a typed model on the GPU backend (NIST Misra1a)', async () => {
    await loadFileInput(page, 'misra1a.csv', sampleText('nist-misra1a'));
    await page.waitForFunction(() => document.querySelector('[data-testid="source-label"]')?.textContent?.includes('misra1a'));
    await typeModel(page, 'b1*(1-exp(-b2*x))');
    await setParam(page, 'b1', 500);
    await setParam(page, 'b2', '1e-4');
    expect(await fit(page)).toBe('converged');
    expect(await page.getByTestId('result-phases').locator('tr[data-backend="gpu"]').count()).toBeGreaterThan(0);
    const fitted = await fittedParameters(page);
    for (const [name, value] of Object.entries(sample('nist-misra1a').certified?.values ?? {})) {
      expect(lre(fitted[name].value, value), name).toBeGreaterThanOrEqual(6);
    }
    await shot(page, 'app-gpu-misra1a-file');
  });

  it('keeps a software adapter off an automatic fit and says why', async () => {
    await chooseBackend(page, 'auto');
    expect(await fit(page)).toBe('converged');
    expect(await page.getByTestId('result-phases').locator('tr[data-backend="gpu"]').count()).toBe(0);
    expect(await page.getByTestId('backend-reason').textContent()).toMatch(/emulation|software|CPU/i);
    expect(pageErrors(page)).toEqual([]);
  });
});
