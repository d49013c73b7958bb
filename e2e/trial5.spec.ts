/**
 * What trial 5 (a new user with large files) found in the page, checked where the user met it:
 * Enter in the memory budget field sets the budget and does not fit. The field sits in the setup
 * form, whose submit runs Fit; it did not hold its Enter back, so setting the budget after
 * dropping a 10⁷-row file started a 30 s streamed fit (RowFilters and TieEditor hold theirs).
 * Screenshots e2e/screenshots/trial5-budget-1440.png and -390.png.
 * A streamed table says what needs its rows in memory (the filters, groups and excluded points the
 * data panel hides) and how much; opened in another tab, whose budget differs, it names both
 * budgets and says that the file is to be opened again (trial 5 saw "Memory budget 8G" in the
 * field above "Memory budget 64 MiB · streaming…"). Screenshots trial5-stream-restored-*.png.
 * A budget set below what the open (in-memory) table holds says that the table stays in memory and
 * the budget applies to the next file (trial 5 set 64M under a 2·10⁶-row table: no word).
 * Screenshots trial5-budget-held-*.png.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSampleCard, plotted, resizeTo } from './lib/app-actions';
import { collectErrors, openApp, pageErrors, shotAtWidths } from './lib/app-browser';
import { appSuite } from './lib/app-suite';

const suite = appSuite();
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const dir = mkdtempSync(join(tmpdir(), 'fitbench-trial5-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `perGroup`·3 rows of group,x,y: three decays, a text column (not kept when streamed). */
function groupsCsv(perGroup = 100_000): string {
  const lines = ['group,x,y'];
  for (let g = 0; g < 3; g++) for (let i = 0; i < perGroup; i++) lines.push(`g${g},${(i / 10_000).toFixed(4)},${((g + 1) * 10 * Math.exp(-i / 20_000) + ((i * 7) % 11) / 100).toFixed(5)}`);
  return lines.join('\n') + '\n';
}

describe('trial 5 findings', () => {
  it('Enter in the memory budget field sets the budget and starts no fit', async () => {
    const page = await openApp(suite.browser, suite.served.url, VIEWPORTS[0]);
    await loadSampleCard(page, 'decay');
    await plotted(page);
    expect(await page.getByTestId('status').getAttribute('data-state')).toBe('idle');
    // Every state the status passes through from here on.
    await page.evaluate(() => {
      const w = window as Window & { __states?: string[] };
      w.__states = [];
      const status = document.querySelector('[data-testid="status"]')!;
      new MutationObserver(() => w.__states!.push(status.getAttribute('data-state') ?? '')).observe(status, { attributes: true, subtree: true, childList: true, characterData: true });
    });
    const input = page.getByTestId('memory-budget-input');
    await input.fill('64M');
    await input.press('Enter');
    await expect.poll(() => page.getByTestId('memory-budget').textContent()).toContain('64 MiB');
    // A fit of the 81-row sample takes well under this; it would have left 'running' behind.
    await page.waitForTimeout(1500);
    const states = await page.evaluate(() => (window as Window & { __states?: string[] }).__states ?? []);
    expect(states).not.toContain('running');
    expect(await page.getByTestId('status').getAttribute('data-state')).toBe('idle');
    expect(await page.getByTestId('results-empty').count()).toBe(1);
    // A bad size with Enter is refused beside the field, and starts no fit either.
    await input.fill('12Q');
    await input.press('Enter');
    await expect.poll(() => page.getByTestId('memory-budget-error').textContent()).toContain('e.g. 512M or 2G');
    await page.waitForTimeout(500);
    expect(await page.getByTestId('status').getAttribute('data-state')).toBe('idle');
    await shotAtWidths(page, VIEWPORTS, 'trial5-budget', 'memory-budget');
    expect(pageErrors(page)).toEqual([]);
  });

  it('a streamed table says what needs its rows in memory; in another tab it names both budgets', async () => {
    const file = join(dir, 'groups.csv');
    writeFileSync(file, groupsCsv());
    // One browser context: its tabs share IndexedDB and browser storage, each has its own budget.
    const context = await suite.browser.newContext({ viewport: VIEWPORTS[0], deviceScaleFactor: 1 });
    const first = await context.newPage();
    collectErrors(first);
    await first.goto(suite.served.url);
    await first.getByTestId('app').waitFor();
    const input = first.getByTestId('memory-budget-input');
    await input.fill('16M');
    await input.press('Enter');
    await first.getByTestId('file-input').setInputFiles(file);
    await first.getByTestId('stream-info').waitFor({ timeout: 60_000 });
    expect(await first.getByTestId('stream-info').textContent()).toMatch(/^Memory budget 16 MiB · streaming from browser storage, \d+ chunks/);
    const limits = await first.getByTestId('stream-limits').textContent();
    expect(limits).toMatch(/^Row filters, groups and excluded points need the rows in memory: about [\d.]+ MiB\. Raise the memory budget above that to use them\.$/);
    expect(await first.getByTestId('group-picker').count()).toBe(0);
    await first.waitForFunction(() => document.querySelector('[data-testid="sessions-button"]')?.getAttribute('data-save-state') === 'saved', undefined, { timeout: 30_000 });

    const firstErrors = pageErrors(first);
    await first.close(); // its worker holds the folder's files open (sync access handles are exclusive)
    // The page opened again in a new tab of the same browser: the tab's own (default) budget, the session restored.
    const second = await context.newPage();
    collectErrors(second);
    await second.goto(suite.served.url);
    await second.getByTestId('app').waitFor();
    const info = second.getByTestId('stream-info');
    await info.waitFor({ timeout: 60_000 });
    const budget = await second.getByTestId('memory-budget-input').inputValue();
    expect(budget).not.toBe('16M');
    expect(await info.textContent()).toMatch(/^Streamed under a memory budget of 16 MiB \(the budget is [\d.]+ [MG]iB now\) · streaming from browser storage/);
    expect(await second.getByTestId('stream-limits').textContent()).toMatch(/^The budget now holds this file in memory \(about [\d.]+ MiB\): open the file again to read it there, with row filters, groups and excluded points\.$/);
    await plotted(second);
    await resizeTo(second, VIEWPORTS[0]);
    await shotAtWidths(second, VIEWPORTS, 'trial5-stream-restored', 'memory-budget');
    expect(firstErrors).toEqual([]);
    expect(pageErrors(second)).toEqual([]);
    await context.close();
  });

  it('a budget set below what the open table holds says that it stays in memory', async () => {
    // 450 000 rows × 3 columns: about 22 MiB in memory (52 bytes a row), under the default budget.
    const file = join(dir, 'groups-450k.csv');
    writeFileSync(file, groupsCsv(150_000));
    const page = await openApp(suite.browser, suite.served.url, VIEWPORTS[0]);
    await page.getByTestId('file-input').setInputFiles(file);
    await expect.poll(() => page.getByTestId('table-info').textContent(), { timeout: 60_000 }).toContain('450,000 rows');
    expect(await page.getByTestId('stream-info').count()).toBe(0);
    expect(await page.getByTestId('memory-budget-held').count()).toBe(0);
    const input = page.getByTestId('memory-budget-input');
    await input.fill('16M');
    await input.press('Enter');
    await expect.poll(() => page.getByTestId('memory-budget-held').count()).toBe(1);
    expect(await page.getByTestId('memory-budget-held').textContent()).toBe('The table open now stays in memory (about 22.3 MiB); the budget applies to the next file opened.');
    expect(await page.getByTestId('stream-info').count()).toBe(0);
    await plotted(page);
    await shotAtWidths(page, VIEWPORTS, 'trial5-budget-held', 'memory-budget');
    // A budget that holds it again: the note goes.
    await input.fill('64M');
    await input.press('Enter');
    await expect.poll(() => page.getByTestId('memory-budget-held').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });
});
