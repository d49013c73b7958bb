/**
 * 200 000 points, more than the plot has pixels: drawn as their density (points per cell, shaded)
 * under the curve, not as min/max points whose noise edges read as two parallel lines. Every
 * point is counted once in the heatmap, and the note says what is drawn. Screenshots at three sizes.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFileInput, plotted, setParam, typeModel } from './lib/app-actions';
import { launch, openApp, pageErrors, shot } from './lib/app-browser';
import { serveDist, type Served } from './lib/app-serve';

const ROWS = 200_000;
let served: Served;
let browser: Browser;
let page: Page;

/** y = 5·exp(−t/4) + 1 + noise (a deterministic generator), t on [0, 20]. */
function csv(): string {
  let seed = 99;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const lines = ['t,y'];
  for (let i = 0; i < ROWS; i++) {
    const t = (20 * i) / (ROWS - 1);
    lines.push(`${t.toFixed(5)},${(5 * Math.exp(-t / 4) + 1 + (rand() + rand() + rand() - 1.5) * 0.3).toFixed(5)}`);
  }
  return lines.join('\n');
}

beforeAll(async () => {
  served = await serveDist();
  browser = await launch({ webgpu: false });
  page = await openApp(browser, served.url);
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

type Trace = { type?: string; name?: string; z?: (number | null)[][] };
const traces = () => page.getByTestId('main-plot').evaluate((el) => (el as unknown as { data: Trace[] }).data.map((t) => ({ type: t.type, name: t.name, counted: t.z ? t.z.flat().reduce<number>((s, c) => s + (c ?? 0), 0) : null })));

describe('200 000 points', () => {
  it('draw as their density under the model curve, every point counted once, and the note says so', async () => {
    await loadFileInput(page, 'dense.csv', csv());
    await page.getByTestId('rows-used').waitFor({ timeout: 60_000 });
    await typeModel(page, 'A*exp(-t/tau) + c');
    await setParam(page, 'A', 5);
    await setParam(page, 'tau', 4);
    await setParam(page, 'c', 1);
    await plotted(page);
    await expect.poll(async () => (await traces()).some((t) => t.name === 'residuals (points per cell)'), { timeout: 60_000 }).toBe(true);
    const drawn = await traces();
    const data = drawn.find((t) => t.name === 'data (points per cell)');
    expect(data?.type).toBe('heatmap');
    expect(data?.counted).toBe(ROWS);
    expect(drawn.find((t) => t.name === 'residuals (points per cell)')?.counted).toBe(ROWS);
    // The curve comes after the heatmap, so it is drawn on top.
    expect(drawn.findIndex((t) => t.name === 'model')).toBeGreaterThan(drawn.indexOf(data!));
    expect(await page.getByTestId('plot-note').textContent()).toContain('all 200,000 points are drawn as their density');
    expect(await page.getByTestId('plot-note').textContent()).toContain('the curve on top');
    await shot(page, 'density-200k-1440');
    for (const [width, height] of [[1024, 768], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      await page.getByTestId('main-plot').evaluate((el) => el.removeAttribute('data-rendered'));
      await page.waitForTimeout(1500);
      await page.getByTestId('main-plot').scrollIntoViewIfNeeded();
      await shot(page, `density-200k-${width}`);
    }
    expect(pageErrors(page)).toEqual([]);
  });
});
