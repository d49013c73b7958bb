/**
 * Issue 10 after a reload: a fit restored from the saved session shows the Compare card's last
 * comparison again (kept in the session), and its Profile intervals button works (the page fits
 * it again silently from its own values first). Puromycin (treated) against R: the F test of the
 * model with a linear term (fixtures/modelcompare) and the exact profile ends (fixtures/profile).
 * Screenshot at 1440×900 and 390×844 of the restored comparison and profile.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fit, loadFileInput, scrollToSection, setParam, typeModel } from './lib/app-actions';
import { openApp, pageErrors, shot } from './lib/app-browser';
import { appSuite } from './lib/app-suite';

const R = JSON.parse(readFileSync(new URL('../fixtures/profile/reference.json', import.meta.url), 'utf8')).puromycin;
const RC = JSON.parse(readFileSync(new URL('../fixtures/modelcompare/reference.json', import.meta.url), 'utf8')).cases.find((c: { name: string }) => c.name === 'puromycin-linear-term');
const data = JSON.parse(readFileSync(new URL('../fixtures/derived/derived.json', import.meta.url), 'utf8'));
const csv = ['conc,rate', ...data.conc.map((c: number, i: number) => `${c},${data.rate[i]}`)].join('\n');

const suite = appSuite();
let page: Page;

describe('tools on a fit restored from the saved session', () => {
  it('the last comparison comes back, and Profile intervals works after a reload', async () => {
    page = await openApp(suite.browser, suite.served.url);
    await loadFileInput(page, 'puromycin-treated.csv', csv);
    await page.getByTestId('rows-used').waitFor();
    await typeModel(page, RC.compareModel);
    await setParam(page, 'Vm', 200);
    await setParam(page, 'K', 0.05);
    expect(await fit(page)).toBe('converged');
    await page.getByTestId('compare-model-input').fill(RC.model);
    await page.getByTestId('compare-button').click();
    await page.locator('[data-testid="compare-section"][data-status="done"]').waitFor({ timeout: 60_000 });
    const verdict = await page.getByTestId('compare-verdict').textContent();
    expect(verdict).toMatch(/F\(1, 9\) = 1\.44, p = 0\.26/);

    await page.waitForFunction(() => document.querySelector('[data-testid="sessions-button"]')?.getAttribute('data-save-state') === 'saved', undefined, { timeout: 30_000 });
    await page.reload();
    await page.getByTestId('session-restored').waitFor();
    await page.locator('[data-testid="compare-section"][data-status="done"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('compare-verdict').textContent()).toBe(verdict);
    expect(await page.getByTestId('compare-model-input').inputValue()).toBe(RC.model);

    await page.getByTestId('profile-button').click();
    await page.getByTestId('profile-table').waitFor({ timeout: 60_000 });
    for (const [i, name] of R.names.entries()) {
      const row = page.getByTestId(`profile-row-${name}`);
      const width = R.exactUpper[i] - R.exactLower[i];
      expect(Math.abs(Number(await row.getAttribute('data-lower')) - R.exactLower[i]) / width).toBeLessThan(1e-6);
      expect(Math.abs(Number(await row.getAttribute('data-upper')) - R.exactUpper[i]) / width).toBeLessThan(1e-6);
    }
    await scrollToSection(page, 'profile-section');
    await shot(page, 'restored-tools-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await scrollToSection(page, 'compare-section');
    await shot(page, 'restored-tools-390');
    expect(pageErrors(page)).toEqual([]);

    // A damaged saved comparison: the session restores without it, and the notice says so.
    await page.setViewportSize({ width: 1440, height: 900 });
    // Nothing left to save (a restored session that did not change is 'idle'): the damage stays.
    await page.waitForFunction(() => ['saved', 'idle'].includes(document.querySelector('[data-testid="sessions-button"]')?.getAttribute('data-save-state') ?? ''), undefined, { timeout: 30_000 });
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('fitbench');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const store = open.result.transaction('sessions', 'readwrite').objectStore('sessions');
            const index = store.get('index');
            index.onsuccess = () => {
              const key = `session:${(index.result as { id: string }[])[0].id}`;
              const read = store.get(key);
              read.onsuccess = () => {
                const record = read.result as { comparison: { comparison: Record<string, unknown> } };
                record.comparison.comparison = { ...record.comparison.comparison, p: 'x' };
                const write = store.put(record, key);
                write.onsuccess = () => resolve();
                write.onerror = () => reject(write.error);
              };
            };
          };
        }),
    );
    await page.reload();
    await page.getByTestId('session-restored-note').waitFor();
    expect(await page.getByTestId('session-restored-note').textContent()).toBe('The saved model comparison could not be read and was left out; press Compare to run it again.');
    expect(await page.locator('[data-testid="compare-section"]').getAttribute('data-status')).not.toBe('done');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'restored-damaged-comparison-1440');
    expect(pageErrors(page)).toEqual([]);
  });
});
