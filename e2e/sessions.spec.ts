/**
 * Saved sessions end to end in headless Chromium: a fitted sample is saved as you work and
 * restored on reload (same model, parameters, results and row count); the recent sessions are
 * listed, opened and deleted with the keyboard and the mouse; a link takes precedence over the
 * saved session; and a browser whose storage refuses says so once and keeps working.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fit, fittedParameters, loadSampleCard, plotted, type FittedParameter } from './lib/app-actions';
import { collectErrors, launch, pageErrors, shot } from './lib/app-browser';
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

async function freshPage(init?: () => void): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  collectErrors(page);
  await page.goto(served.url);
  await page.getByTestId('app').waitFor();
  return { context, page };
}

/** Waits until the page has saved what it shows. */
async function saved(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-testid="sessions-button"]')?.getAttribute('data-save-state') === 'saved', undefined, { timeout: 30_000 });
}

async function openPanel(page: Page): Promise<void> {
  await page.getByTestId('sessions-button').click();
  await page.getByTestId('sessions-panel').waitFor();
}

async function listed(page: Page): Promise<{ id: string; text: string; rows: string; current: boolean }[]> {
  return page.$$eval('[data-testid="session-item"]', (items) =>
    items.map((li) => ({
      id: li.getAttribute('data-session-id') ?? '',
      text: li.textContent ?? '',
      rows: li.getAttribute('data-rows') ?? '',
      current: li.classList.contains('is-current'),
    })),
  );
}

function expectSame(a: Record<string, FittedParameter>, b: Record<string, FittedParameter>): void {
  expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
  for (const [name, p] of Object.entries(a)) {
    expect(b[name].value, name).toBe(p.value);
    expect(b[name].stderr, name).toBe(p.stderr);
  }
}

/** Writes `write` (each key a short string) to the page's session storage, then lists its keys. */
function idbKeys(page: Page, write: string[] = []): Promise<string[]> {
  return page.evaluate(async (keys) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('fitbench');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction('sessions', 'readwrite');
    const store = tx.objectStore('sessions');
    for (const key of keys) store.put(key.startsWith('folder:') ? 'fitbench-stream-0-none' : { left: key }, key);
    const all = await new Promise<IDBValidKey[]>((resolve) => {
      const r = store.getAllKeys();
      r.onsuccess = () => resolve(r.result);
    });
    db.close();
    return all.map(String);
  }, write);
}

describe('sessions', () => {
  it('saves as you work, restores on reload, lists, opens and deletes sessions', async () => {
    const { page } = await freshPage();
    await loadSampleCard(page, 'decay');
    await plotted(page);
    expect(await fit(page)).toBe('converged');
    const decay = await fittedParameters(page);
    await saved(page);

    await page.reload();
    await page.getByTestId('session-restored').waitFor();
    expect(await page.getByTestId('session-restored').textContent()).toContain('Restored your last session: decay.csv · A*exp(-t/tau) + c');
    await page.getByTestId('result-params').waitFor();
    expectSame(decay, await fittedParameters(page));
    expect(await page.getByTestId('model-editor').inputValue()).toBe('A*exp(-t/tau) + c');
    expect(await page.getByTestId('source-label').textContent()).toContain('81 rows');
    expect(await page.getByTestId('rows-used').textContent()).toContain('81');
    expect(await page.getByTestId('status').getAttribute('data-state')).toBe('converged');
    expect(await page.getByTestId('results-stale').count()).toBe(0);
    // The restored fit's bands are drawn again.
    await page.locator('[data-testid="main-plot"][data-rendered="true"]').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="main-plot"]')?.textContent?.includes('95% confidence band'));
    await shot(page, 'sessions-restored');

    // A second dataset is a second session.
    await page.getByTestId('sample-select').selectOption('peaks');
    await page.waitForFunction(() => document.querySelector('[data-testid="source-label"]')?.textContent?.includes('peaks.csv'));
    expect(await fit(page)).toBe('converged');
    const peaks = await fittedParameters(page);
    await saved(page);
    await openPanel(page);
    let items = await listed(page);
    expect(items.map((i) => i.text.slice(0, i.text.indexOf('.csv') + 4))).toEqual(['peaks.csv', 'decay.csv']);
    expect(items[0].current).toBe(true);
    expect(items[1].rows).toBe('81');
    expect(items[1].text).toContain('81 rows · fitted');
    // The panel opens with the first session focused; arrows are not needed: Tab walks it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('session-open');
    await shot(page, 'sessions-panel');

    // Back to the decay session with the keyboard.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="session-item"]')?.textContent ?? '')).toContain('decay.csv');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid="source-label"]')?.textContent?.includes('decay.csv'));
    await page.getByTestId('result-params').waitFor();
    expectSame(decay, await fittedParameters(page));
    expect(await page.getByTestId('sessions-panel').count()).toBe(0);

    // Delete the peaks session.
    await openPanel(page);
    await page.locator(`[data-session-id="${items[0].id}"] [data-testid="session-delete"]`).click();
    await page.locator(`[data-session-id="${items[0].id}"] [data-testid="session-delete-confirm"]`).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="session-item"]').length === 1);
    items = await listed(page);
    expect(items[0].text).toContain('decay.csv');
    await page.keyboard.press('Escape');
    await page.getByTestId('sessions-panel').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('sessions-button');
    expect(peaks.a1.value).toBeGreaterThan(0);

    // A link in the address takes precedence over the saved session (here a broken one: the
    // workbench stays clean, and says why).
    await page.goto('about:blank');
    await page.goto(`${served.url}#fit=v1.AAAA`);
    await page.getByTestId('link-error').waitFor();
    expect(await page.getByTestId('empty-state').isVisible()).toBe(true);
    expect(await page.getByTestId('session-restored').count()).toBe(0);
    // …and without one, the latest session comes back.
    await page.goto('about:blank');
    await page.goto(served.url);
    await page.getByTestId('session-restored').waitFor();
    await page.getByTestId('result-params').waitFor();
    expectSame(decay, await fittedParameters(page));
    expect(pageErrors(page)).toEqual([]);
  });

  it('removes at start the keys of a session a closed page left unlisted, not of one a live tab has open', async () => {
    // Web Locks as Chromium has them: the live tab's shared lock keeps the cleanup off its session.
    const { context, page } = await freshPage();
    await loadSampleCard(page, 'decay');
    await plotted(page);
    await saved(page);
    // Two sessions whose saves stopped before the index listed them: "gone" was a closed page's,
    // "live" is another tab's that is still saving (it holds the session's lock, as the page does).
    await page.evaluate(async () => {
      void navigator.locks.request('fitbench-session-s-live', { mode: 'shared' }, () => new Promise<void>(() => undefined));
    });
    await idbKeys(page, ['folder:s-gone', 'data:s-gone', 'session:s-gone', 'folder:s-live', 'data:s-live', 'session:s-live']);
    const second = await context.newPage();
    collectErrors(second);
    await second.goto(served.url);
    await second.getByTestId('session-restored').waitFor();
    await expect.poll(async () => (await idbKeys(second)).filter((k) => k.endsWith(':s-gone')), { timeout: 10_000 }).toEqual([]);
    const left = await idbKeys(second);
    expect(left.filter((k) => k.endsWith(':s-live')).sort()).toEqual(['data:s-live', 'folder:s-live', 'session:s-live']);
    // The sessions saved whole stay.
    expect(left).toContain('index');
    expect(left.filter((k) => k.startsWith('session:') && !k.endsWith(':s-live'))).toHaveLength(1);
    expect(pageErrors(page)).toEqual([]);
    expect(pageErrors(second)).toEqual([]);
  });

  it('says once that sessions cannot be saved when storage refuses, and keeps working', async () => {
    const { page } = await freshPage(() => {
      Object.defineProperty(window, 'indexedDB', {
        get() {
          throw new DOMException('The user denied permission to access the database.', 'SecurityError');
        },
      });
    });
    const warning = page.getByTestId('storage-warning');
    await loadSampleCard(page, 'decay');
    await plotted(page);
    expect(await fit(page)).toBe('converged');
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(/Sessions cannot be saved in this browser \(SecurityError: .*\)\. Your work is not kept after you close the page; everything else works\./);
    await shot(page, 'sessions-storage-refused');
    await page.getByTestId('param-value-tau').fill('5');
    expect(await fit(page)).toBe('converged');
    await page.waitForFunction(() => document.querySelector('[data-testid="sessions-button"]')?.getAttribute('data-save-state') === 'failed');
    expect(await page.getByTestId('storage-warning').count()).toBe(1);
    await page.getByTestId('storage-warning-dismiss').click();
    await page.getByTestId('param-value-tau').fill('4');
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('storage-warning').count()).toBe(0);
    expect(await page.getByTestId('save-status').textContent()).toBe('Not saved');
    await openPanel(page);
    expect(await page.getByTestId('sessions-empty').textContent()).toContain('cannot be saved');
    expect(pageErrors(page)).toEqual([]);
  });
});
