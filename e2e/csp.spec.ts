/**
 * The app under a strict Content-Security-Policy (no 'unsafe-eval', no inline scripts), as a host
 * with a security review would serve it: the worker cannot compile the model's kernels, so it
 * fits with the tape interpreter and says so; plotly's strict bundle draws without eval, the
 * WebGL scatter of large data included. The numbers are the same as without the policy.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFittedNear, fit, fittedParameters, loadFileInput, loadSampleCard, plotted, setParam, typeModel } from './lib/app-actions';
import { collectErrors, launch, pageErrors, shot } from './lib/app-browser';
import { sample } from './lib/app-samples';
import { serveDist, type Served } from './lib/app-serve';

const POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' data: blob:",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

let served: Served;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  served = await serveDist({ 'Content-Security-Policy': POLICY });
  browser = await launch({ webgpu: false });
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  collectErrors(page);
  // Violations on the main thread (plotly, React, our code): there must be none.
  await page.addInitScript(() => {
    const w = window as Window & { __violations?: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__violations?.push(`${e.violatedDirective}: ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

const violations = () => page.evaluate(() => (window as Window & { __violations?: string[] }).__violations ?? []);

describe('under a strict Content-Security-Policy', () => {
  it('is served with the policy', async () => {
    // (page.evaluate runs through DevTools, which the policy does not bind: the proof that eval is
    // refused is the worker falling back to the interpreter, below.)
    const response = await page.goto(served.url);
    expect(response?.headers()['content-security-policy']).toBe(POLICY);
    // The preview server's cross-origin isolation (vite.config.ts) holds beside the policy: the
    // fonts, plotly, the workers and the rest below load under require-corp.
    expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin');
    expect(response?.headers()['cross-origin-embedder-policy']).toBe('require-corp');
    await page.getByTestId('app').waitFor();
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    expect(await violations()).toEqual([]);
  });

  it('fits the decay sample with interpreted kernels to its truth and says so', async () => {
    await loadSampleCard(page, 'decay');
    await plotted(page);
    expect(await fit(page)).toBe('converged');
    const fitted = await fittedParameters(page);
    for (const [name, truth] of Object.entries(sample('decay').truth ?? {})) {
      expect(Math.abs(fitted[name].value - truth), name).toBeLessThan(3 * fitted[name].stderr);
    }
    expect(await page.getByTestId('backend-reason').textContent()).toContain('the CPU kernels ran interpreted');
    await page.getByTestId('toggle-prediction').check();
    await plotted(page);
    await shot(page, 'csp-decay-fit');
    expect(await violations()).toEqual([]);
  });

  it('draws 5 000 points with the WebGL scatter and fits them', async () => {
    // (Every point drawn: above 5 000 the page draws the density instead, a heatmap.)
    const lines = ['x,y'];
    for (let i = 0; i < 5_000; i++) {
      const x = i / 250;
      lines.push(`${x},${(3 * Math.exp(-x / 4) + 0.5 + 0.01 * Math.sin(i * 12.9898)).toFixed(6)}`);
    }
    await loadFileInput(page, 'big.csv', lines.join('\n'));
    await page.getByTestId('rows-used').waitFor();
    await typeModel(page, 'a*exp(-x/b) + c');
    await setParam(page, 'a', 1);
    await setParam(page, 'b', 1);
    await setParam(page, 'c', 0);
    await plotted(page);
    const types = await page.evaluate(() => (document.querySelector('[data-testid="main-plot"]') as HTMLElement & { data: { type: string }[] }).data.map((t) => t.type));
    expect(types).toContain('scattergl');
    expect(await fit(page)).toBe('converged');
    await expectFittedNear(page, { a: 3, b: 4, c: 0.5 }, 2);
    await plotted(page);
    await shot(page, 'csp-webgl-fit');
    expect(await violations()).toEqual([]);
    // Nothing failed; what the console may show is the policy refusing our own probes of eval.
    expect(pageErrors(page).filter((e) => !/unsafe-eval|Content Security Policy/i.test(e))).toEqual([]);
  });
});
