/**
 * Exports end to end in headless Chromium: the Export menu is unavailable (with its reason) until
 * there is something to export; after a fit every format downloads with the data file's name and
 * the right content (results JSON and CSVs, the curves, the data, PNG and SVG of the plot, the
 * Python script) and the CLI command goes to the clipboard; the menu works from the keyboard; and the exported
 * script, run with python3 and scipy on the exported data, reaches the page's parameters.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fit, fittedParameters, loadSampleCard, plotted, type FittedParameter } from './lib/app-actions';
import { collectErrors, launch, pageErrors, shot } from './lib/app-browser';
import { sampleText } from './lib/app-samples';
import { serveDist, type Served } from './lib/app-serve';

let served: Served;
let browser: Browser;
let page: Page;
let script = '';
let dataFile = '';
let fitted: Record<string, FittedParameter> = {};

beforeAll(async () => {
  served = await serveDist();
  browser = await launch({ webgpu: false });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, permissions: ['clipboard-read', 'clipboard-write'], acceptDownloads: true });
  page = await context.newPage();
  collectErrors(page);
  await page.goto(served.url);
  await page.getByTestId('app').waitFor();
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

async function openMenu(): Promise<void> {
  if ((await page.getByTestId('export-menu').count()) === 0) await page.getByTestId('export-button').click();
  await page.getByTestId('export-menu').waitFor();
}

/** Runs a menu item and returns the downloaded file's name and bytes. */
async function download(id: string): Promise<{ name: string; bytes: Buffer; text: string }> {
  await openMenu();
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId(`export-${id}`).click()]);
  const path = await file.path();
  const bytes = readFileSync(path);
  return { name: file.suggestedFilename(), bytes, text: bytes.toString('utf8') };
}

const csvRows = (text: string) => text.trimEnd().split('\n');

function python(): string | null {
  try {
    execFileSync('python3', ['-c', 'import numpy, scipy'], { stdio: 'ignore' });
    return 'python3';
  } catch {
    return null;
  }
}

describe('exports', () => {
  it('is unavailable, with the reason, until there is something to export', async () => {
    const button = page.getByTestId('export-button');
    expect(await button.getAttribute('aria-disabled')).toBe('true');
    expect(await button.getAttribute('title')).toContain('Load data and fit to export');
    // Playwright counts aria-disabled as disabled: force the click to check it does nothing.
    await button.click({ force: true });
    expect(await page.getByTestId('export-menu').count()).toBe(0);

    await loadSampleCard(page, 'decay');
    await plotted(page);
    expect(await button.getAttribute('aria-disabled')).toBeNull();
    // The keyboard opens the menu on its first item.
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('export-menu').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('export-results-json');
    for (const id of ['results-json', 'parameters-csv', 'statistics-csv', 'points-csv', 'grid-csv']) {
      const item = page.getByTestId(`export-${id}`);
      expect(await item.getAttribute('aria-disabled'), id).toBe('true');
      expect(await item.getAttribute('title'), id).toContain('Fit first');
    }
    for (const id of ['data-csv', 'plot-png', 'plot-svg', 'python', 'cli']) expect(await page.getByTestId(`export-${id}`).getAttribute('aria-disabled'), id).toBeNull();
    await page.getByTestId('export-results-json').hover();
    await shot(page, 'export-menu-before-fit');
    // A disabled item does nothing; Escape closes the menu and focus returns to the button.
    await page.getByTestId('export-results-json').click({ force: true });
    expect(await page.getByTestId('export-menu').count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.getByTestId('export-menu').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('export-button');
  });

  it('downloads every format with the right content after a fit', async () => {
    // The start values on the page before Fit: the script and the command repeat the fit from them.
    const starts = Object.fromEntries(await Promise.all(['A', 'tau', 'c'].map(async (n) => [n, Number(await page.getByTestId(`param-value-${n}`).inputValue())] as const)));
    expect(await fit(page)).toBe('converged');
    fitted = await fittedParameters(page);
    const names = Object.keys(fitted);
    expect(names).toEqual(['A', 'tau', 'c']);
    for (const n of names) expect(starts[n], `${n}: the start differs from the fit`).not.toBeCloseTo(fitted[n].value, 3);

    const json = await download('results-json');
    expect(json.name).toBe('decay-results.json');
    const doc = JSON.parse(json.text) as { format: string; dataFile: string; parameters: { name: string; value: number; stderr: number }[]; covariance: { names: string[] }; statistics: { points: number } };
    expect(doc.format).toBe('fitbench-results');
    expect(doc.dataFile).toBe('decay.csv');
    expect(doc.parameters.map((p) => p.name)).toEqual(names);
    for (const p of doc.parameters) {
      expect(p.value, p.name).toBe(fitted[p.name].value);
      expect(p.stderr, p.name).toBe(fitted[p.name].stderr);
    }
    expect(doc.covariance.names).toEqual(names);
    expect(doc.statistics.points).toBe(81);

    const params = await download('parameters-csv');
    expect(params.name).toBe('decay-parameters.csv');
    const rows = csvRows(params.text);
    expect(rows[0]).toBe('name,value,stderr,ci_lower,ci_upper,fixed');
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual(names);
    expect(Number(rows[2].split(',')[1])).toBe(fitted.tau.value);

    const cov = await download('covariance-csv');
    expect(csvRows(cov.text)[0]).toBe('parameter,A,tau,c');
    expect(csvRows(cov.text)).toHaveLength(4);
    const corr = await download('correlation-csv');
    expect(corr.name).toBe('decay-correlation.csv');
    expect(Number(csvRows(corr.text)[1].split(',')[1])).toBeCloseTo(1, 12);
    const stats = await download('statistics-csv');
    expect(csvRows(stats.text)[0]).toBe('statistic,value');
    expect(stats.text).toContain('\npoints,81\n');

    const points = await download('points-csv');
    expect(points.name).toBe('decay-fit-points.csv');
    const pointRows = csvRows(points.text);
    expect(pointRows[0]).toBe('t,counts,fit,residual');
    expect(pointRows).toHaveLength(82);
    const [t0, y0, f0, r0] = pointRows[1].split(',').map(Number);
    expect(t0).toBe(0);
    expect(Math.abs(y0 - f0 - r0)).toBeLessThan(1e-9 * Math.abs(y0));
    const grid = await download('grid-csv');
    expect(grid.name).toBe('decay-fit-curve.csv');
    const gridRows = csvRows(grid.text);
    expect(gridRows[0]).toBe('t,fit,conf_lower,conf_upper,pred_lower,pred_upper');
    expect(gridRows.length).toBeGreaterThan(100);

    // The data the fit used, every number as the page read it: the file a sample's script reads.
    const data = await download('data-csv');
    expect(data.name).toBe('decay-data.csv');
    const sample = csvRows(sampleText('decay'));
    const dataRows = csvRows(data.text);
    expect(dataRows[0]).toBe('t,counts,sigma');
    expect(dataRows.slice(1).map((r) => r.split(',').map(Number))).toEqual(sample.slice(1).map((r) => r.split(',').map(Number)));
    dataFile = data.text;

    const png = await download('plot-png');
    expect(png.name).toBe('decay-plot.png');
    expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const width = png.bytes.readUInt32BE(16);
    const height = png.bytes.readUInt32BE(20);
    expect(width).toBeGreaterThan(1000);
    expect(height).toBeGreaterThan(600);
    expect(png.bytes.length).toBeGreaterThan(20_000);
    writeFileSync(join('e2e', 'screenshots', 'export-plot.png'), png.bytes);

    const svg = await download('plot-svg');
    expect(svg.name).toBe('decay-plot.svg');
    expect(svg.text).toContain('<svg');
    expect(svg.text).toMatch(/class="[^"]*scatterlayer/);
    expect((svg.text.match(/class="trace scatter/g) ?? []).length).toBeGreaterThanOrEqual(3);
    expect(svg.text).toContain('counts');

    const py = await download('python');
    expect(py.name).toBe('decay-fit.py');
    expect(py.text).toContain('from scipy.optimize import curve_fit');
    expect(py.text).toContain('MODEL = "A*exp(-t/tau) + c"');
    // A sample is not a file on the user's disk: the script reads the Data export and says so.
    expect(py.text).toContain('else "decay-data.csv"');
    expect(py.text).toContain('# The data: save them from Fitbench with Export > Data');
    // It starts from the fit's start values, not from the fitted ones, and prints the page's beside its own.
    const p0 = /^p0 = \[(.*)\]$/m.exec(py.text)?.[1].split(',').map(Number);
    expect(p0).toEqual(names.map((n) => starts[n]));
    const pageFit = JSON.parse(/^PAGE_FIT = (\{.*\})/m.exec(py.text)?.[1] ?? '{}') as Record<string, number>;
    for (const n of names) expect(pageFit[n], n).toBe(fitted[n].value);
    script = py.text;

    // The command line goes to the clipboard and is shown too.
    await openMenu();
    await page.getByTestId('export-cli').click();
    const message = page.locator('[data-testid="export-message"][data-state="copied"]');
    await message.waitFor();
    const command = await page.getByTestId('cli-text').inputValue();
    expect(command).toContain('node fitbench.mjs fit decay-data.csv');
    // The one-file CLI the command runs is served beside the page, for the link beside it.
    expect(await page.getByTestId('cli-download').getAttribute('href')).toBe('./fitbench.mjs');
    const cli = await page.evaluate(async () => {
      const r = await fetch('./fitbench.mjs');
      return { ok: r.ok, head: (await r.text()).slice(0, 19) };
    });
    expect(cli).toEqual({ ok: true, head: '#!/usr/bin/env node' });
    expect(command).toContain("--model 'A*exp(-t/tau) + c'");
    expect(command).toContain('--sigma sigma');
    expect(command).toContain(`--p0 ${names.map((n) => `${n}=${starts[n]}`).join(',')}`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);
    await shot(page, 'export-cli');
    await page.keyboard.press('Escape');
    await message.waitFor({ state: 'detached' });
    expect(pageErrors(page)).toEqual([]);
  });

  it('moves through the menu with the arrow keys and runs an item with Enter', async () => {
    const button = page.getByTestId('export-button');
    await button.focus();
    await page.keyboard.press('ArrowUp');
    await page.getByTestId('export-menu').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('export-cli');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('export-parameters-csv');
    await shot(page, 'export-menu-keyboard');
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(file.suggestedFilename()).toBe('decay-parameters.csv');
    await page.getByTestId('export-menu').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('export-button');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('export-cli');
    await page.keyboard.press('Tab');
    await page.getByTestId('export-menu').waitFor({ state: 'detached' });
  });

  it('the exported Python script reproduces the fit with scipy', async (ctx) => {
    const py = python();
    if (!py) {
      console.warn('python3 with numpy and scipy is not available: the exported script is not run.');
      ctx.skip();
      return;
    }
    expect(script).not.toBe('');
    expect(dataFile).not.toBe('');
    const dir = mkdtempSync(join(tmpdir(), 'fitbench-export-'));
    try {
      writeFileSync(join(dir, 'decay-data.csv'), dataFile);
      writeFileSync(join(dir, 'decay-fit.py'), script);
      const out = execFileSync(py, ['decay-fit.py'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
      const report = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as { success: boolean; parameters: { name: string; value: number }[] };
      expect(report.success).toBe(true);
      for (const p of report.parameters) {
        expect(Math.abs(p.value - fitted[p.name].value), p.name).toBeLessThanOrEqual(1e-6 * Math.abs(fitted[p.name].value));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes a figure for papers: title, labels with units, size and font, the plot on screen unchanged', async () => {
    await page.getByTestId('figure-button').click();
    await page.getByTestId('figure-popover').waitFor();
    await page.getByTestId('figure-title').fill('Decay of sample 3');
    await page.getByTestId('figure-xlabel').fill('Time (s)');
    await page.getByTestId('figure-width').fill('640');
    await page.getByTestId('figure-height').fill('99999');
    await page.getByTestId('figure-font').fill('20');
    await page.getByTestId('figure-font').press('Enter');
    await page.getByTestId('figure-title').click();
    // Out of range: clamped into the limits, and the field shows it.
    expect(await page.getByTestId('figure-height').inputValue()).toBe('4000');
    await page.getByTestId('figure-height').fill('480');
    await page.getByTestId('figure-height').press('Enter');
    await shot(page, 'figure-settings');
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('figure-svg').click()]);
    expect(file.suggestedFilename()).toBe('decay-plot.svg');
    const svg = readFileSync((await file.path())!, 'utf8');
    expect(svg).toMatch(/<svg[^>]* width="640" height="480"/);
    expect(svg).toContain('Decay of sample 3');
    expect(svg).toContain('Time (s)');
    expect(svg).toMatch(/font-size: 20px/);
    // The file as a reader sees it: the title clear of the legend (it sat on the legend's row).
    const view = await page.context().newPage();
    await view.setViewportSize({ width: 640, height: 480 });
    await view.setContent(`<body style="margin:0">${svg}</body>`);
    const boxes = await view.evaluate(() => {
      const box = (sel: string) => {
        const r = document.querySelector(sel)?.getBoundingClientRect();
        return r ? { top: r.top, bottom: r.bottom, left: r.left, right: r.right } : null;
      };
      return { title: box('.gtitle'), legend: box('.legend'), plot: box('.bg') };
    });
    expect(boxes.title && boxes.legend && boxes.plot).toBeTruthy();
    expect(boxes.title!.top, 'the title inside the image').toBeGreaterThanOrEqual(0);
    expect(boxes.title!.bottom, `title ${JSON.stringify(boxes.title)} above the legend ${JSON.stringify(boxes.legend)}`).toBeLessThanOrEqual(boxes.legend!.top);
    expect(boxes.legend!.bottom, 'the legend above the plot area').toBeLessThanOrEqual(boxes.plot!.top);
    await shot(view, 'figure-svg-640x480');
    await view.close();
    // The plot on screen keeps its own axis title and no title.
    expect(await page.locator('[data-testid="main-plot"] .xtitle').first().textContent()).toBe('t');
    expect(await page.locator('[data-testid="main-plot"] .gtitle').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('figure-popover').waitFor({ state: 'detached' });
    expect(pageErrors(page)).toEqual([]);
  });
});
