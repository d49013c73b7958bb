/**
 * Issue 13, the page at any width and the small things: the fitted decay sample laid out from
 * 360 px to 2560 px with no sideways page scroll and every toolbar button, toggle, the plot and
 * the results inside the window (screenshots at 390×844, 1024×768, 1440×900 and 2560×1440, the
 * Export menu at 800×600 and the Sessions panel at 390 px on screen); a parameter of 1e19 with
 * many digits kept out of the statistics; and focus after a sample card, the status after a
 * failed fit, the zoom tip, points a log axis hides, the cost plot's iterations, the toggles kept
 * by a session, and a session's delete that asks first.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fit, frames, loadFileInput, loadSampleCard, plotted, resizeTo, scrollToTop, setParam, typeModel } from './lib/app-actions';
import { launch, openApp, pageErrors, shot } from './lib/app-browser';
import { serveDist, type Served } from './lib/app-serve';
import { sampleText } from './lib/app-samples';

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

interface Box {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

async function box(locator: Locator): Promise<Box> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  });
}

/** The page does not scroll sideways: what the reader met at 800 px. */
async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement?.scrollWidth ?? 0, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${label}: page scroll width`).toBeLessThanOrEqual(innerWidth);
}

/** Inside the window from left to right (the cut-off controls of the issue). */
async function expectWithinWidth(page: Page, testId: string, label: string): Promise<void> {
  const b = await box(page.getByTestId(testId).first());
  const width = await page.evaluate(() => window.innerWidth);
  expect(b.left, `${label}: ${testId} left`).toBeGreaterThanOrEqual(0);
  expect(b.right, `${label}: ${testId} right`).toBeLessThanOrEqual(width);
}

/** Wholly inside the window: a popover that must not leave the screen. */
async function expectOnScreen(page: Page, testId: string, label: string): Promise<void> {
  const b = await box(page.getByTestId(testId));
  const { w, h } = await page.evaluate(() => ({ w: window.innerWidth, h: window.innerHeight }));
  expect(b.left, `${label} left`).toBeGreaterThanOrEqual(0);
  expect(b.top, `${label} top`).toBeGreaterThanOrEqual(0);
  expect(b.right, `${label} right`).toBeLessThanOrEqual(w);
  expect(b.bottom, `${label} bottom`).toBeLessThanOrEqual(h);
}

/** Two boxes share no pixel. */
function disjoint(a: Box, b: Box): boolean {
  return a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
}

/** The parameter table and the statistics beside or below it never overlap. */
async function expectTableClearOfStats(page: Page, label: string): Promise<void> {
  const table = await box(page.locator('.table-scroll').first());
  const stats = await box(page.getByTestId('result-stats'));
  expect(disjoint(table, stats), `${label}: table ${JSON.stringify(table)} and statistics ${JSON.stringify(stats)} overlap`).toBe(true);
}

async function scrollToResults(page: Page): Promise<void> {
  await page.getByTestId('results').evaluate((el) => el.scrollIntoView({ block: 'start' }));
}

/** The app, with waits long enough for a loaded machine (plotly's first parse takes tens of
 *  seconds when every core is busy). */
async function open(viewport: { width: number; height: number }): Promise<Page> {
  const page = await openApp(browser, served.url, viewport);
  page.setDefaultTimeout(150_000);
  return page;
}

const SLOW = 600_000;

const STATUS_RED = 'rgb(180, 35, 24)'; // --err in src/styles/tokens.css

describe('the page at any width', () => {
  it('lays out the fitted decay sample from 360 to 2560 px with nothing cut off', async () => {
    const page = await open({ width: 1440, height: 900 });
    await loadSampleCard(page, 'decay');
    await plotted(page);
    expect(await fit(page)).toBe('converged');
    await page.locator('[data-testid="cost-plot"][data-rendered="true"]').waitFor();

    const sizes: [number, number, boolean][] = [
      [360, 740, false],
      [390, 844, true],
      [800, 600, false],
      [1024, 768, true],
      [1440, 900, true],
      [2560, 1440, true],
    ];
    for (const [width, height, screenshot] of sizes) {
      const label = `${width}×${height}`;
      await resizeTo(page, { width, height });
      await scrollToTop(page);
      await frames(page);
      await expectNoSidewaysScroll(page, label);
      for (const id of ['sessions-button', 'export-button', 'copy-link', 'toggle-logx', 'toggle-logy', 'main-plot', 'fit-button', 'results']) await expectWithinWidth(page, id, label);
      // The plot's own right edge: its drawing area ends inside the card.
      const plotArea = await box(page.locator('[data-testid="main-plot"] .main-svg').first());
      const card = await box(page.getByTestId('plot-panel'));
      expect(plotArea.right, `${label}: plot inside its card`).toBeLessThanOrEqual(card.right);
      if (screenshot) await shot(page, `layout-${width}x${height}`);
      await scrollToResults(page);
      await frames(page);
      await expectNoSidewaysScroll(page, `${label} at the results`);
      await expectTableClearOfStats(page, label);
      // The interval column can be reached: inside the window, or by scrolling the table's own box.
      const table = page.locator('.table-scroll').first();
      const scroll = await table.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
      if (scroll.scrollWidth > scroll.clientWidth) await table.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      const interval = await box(page.locator('[data-testid="result-params"] .ci').first());
      expect(interval.right, `${label}: interval column`).toBeLessThanOrEqual(width);
      await table.evaluate((el) => el.scrollTo({ left: 0 }));
      if (screenshot) await shot(page, `layout-${width}x${height}-results`);
    }
    // No stretching past a readable width on a wide screen: the plot card stops at 1760 px.
    expect((await box(page.getByTestId('plot-panel'))).right - (await box(page.getByTestId('plot-panel'))).left).toBeLessThanOrEqual(1760);

    // The Export menu at 800×600 stays on screen; its last item is reached by scrolling the menu.
    await resizeTo(page, { width: 800, height: 600 });
    await scrollToTop(page);
    await frames(page);
    await page.getByTestId('export-button').click();
    await page.getByTestId('export-menu').waitFor();
    await expectOnScreen(page, 'export-menu', 'Export menu at 800×600');
    await shot(page, 'layout-800x600-export');
    await page.getByTestId('export-cli').focus();
    await expectOnScreen(page, 'export-menu', 'Export menu at 800×600, last item focused');
    const last = await box(page.getByTestId('export-cli'));
    expect(last.bottom).toBeLessThanOrEqual(600);
    await expectNoSidewaysScroll(page, 'Export menu open');
    await page.keyboard.press('Escape');

    // At 390 px each popover spans the screen inside it.
    await resizeTo(page, { width: 390, height: 844 });
    await scrollToTop(page);
    await frames(page);
    await page.getByTestId('sessions-button').click();
    await page.getByTestId('sessions-panel').waitFor();
    await expectOnScreen(page, 'sessions-panel', 'Sessions at 390');
    await shot(page, 'layout-390x844-sessions');
    await page.keyboard.press('Escape');
    await page.getByTestId('export-button').click();
    await expectOnScreen(page, 'export-menu', 'Export at 390');
    await page.keyboard.press('Escape');
    await page.getByTestId('copy-link').click();
    await page.getByTestId('link-popover').waitFor();
    await expectOnScreen(page, 'link-popover', 'Copy link at 390');
    await expectNoSidewaysScroll(page, 'Copy link open at 390');
    await page.keyboard.press('Escape');
    // The plot's "Figure…" popover: its button is at the toolbar's right end.
    for (const [width, height] of [
      [390, 844],
      [360, 740],
    ] as const) {
      await resizeTo(page, { width, height });
      await page.getByTestId('figure-button').scrollIntoViewIfNeeded();
      await page.getByTestId('figure-button').click();
      await page.getByTestId('figure-popover').waitFor();
      await page.getByTestId('figure-popover').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await expectOnScreen(page, 'figure-popover', `Figure at ${width}`);
      await expectNoSidewaysScroll(page, `Figure open at ${width}`);
      if (width === 390) await shot(page, 'layout-390x844-figure');
      await page.keyboard.press('Escape');
      await page.getByTestId('figure-popover').waitFor({ state: 'detached' });
    }
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  }, SLOW);

  it('keeps a value of 1e19 with many digits in its column, clear of the statistics', async () => {
    // y = A·exp(−x/τ) with A = 1.2345678901e19, τ = 4.2 and a relative noise of 1e-9 (a fixed
    // sequence): the standard errors are ~1e-9 of the values, so each prints with many digits.
    const rows = ['x,y'];
    for (let i = 0; i <= 40; i++) {
      const x = i / 2;
      const noise = 1 + 1e-9 * Math.sin(i * 12.9898);
      rows.push(`${x},${(1.2345678901e19 * Math.exp(-x / 4.2) * noise).toPrecision(17)}`);
    }
    const page = await open({ width: 1024, height: 768 });
    await loadFileInput(page, 'huge.csv', rows.join('\n'));
    await page.getByTestId('rows-used').waitFor();
    await typeModel(page, 'A*exp(-x/tau)');
    await setParam(page, 'A', 1e19);
    await setParam(page, 'tau', 4);
    expect(await fit(page)).toBe('converged');
    const value = Number(await page.getByTestId('result-param-A').getAttribute('data-value'));
    expect(value / 1.2345678901e19).toBeCloseTo(1, 6);
    // What the page prints is long: the value with its error and the interval.
    const printed = (await page.getByTestId('result-param-A').textContent()) ?? '';
    expect(printed).toMatch(/×10¹⁹/);
    for (const [width, height] of [
      [1024, 768],
      [1440, 900],
      [390, 844],
    ] as const) {
      await resizeTo(page, { width, height });
      await scrollToResults(page);
      await frames(page);
      await expectNoSidewaysScroll(page, `1e19 at ${width}`);
      await expectTableClearOfStats(page, `1e19 at ${width}`);
      // Each cell of a row stays clear of the next: no digits drawn over each other.
      const cells = await page.locator('[data-testid="result-param-A"] > *').evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, content: (el as HTMLElement).scrollWidth <= (el as HTMLElement).clientWidth + 1 };
        }),
      );
      for (let i = 1; i < cells.length; i++) expect(cells[i].left, `cell ${i} starts after cell ${i - 1}`).toBeGreaterThanOrEqual(cells[i - 1].right - 0.5);
      for (const c of cells) expect(c.content).toBe(true);
      await shot(page, `layout-1e19-${width}x${height}`);
    }
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  }, SLOW);
});

describe('the small things', () => {
  it('moves focus to the data summary after a sample card, and Tab goes on into the data panel', async () => {
    const page = await open({ width: 1440, height: 900 });
    await page.getByTestId('sample-decay').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('rows-used').waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'table-info', undefined, { timeout: 10_000 });
    await shot(page, 'layout-focus-after-sample');
    await page.keyboard.press('Tab');
    const next = await page.evaluate(() => ({ id: document.activeElement?.getAttribute('data-testid') ?? '', inData: document.activeElement?.closest('[data-testid="data-panel"]') !== null }));
    expect(next.id).not.toBe('toggle-logx');
    expect(next.inData, `Tab after the summary went to ${next.id}`).toBe(true);
    await page.close();
  }, SLOW);

  it('turns the status from red to neutral once a failed fit’s cause is fixed', async () => {
    const page = await open({ width: 1440, height: 900 });
    await loadSampleCard(page, 'decay');
    await typeModel(page, 'A*exp(-t/tau) +');
    expect(await fit(page)).toBe('error');
    const status = page.getByTestId('status');
    expect(await status.evaluate((el) => getComputedStyle(el).color)).toBe(STATUS_RED);
    await shot(page, 'layout-status-failed');
    await typeModel(page, 'A*exp(-t/tau) + c');
    await page.waitForFunction(() => document.querySelector('[data-testid="status"]')?.textContent?.startsWith('Ready'));
    expect(await status.getAttribute('data-state')).toBe('idle');
    expect(await status.evaluate((el) => getComputedStyle(el).color)).not.toBe(STATUS_RED);
    await shot(page, 'layout-status-fixed');
    await page.close();
  }, SLOW);

  it('says how to zoom out without covering the log toggles, counts points log x hides, and draws every iteration the header counts', async () => {
    const page = await open({ width: 1440, height: 900 });
    await loadSampleCard(page, 'decay');
    await plotted(page);
    expect(await fit(page)).toBe('converged');

    // Zoom with a drag: plotly's fixed "Double-click to zoom back out" tip is not shown; the note says it.
    const drag = page.locator('[data-testid="main-plot"] .draglayer .xy .nsewdrag');
    const area = await drag.boundingBox();
    if (!area) throw new Error('no plot area');
    const y = area.y + area.height / 2;
    await page.mouse.move(area.x + area.width * 0.2, y);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width * 0.4, y + 1, { steps: 4 });
    await page.mouse.move(area.x + area.width * 0.5, y + 1, { steps: 4 });
    await page.mouse.up();
    await page.getByText('double-click the plot to see all the data').waitFor({ timeout: 30_000 });
    for (const id of ['toggle-logx', 'toggle-logy']) {
      const b = await box(page.getByTestId(id));
      const hit = await page.evaluate(([x, yy]) => document.elementFromPoint(x, yy)?.closest('label')?.querySelector('input')?.getAttribute('data-testid') ?? null, [(b.left + b.right) / 2, (b.top + b.bottom) / 2] as const);
      expect(hit, `${id} is what lies under its own centre`).toBe(id);
    }
    expect(await page.locator('.plotly-notifier .notifier-note').count()).toBe(0);
    await shot(page, 'layout-zoomed');
    await page.mouse.dblclick(area.x + area.width / 2, y);

    // Log x: the sample's rows with t ≤ 0, counted from the file itself.
    const t = sampleText('decay')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
    const hidden = t.filter((v) => v <= 0).length;
    expect(hidden).toBeGreaterThan(0);
    await page.getByTestId('toggle-logx').check();
    await page.getByText(`Log x: ${hidden} point${hidden === 1 ? '' : 's'} with t ≤ 0 ${hidden === 1 ? 'is' : 'are'} not drawn.`).waitFor({ timeout: 30_000 });
    await shot(page, 'layout-logx-hidden');
    await page.getByTestId('toggle-logx').uncheck();
    await page.waitForFunction(() => !document.querySelector('[data-testid="plot-note"]')?.textContent?.includes('Log x'));

    // The cost plot's last iteration is the header's count (recorded TRF steps plus the refinement).
    const header = (await page.getByTestId('results-head').textContent()) ?? '';
    const iterations = Number(/(\d+) iterations?/.exec(header)?.[1]);
    const phases = await page.locator('[data-testid="result-phases"] tbody tr').evaluateAll((rows) => rows.map((r) => Number(r.children[3]?.textContent)));
    expect(iterations).toBe(phases.reduce((a, b) => a + b, 0));
    await page.locator('[data-testid="cost-plot"][data-rendered="true"]').waitFor();
    const drawn = await page.getByTestId('cost-plot').evaluate((el) => Math.max(...(el as HTMLElement & { data: { x: number[] }[] }).data.flatMap((trace) => Array.from(trace.x))));
    expect(drawn).toBe(iterations);
    await page.getByTestId('cost-plot').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, 'layout-cost-plot');
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  }, SLOW);

  it('keeps the band and log toggles in a session, and asks before deleting one', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    page.setDefaultTimeout(150_000);
    await page.goto(served.url);
    await loadSampleCard(page, 'decay');
    await plotted(page);
    expect(await fit(page)).toBe('converged');
    const toggles = ['toggle-confidence', 'toggle-prediction', 'toggle-logx', 'toggle-logy'];
    const states = () => Promise.all(toggles.map((id) => page.getByTestId(id).isChecked()));
    await page.getByTestId('toggle-confidence').uncheck();
    await page.getByTestId('toggle-prediction').check();
    await page.getByTestId('toggle-logy').check();
    const chosen = await states();
    expect(chosen).toEqual([false, true, false, true]);
    const saved = () => page.waitForFunction(() => document.querySelector('[data-testid="sessions-button"]')?.getAttribute('data-save-state') === 'saved', undefined, { timeout: 30_000 });
    await page.waitForTimeout(200);
    await saved();
    await page.reload();
    await page.getByTestId('session-restored').waitFor();
    await page.getByTestId('result-params').waitFor();
    expect(await states()).toEqual(chosen);

    // A second session with other toggles, then back to the first: each keeps its own.
    await page.getByTestId('sample-select').selectOption('peaks');
    await page.waitForFunction(() => document.querySelector('[data-testid="source-label"]')?.textContent?.includes('peaks.csv'));
    await page.getByTestId('toggle-logy').uncheck();
    await page.waitForTimeout(200);
    await saved();
    await page.getByTestId('sessions-button').click();
    await page.locator('[data-testid="session-item"]:has-text("decay.csv") [data-testid="session-open"]').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="source-label"]')?.textContent?.includes('decay.csv'));
    await page.getByTestId('result-params').waitFor();
    expect(await states()).toEqual(chosen);

    // Delete asks first; Keep keeps it (focus back on its delete button); Delete removes it.
    await page.getByTestId('sessions-button').click();
    const peaks = page.locator('[data-testid="session-item"]:has-text("peaks.csv")');
    await peaks.getByTestId('session-delete').click();
    await peaks.getByTestId('session-delete-confirm').waitFor();
    expect(await peaks.textContent()).toContain('Undo brings it back');
    expect(await page.getByTestId('session-item').count()).toBe(2);
    await shot(page, 'layout-session-delete-confirm');
    await peaks.getByTestId('session-delete-cancel').click();
    expect(await page.getByTestId('session-item').count()).toBe(2);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('session-delete');
    await peaks.getByTestId('session-delete').click();
    await peaks.getByTestId('session-delete-confirm').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="session-item"]').length === 1);
    expect(await page.getByTestId('session-item').textContent()).toContain('decay.csv');
    await context.close();
  }, SLOW);
});
