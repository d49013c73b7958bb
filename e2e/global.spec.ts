/**
 * Issue 9, "Global" in the page: the Puromycin sample grouped by state, fitted per group and then
 * globally with a shared K (the switch in K's row, by keyboard); the shared K and each state's Vm
 * against R's nls (fixtures/groupfits/nls_groups.json, `globalSharedK`); "Compare with separate
 * fits" and its verdict against R's anova; a share link that reproduces the global fit in a fresh
 * browser context (same values on the page); a reload that restores the saved session with its
 * group results (issue 27: it showed only the pooled fit). Screenshots at 1440×900, 1024×768 and 390×844.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSampleCard } from './lib/app-actions';
import { collectErrors, launch, pageErrors, shot } from './lib/app-browser';
import { root, serveDist, type Served } from './lib/app-serve';

const R = JSON.parse(readFileSync(join(root, 'fixtures', 'groupfits', 'nls_groups.json'), 'utf8')).puromycin.globalSharedK as { rss: number; groups: string[]; Vm: number[]; K: number; seVm: number[]; seK: number };

let served: Served;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  served = await serveDist();
  browser = await launch({ webgpu: false });
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await served?.close();
});

async function freshPage(url: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  contexts.push(context);
  const page = await context.newPage();
  collectErrors(page);
  await page.goto(url);
  await page.getByTestId('app').waitFor();
  return page;
}

/** "208.630 ± 5.80" → [208.63, 5.8] (the page's minus sign read as '-'). */
function valuePm(text: string): [number, number] {
  const [v, se] = text.replace(/\u2212/g, '-').split('±').map((s) => Number(s.trim()));
  return [v, se];
}

/** What the global card shows: the shared K and each state's Vm (text as on the page). */
async function shown(p: Page): Promise<{ K: string; Vm: Record<string, string> }> {
  const K = (await p.getByTestId('global-shared').locator('tr[data-param="K"] td[data-col="value"]').textContent()) ?? '';
  const Vm: Record<string, string> = {};
  for (const key of R.groups) Vm[key] = (await p.getByTestId('global-table').locator(`tr[data-group="${key}"] td[data-param="Vm"]`).textContent()) ?? '';
  return { K, Vm };
}

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);
let link = '';
let fitted: { K: string; Vm: Record<string, string> } | null = null;

describe('global fit over groups', () => {
  it('fits Puromycin per state, then globally with a shared K like R nls, and compares the two', async () => {
    const page = await freshPage(served.url);
    await loadSampleCard(page, 'puromycin');
    // Generous: the plot library loads slowly on a loaded machine.
    await page.locator('[data-testid="main-plot"][data-rendered="true"]').waitFor({ timeout: 120_000 }).catch(async (e) => {
      await shot(page, 'global-debug');
      throw e;
    });
    await page.getByTestId('group-list').waitFor();
    // Each group first.
    await page.getByTestId('fit-groups-button').click();
    await page.getByTestId('group-table').waitFor();
    expect(await page.getByTestId('group-status').textContent()).toBe('Fitted 2 / 2 groups');

    // Global: the mode, then K shared by keyboard (Space on its switch).
    await page.getByTestId('group-mode-global').check();
    expect(await page.getByTestId('group-status').textContent()).toMatch(/Mark the parameters all groups share/);
    await page.getByTestId('param-shared-K').focus();
    await page.keyboard.press('Space');
    expect(await page.getByTestId('param-shared-K').isChecked()).toBe(true);
    expect(await page.getByTestId('param-shared-Vm').isChecked()).toBe(false);
    const button = page.getByTestId('fit-groups-button');
    expect(await button.textContent()).toBe('Fit globally (K shared)');
    await shot(page, 'global-switches-1440');
    await button.click();
    await page.getByTestId('global-results').waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="global-plot"][data-rendered="true"]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('group-status').textContent()).toBe('Global fit of 2 groups converged · K shared');

    fitted = await shown(page);
    const [k, seK] = valuePm(fitted.K);
    expect(rel(k, R.K)).toBeLessThan(5e-6);
    expect(rel(seK, R.seK)).toBeLessThan(5e-3);
    R.groups.forEach((key, i) => {
      const [vm, se] = valuePm(fitted!.Vm[key]);
      expect(rel(vm, R.Vm[i])).toBeLessThan(5e-6);
      expect(rel(se, R.seVm[i])).toBeLessThan(5e-3);
    });
    // The overlay: each state's data and its global curve.
    const traces = await page.getByTestId('global-plot').evaluate((el) => (el as unknown as { data: { name: string; mode: string }[] }).data.map((t) => `${t.name}:${t.mode}`));
    expect(traces).toEqual(['treated:markers', 'treated fit:lines', 'untreated:markers', 'untreated fit:lines']);

    // Compare with separate fits: R's anova gives F = 1.718, p = 0.2056 on (1, 19) d.f.
    await page.getByTestId('global-compare').click();
    const verdict = page.getByTestId('global-verdict');
    await verdict.waitFor({ timeout: 60_000 });
    expect(await verdict.getAttribute('data-preferred')).toBe('global');
    expect(await verdict.textContent()).toMatch(/A shared K is consistent with the data \(F\(1, 19\) = 1\.72, p = 0\.21\)\. AICc prefers the global fit/);
    await page.getByTestId('global-results').scrollIntoViewIfNeeded();
    await shot(page, 'global-puromycin-1440');

    // The link: the data, the grouping, the mode and the shared K travel.
    await page.getByTestId('copy-link').click();
    await page.locator('[data-testid="link-status"][data-state]').waitFor();
    link = await page.evaluate(() => location.hash);
    expect(link).toMatch(/^#fit=v1\./);
    expect(pageErrors(page)).toEqual([]);
  });

  it('a share link reproduces the global fit in a fresh browser context', async () => {
    expect(link).not.toBe('');
    const opened = await freshPage(`${served.url}${link}`);
    await opened.getByTestId('global-results').waitFor({ timeout: 120_000 });
    expect(await opened.getByTestId('group-select').inputValue()).toBe('state');
    expect(await opened.getByTestId('group-mode-global').isChecked()).toBe(true);
    expect(await opened.getByTestId('param-shared-K').isChecked()).toBe(true);
    expect(await shown(opened)).toEqual(fitted);
    await opened.getByTestId('global-results').scrollIntoViewIfNeeded();
    await shot(opened, 'global-link-opened-1440');
    expect(pageErrors(opened)).toEqual([]);
  });

  it('a reload restores the session with the fit of each group, the global fit and its comparison', async () => {
    const page = await freshPage(served.url);
    await loadSampleCard(page, 'puromycin');
    await page.getByTestId('group-list').waitFor({ timeout: 120_000 });
    await page.getByTestId('fit-groups-button').click();
    await page.getByTestId('group-table').waitFor();
    await page.getByTestId('group-mode-global').check();
    await page.getByTestId('param-shared-K').check();
    await page.getByTestId('fit-groups-button').click();
    await page.getByTestId('global-results').waitFor({ timeout: 60_000 });
    await page.getByTestId('global-compare').click();
    await page.getByTestId('global-verdict').waitFor({ timeout: 60_000 });
    const before = await shown(page);
    await page.waitForFunction(() => document.querySelector('[data-testid="sessions-button"]')?.getAttribute('data-save-state') === 'saved', undefined, { timeout: 30_000 });

    await page.reload();
    await page.getByTestId('session-restored').waitFor({ timeout: 120_000 });
    await page.getByTestId('global-results').waitFor({ timeout: 60_000 });
    expect(await shown(page)).toEqual(before);
    expect(await page.getByTestId('global-verdict').getAttribute('data-preferred')).toBe('global');
    await page.locator('[data-testid="global-plot"][data-rendered="true"]').waitFor({ timeout: 60_000 });
    // Each group's fit too: back to "each group" shows its table without fitting again.
    await page.getByTestId('group-mode-each').check();
    await page.getByTestId('group-table').waitFor();
    expect(await page.getByTestId('group-status').textContent()).toBe('Fitted 2 / 2 groups');
    await shot(page, 'global-session-restored-1440');
    expect(pageErrors(page)).toEqual([]);
  });

  it('the global controls and card fit 1024×768 and a phone (390×844)', async () => {
    for (const [width, height] of [[1024, 768], [390, 844]] as const) {
      const page = await freshPage(`${served.url}${link}`, { width, height });
      await page.getByTestId('global-results').waitFor({ timeout: 120_000 });
      await page.locator('[data-testid="global-plot"][data-rendered="true"]').waitFor({ timeout: 60_000 });
      await page.getByTestId('global-compare').click();
      await page.getByTestId('global-verdict').waitFor({ timeout: 60_000 });
      await page.waitForFunction(() => {
        const el = document.querySelector('[data-testid="global-results"]');
        return el !== null && el.scrollWidth <= el.clientWidth;
      }, undefined, { timeout: 5000 }).catch(() => undefined);
      for (const id of ['global-results', 'fit-groups-button', 'group-mode', 'param-row-K']) {
        const over = await page.getByTestId(id).evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(over, `${id} at ${width}`).toBeLessThanOrEqual(0);
      }
      await page.getByTestId('global-results').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await shot(page, `global-puromycin-${width}`);
      await page.getByTestId('param-row-K').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shot(page, `global-switches-${width}`);
      expect(pageErrors(page)).toEqual([]);
    }
  });
});
