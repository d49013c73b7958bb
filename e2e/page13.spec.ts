/**
 * Issue 13, the page as a scientist meets it: a deleted session comes back with Undo (the notice
 * on screen at 1440×900, 1024×768 and 390×844, screenshots `undo-WxH.png`), and the undo holds
 * over a reload while a dismissed one is final; above 5 000 rows the log-x note counts the
 * points it hides (the worker counts them over every row, not the decimated points drawn); and
 * the per-group overlay of Theoph (a dose per subject) draws each subject's curve at its dose and
 * says under log x and log y how many points (Time = 0, conc = 0) it leaves off
 * (`group-logx-WxH.png`, `group-logy-1440x900.png`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadFileInput, loadSampleCard, plotted, resizeTo, setParam, typeModel } from './lib/app-actions';
import { root } from './lib/app-serve';
import { pageErrors, shot, collectErrors } from './lib/app-browser';
import { appSuite } from './lib/app-suite';

const suite = appSuite();

const SLOW = 240_000;

async function saved(page: Page): Promise<void> {
  await page.waitForTimeout(200);
  await page.waitForFunction(() => document.querySelector('[data-testid="sessions-button"]')?.getAttribute('data-save-state') === 'saved', undefined, { timeout: 30_000 });
}

const listed = (page: Page) => page.locator('[data-testid="session-item"] .session-file').allTextContents();

/** Two saved sessions (decay, then peaks), the Sessions panel open. */
async function twoSessions(page: Page): Promise<void> {
  await page.goto(suite.served.url);
  await loadSampleCard(page, 'decay');
  await plotted(page);
  await saved(page);
  await page.getByTestId('sample-select').selectOption('peaks');
  await page.waitForFunction(() => document.querySelector('[data-testid="source-label"]')?.textContent?.includes('peaks.csv'));
  await saved(page);
  await page.getByTestId('sessions-button').click();
  await page.getByTestId('sessions-panel').waitFor();
  expect((await listed(page)).sort()).toEqual(['decay.csv', 'peaks.csv']);
}

async function deleteFromList(page: Page, file: string): Promise<void> {
  const row = page.locator(`[data-testid="session-item"]:has-text("${file}")`);
  await row.getByTestId('session-delete').click();
  await row.getByTestId('session-delete-confirm').click();
  await page.getByTestId('session-deleted').waitFor();
}

describe('a deleted session comes back with Undo', () => {
  it('at 1440×900, 1024×768 and 390×844: the notice is on screen, says which, and Undo lists it again', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    collectErrors(page);
    page.setDefaultTimeout(60_000);
    await twoSessions(page);
    // The same two sessions at each size: deleted, and brought back by Undo.
    for (const [width, height] of [
      [1440, 900],
      [1024, 768],
      [390, 844],
    ] as const) {
      await resizeTo(page, { width, height });
      if (!(await page.getByTestId('sessions-panel').isVisible())) await page.getByTestId('sessions-button').click();
      await page.getByTestId('sessions-panel').waitFor();
      await deleteFromList(page, 'decay.csv');
      expect(await listed(page)).toEqual(['peaks.csv']);
      const notice = page.getByTestId('session-deleted');
      expect(await notice.textContent()).toContain('decay.csv');
      const box = (await notice.boundingBox())!;
      expect(box.x, 'the notice starts inside the window').toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, 'the notice ends inside the window').toBeLessThanOrEqual(width);
      expect(box.y + box.height, 'the notice is above the window’s foot').toBeLessThanOrEqual(height);
      // Undo is what lies under its own centre (nothing covers it).
      const undo = (await page.getByTestId('session-undo').boundingBox())!;
      const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('[data-testid]')?.getAttribute('data-testid') ?? null, [undo.x + undo.width / 2, undo.y + undo.height / 2] as const);
      expect(hit).toBe('session-undo');
      await shot(page, `undo-${width}x${height}`);
      await page.getByTestId('session-undo').click();
      await page.getByTestId('session-deleted').waitFor({ state: 'detached' });
      // A click outside the Sessions panel (Undo is) closes it: open it again to read the list.
      if (!(await page.getByTestId('sessions-panel').isVisible())) await page.getByTestId('sessions-button').click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="session-item"]').length === 2);
      expect((await listed(page)).sort()).toEqual(['decay.csv', 'peaks.csv']);
    }
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, SLOW);

  it('keeps the undone session over a reload (it opens whole), and a dismissed deletion is final', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    collectErrors(page);
    page.setDefaultTimeout(60_000);
    await twoSessions(page);
    await deleteFromList(page, 'decay.csv');
    await page.getByTestId('session-undo').click();
    await page.getByTestId('session-deleted').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('session-restored').waitFor();
    await page.getByTestId('sessions-button').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="session-item"]').length === 2);
    await page.locator('[data-testid="session-item"]:has-text("decay.csv") [data-testid="session-open"]').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="source-label"]')?.textContent?.includes('decay.csv'));
    expect(await page.getByTestId('rows-used').textContent()).toContain('81');

    await page.getByTestId('sessions-button').click();
    await deleteFromList(page, 'peaks.csv');
    await page.getByTestId('session-deleted-dismiss').click();
    await page.getByTestId('session-deleted').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('session-restored').waitFor();
    await page.getByTestId('sessions-button').click();
    await page.getByTestId('sessions-panel').waitFor();
    expect(await listed(page)).toEqual(['decay.csv']);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, SLOW);
});

describe('log x above 5 000 rows', () => {
  it('counts the points with x ≤ 0 that it does not draw', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    collectErrors(page);
    page.setDefaultTimeout(60_000);
    await page.goto(suite.served.url);
    // 12 000 rows, x from −0.29 in steps of 0.01: x ≤ 0 on the first 30 (−0.29 … 0.00).
    const n = 12_000;
    const lines = ['x,y'];
    for (let i = 0; i < n; i++) lines.push(`${((i - 29) / 100).toFixed(2)},${(5 + Math.sin(i / 300)).toFixed(4)}`);
    const hidden = lines.slice(1).filter((l) => Number(l.split(',')[0]) <= 0).length;
    expect(hidden).toBe(30);
    await loadFileInput(page, 'many.csv', lines.join('\n'));
    await page.getByTestId('rows-used').waitFor();
    await plotted(page);
    await page.getByTestId('toggle-logx').check();
    await page.getByText(`Log x: ${hidden} points with x ≤ 0 are not drawn.`).waitFor({ timeout: 30_000 });
    // No model yet: the density is drawn alone, and the note speaks of no curve.
    expect(await page.getByTestId('plot-note').textContent()).not.toContain('curve');
    await shot(page, 'logx-hidden-12000');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  }, SLOW);
});

describe('the group overlay of Theoph: a dose per subject, log x', () => {
  const text = readFileSync(join(root, 'fixtures', 'groups', 'theoph.csv'), 'utf8');
  const lines = text.trim().split('\n');
  const time = lines[0].split(',').indexOf('Time');
  // Every subject's first sample is at Time = 0, which a log axis cannot draw.
  const atZero = lines.slice(1).filter((l) => Number(l.split(',')[time]) <= 0).length;
  const conc = lines[0].split(',').indexOf('conc');
  const noConc = lines.slice(1).filter((l) => Number(l.split(',')[conc]) <= 0).length;

  {
    it(`a curve per subject, and the note counts the ${atZero} points with Time ≤ 0 (log x; inside the window at 1440×900 and 390×844) and ${noConc} with conc ≤ 0 (log y)`, async () => {
      expect([atZero, noConc]).toEqual([12, 9]);
      const [width, height] = [1440, 900];
      const context = await suite.browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      collectErrors(page);
      page.setDefaultTimeout(120_000);
      await page.goto(suite.served.url);
      await loadFileInput(page, 'theoph.csv', text);
      await page.getByTestId('rows-used').waitFor();
      await page.getByTestId('x-select-0').selectOption('Time');
      await page.getByTestId('y-select').selectOption('conc');
      await page.getByTestId('add-x').click();
      await page.getByTestId('x-select-1').selectOption('Dose');
      await page.getByTestId('group-select').selectOption('Subject');
      await page.getByTestId('group-list').waitFor();
      // R's first-order absorption model (fixtures/groupfits/nls_groups.R), R's start values.
      await typeModel(page, 'Dose*exp(lKe + lKa - lCl)*(exp(-exp(lKe)*Time) - exp(-exp(lKa)*Time))/(exp(lKa) - exp(lKe))');
      await setParam(page, 'lKe', -2.5);
      await setParam(page, 'lKa', 0.5);
      await setParam(page, 'lCl', -3);
      await page.getByTestId('fit-groups-button').click();
      await page.getByTestId('group-table').waitFor();
      await page.getByTestId('group-status').filter({ hasText: 'Fitted 12 / 12 groups' }).waitFor();
      // Each subject: its markers and a smooth curve held at its dose (200 points, more than its 11 samples).
      const traces = await page.getByTestId('group-plot').evaluate((el) => (el as unknown as { data: { name: string; mode: string; x: number[] }[] }).data.map((t) => ({ name: t.name, mode: t.mode, n: t.x.length })));
      expect(traces.filter((t) => t.mode === 'markers')).toHaveLength(12);
      const curves = traces.filter((t) => t.mode === 'lines');
      expect(curves).toHaveLength(12);
      expect(curves.every((c) => c.n > 11)).toBe(true);
      expect(await page.getByTestId('group-plot-note').count()).toBe(0);

      await page.getByTestId('toggle-logx').check();
      const note = page.getByTestId('group-plot-note');
      await note.waitFor();
      expect(await note.textContent()).toBe(`Log x: ${atZero} points with Time ≤ 0 are not drawn.`);
      await page.locator('[data-testid="group-plot"][data-rendered="true"]').waitFor();
      for (const size of [
        { width: 1440, height: 900 },
        { width: 390, height: 844 },
      ]) {
        await resizeTo(page, size);
        await page.getByTestId('group-results').evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await page.waitForTimeout(400);
        const box = (await note.boundingBox())!;
        expect(box.x + box.width, `the note inside the window at ${size.width}`).toBeLessThanOrEqual(size.width);
        await shot(page, `group-logx-${size.width}x${size.height}`);
      }
      await resizeTo(page, { width, height });
      // Log y too: the group plot follows it, and the nine conc = 0 samples (all at Time = 0) are
      // counted once, under x; alone, log y hides those nine.
      await page.getByTestId('toggle-logy').check();
      await page.waitForFunction(() => (document.querySelector('[data-testid="group-plot"]') as unknown as { _fullLayout?: { yaxis: { type: string } } })?._fullLayout?.yaxis.type === 'log');
      expect(await note.textContent()).toBe(`Log x: ${atZero} points with Time ≤ 0 are not drawn.`);
      await page.getByTestId('toggle-logx').uncheck();
      await note.filter({ hasText: `Log y: ${noConc} points with conc ≤ 0 are not drawn.` }).waitFor();
      expect(await note.textContent()).toBe(`Log y: ${noConc} points with conc ≤ 0 are not drawn.`);
      await page.getByTestId('group-results').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.waitForTimeout(400);
      await shot(page, `group-logy-${width}x${height}`);
      await page.getByTestId('toggle-logy').uncheck();
      await note.waitFor({ state: 'detached' });
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    }, SLOW);
  }
});
