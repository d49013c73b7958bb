/**
 * The parameter row's random switch in Mixed effects mode (issue 25): on R's Orange sample the
 * switch stays on the row's first line beside "fixed" at 1440, 1024 (the 360 px sidebar, where
 * it used to wrap under "fixed") and 390 px wide, and no name or value is cut or overflows the
 * row. One page load; screenshots at each width by resizing it.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSampleCard } from './lib/app-actions';
import { collectErrors, launch, pageErrors, shotAtWidths } from './lib/app-browser';
import { serveDist, type Served } from './lib/app-serve';

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

describe('the random switch of a parameter row', () => {
  it('sits on the row’s first line beside "fixed" at every width', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    collectErrors(page);
    await page.goto(served.url);
    await page.getByTestId('app').waitFor();
    await loadSampleCard(page, 'orange');
    await page.getByTestId('group-list').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('param-random-Asym').isChecked()).toBe(true);
    const oneLine = async () => {
      for (const name of ['Asym', 'xmid', 'scal']) {
        const row = page.getByTestId(`param-row-${name}`);
        const line = row.locator('.param-line');
        const box = (sel: string) => line.locator(sel).first().boundingBox();
        const [fixed, toggle, value, code, lineBox] = [await box('.fixed-toggle'), await box('.shared-toggle'), await box('.param-value'), await box('.param-name'), await line.boundingBox()];
        // One line: the switch's middle level with "fixed"'s, and to its right.
        expect(Math.abs(toggle!.y + toggle!.height / 2 - (fixed!.y + fixed!.height / 2))).toBeLessThan(3);
        expect(toggle!.x).toBeGreaterThan(fixed!.x + fixed!.width - 1);
        // Nothing outside the row, the name whole (its text not cut) and the value field usable.
        expect(toggle!.x + toggle!.width).toBeLessThanOrEqual(lineBox!.x + lineBox!.width + 1);
        expect(await line.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
        expect(await line.locator('.param-name').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        expect(value!.width).toBeGreaterThanOrEqual(100);
        expect(code!.width).toBeGreaterThan(0);
      }
    };
    await shotAtWidths(page, [{ width: 1440, height: 900 }, { width: 1024, height: 768 }, { width: 390, height: 844 }], 'paramswitch', 'param-row-Asym', oneLine);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
