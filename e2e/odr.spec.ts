/**
 * Errors in both variables on the page (issue 24): Pearson's data with York's weights
 * (public/samples/odr-york) with σx and σy picked by hand fits to York's exact line
 * (York 1966: a = 5.47991, b = −0.480533) and to ODRPACK's numbers (fixtures/odr/fits.json,
 * scipy.odr) and draws x and y error bars; the circle sample (an implicit model, an equation)
 * fits to ODRPACK's implicit-mode answer and draws the fitted circle as g's zero contour.
 * Two page loads; screenshots at 1440×900, 1024×768 and 390×844 (e2e/screenshots/odr-*).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fit, fittedParameters, loadSampleCard, plotted } from './lib/app-actions';
import { collectErrors, launch, openApp, pageErrors, shotAtWidths } from './lib/app-browser';
import { root, serveDist, type Served } from './lib/app-serve';

interface OdrFit { name: string; beta: number[]; sd_beta: number[]; sum_square: number; exact?: unknown }
const fixtures = JSON.parse(readFileSync(join(root, 'fixtures', 'odr', 'fits.json'), 'utf8')) as { fits: OdrFit[] };
const byName = (name: string): OdrFit => {
  const found = fixtures.fits.find((f) => f.name === name);
  if (!found) throw new Error(`fixtures/odr/fits.json has no ${name}`);
  return found;
};

interface TraceSummary { name: string; mode: string | null; errorX: boolean; errorY: boolean; points: number }

/** The plotly traces drawn in the main plot: name, mode, whether error bars are on, and size. */
function traces(page: Page): Promise<TraceSummary[]> {
  return page.evaluate(() => {
    const host = document.querySelector('[data-testid="main-plot"]');
    const div = (host?.classList.contains('js-plotly-plot') ? host : host?.querySelector('.js-plotly-plot')) as (Element & { data?: unknown[] }) | null;
    type Trace = { name?: string; mode?: string; x?: ArrayLike<number>; error_x?: { visible?: boolean; array?: ArrayLike<number> }; error_y?: { visible?: boolean; array?: ArrayLike<number> } };
    const on = (e: Trace['error_x']) => e !== undefined && e.visible !== false && (e.array?.length ?? 0) > 0;
    return ((div?.data ?? []) as Trace[]).map((t) => ({ name: t.name ?? '', mode: t.mode ?? null, errorX: on(t.error_x), errorY: on(t.error_y), points: t.x?.length ?? 0 }));
  });
}

const widths = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
] as const;

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

describe('errors in both variables on the page', () => {
  it('fits York’s line with σx and σy picked, to York’s exact answer, and draws both error bars', async () => {
    await loadSampleCard(page, 'odr-york');
    // Pick both σ columns by hand (the sample sets them too): clear, then choose.
    await page.getByTestId('sigma-x-select-0').selectOption('');
    await page.getByTestId('sigma-select').selectOption('');
    await page.getByTestId('sigma-x-select-0').selectOption('sx');
    await page.getByTestId('sigma-select').selectOption('sy');
    expect(await fit(page)).toBe('converged');
    const got = await fittedParameters(page);
    const york = byName('pearson-york');
    expect(Math.abs(got.a.value - 5.47991)).toBeLessThan(1e-5);
    expect(Math.abs(got.b.value - -0.480533)).toBeLessThan(1e-6);
    // ODRPACK's β to 1e-6 and sd_beta (scaled by res_var) to 1e-3 relative.
    expect(Math.abs(got.a.value - york.beta[0])).toBeLessThan(1e-6);
    expect(Math.abs(got.b.value - york.beta[1])).toBeLessThan(1e-6);
    expect(Math.abs(got.a.stderr - york.sd_beta[0]) / york.sd_beta[0]).toBeLessThan(1e-3);
    expect(Math.abs(got.b.stderr - york.sd_beta[1]) / york.sd_beta[1]).toBeLessThan(1e-3);
    await page.getByTestId('odr-facts').waitFor();
    await plotted(page);
    const drawn = await traces(page);
    const data = drawn.find((t) => t.errorX);
    expect(data, JSON.stringify(drawn)).toBeDefined();
    expect(data?.errorY).toBe(true);
    expect(data?.points).toBe(10);
    await shotAtWidths(page, widths, 'odr-york', 'plot-panel');
    await shotAtWidths(page, widths, 'odr-york-facts', 'odr-facts');
    expect(pageErrors(page)).toEqual([]);
  });

  it('fits the circle sample as an implicit model to ODRPACK’s answer and draws the contour', async () => {
    // The sample cards show on a blank page: a fresh context (the first page's saved session stays there).
    const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    page = await fresh.newPage();
    collectErrors(page);
    await page.goto(served.url);
    await page.getByTestId('app').waitFor();
    await loadSampleCard(page, 'odr-circle');
    expect(await fit(page)).toBe('converged');
    const got = await fittedParameters(page);
    const circle = byName('circle');
    ['a', 'b', 'R'].forEach((name, i) => expect(Math.abs(got[name].value - circle.beta[i]), name).toBeLessThan(1e-6));
    await plotted(page);
    const drawn = await traces(page);
    // The fitted curve is g's zero contour: a closed line of many points, not a y(x) curve.
    const curve = drawn.find((t) => /fit/i.test(t.name) && t.mode !== 'markers');
    expect(curve, JSON.stringify(drawn)).toBeDefined();
    expect(curve?.points ?? 0).toBeGreaterThan(50);
    // py is the plotted y, not a variable held at one value; and a circle is drawn round (equal scales).
    const note = page.getByTestId('plot-note');
    if ((await note.count()) > 0) expect(await note.textContent()).not.toMatch(/py, which holds one value/);
    const scale = await page.evaluate(() => {
      const host = document.querySelector('[data-testid="main-plot"]');
      const div = (host?.classList.contains('js-plotly-plot') ? host : host?.querySelector('.js-plotly-plot')) as (Element & { layout?: { yaxis?: { scaleanchor?: string } } }) | null;
      return div?.layout?.yaxis?.scaleanchor ?? null;
    });
    expect(scale).toBe('x');
    await shotAtWidths(page, widths, 'odr-circle', 'plot-panel');
    expect(pageErrors(page)).toEqual([]);
  });
});
