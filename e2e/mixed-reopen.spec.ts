/**
 * Issue 25 on the page, what "Mixed effects" keeps: R's Orange sample (Asym random) fitted, its
 * shrinkage in words (small, and not one way: by R's numbers two trees move toward the population
 * Asym, three away); then Asym and xmid random, compared with a diagonal Ψ (the table against
 * R's anova, fixtures/mixed/compare.json "orange-diag-full"); a reload that reopens the saved
 * session with the same fixed effects, σ, random SDs and the comparison, without a refit; and the
 * share link opened in a fresh browser context, which refits to the same numbers. Screenshots of
 * the comparison and the shrinkage words at 1440×900, 1024×768 and 390×844.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadSampleCard, pageNow, savedSince } from './lib/app-actions';
import { collectErrors, pageErrors, shot, shotAtWidths } from './lib/app-browser';
import { root } from './lib/app-serve';
import { appSuite } from './lib/app-suite';

const anova = (JSON.parse(readFileSync(join(root, 'fixtures', 'mixed', 'compare.json'), 'utf8')) as { name: string; lr: number; p: number; simple: { logLik: number; aic: number; bic: number } }[]).find((c) => c.name === 'orange-diag-full')!;

const suite = appSuite();

async function freshPage(url: string): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  collectErrors(page);
  await page.goto(url);
  await page.getByTestId('app').waitFor();
  return page;
}

interface Shown {
  fixed: Record<string, number>;
  sd: Record<string, number>;
  sigma: number;
  logLik: number;
}

/** The card's numbers, read from its data attributes (full precision). */
async function shown(page: Page): Promise<Shown> {
  const card = page.getByTestId('mixed-results');
  const fixed: Record<string, number> = {};
  for (const row of await page.locator('[data-testid="mixed-fixed"] tr[data-param]').all()) fixed[(await row.getAttribute('data-param'))!] = Number(await row.getAttribute('data-value'));
  const sd: Record<string, number> = {};
  for (const row of await page.locator('[data-testid="mixed-random"] tr[data-param]').all()) sd[(await row.getAttribute('data-param'))!] = Number(await row.getAttribute('data-sd'));
  return { fixed, sd, sigma: Number(await card.getAttribute('data-sigma')), logLik: Number(await card.getAttribute('data-loglik')) };
}

function near(got: Shown, want: Shown, tol: number): void {
  expect(Object.keys(got.fixed)).toEqual(Object.keys(want.fixed));
  expect(Object.keys(got.sd)).toEqual(Object.keys(want.sd));
  for (const [k, v] of Object.entries(want.fixed)) expect(Math.abs(got.fixed[k] - v) / Math.abs(v), `fixed ${k}`).toBeLessThan(tol);
  for (const [k, v] of Object.entries(want.sd)) expect(Math.abs(got.sd[k] - v) / Math.abs(v), `sd ${k}`).toBeLessThan(tol);
  expect(Math.abs(got.sigma - want.sigma) / want.sigma).toBeLessThan(tol);
  expect(Math.abs(got.logLik - want.logLik) / Math.abs(want.logLik)).toBeLessThan(tol);
}

const views = [{ width: 1440, height: 900 }, { width: 1024, height: 768 }, { width: 390, height: 844 }];
const noOverflow = (page: Page, id: string) => async () => {
  const over = await page.getByTestId(id).evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(over, id).toBeLessThanOrEqual(0);
};

describe('a mixed-effects fit reopens', () => {
  let page: Page;
  let fitted: Shown;
  let link = '';
  let savedAfter = 0;

  it('says the Orange shrinkage in words; compares Asym and xmid random with a diagonal Ψ as R does', async () => {
    page = await freshPage(suite.served.url);
    await loadSampleCard(page, 'orange');
    await page.getByTestId('group-list').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('param-random-Asym').isChecked()).toBe(true);
    await page.getByTestId('fit-groups-button').click();
    await page.getByTestId('mixed-results').waitFor({ timeout: 60_000 });
    await page.getByTestId('mixed-shrinkage-text').waitFor({ timeout: 60_000 });
    const words = (await page.getByTestId('mixed-shrinkage-text').textContent()) ?? '';
    expect(words).toMatch(/^2 groups of 5 move their Asym toward the population value 191\.0\d, by 20% and 68% of the distance; 3 groups move away from it, by 13–17%\. 1 group crosses to the other side of it\. Taken together the estimates lie 3% of the way toward it: the shrinkage is small\./);
    // One random effect: nothing smaller than the global fit to offer.
    expect(await page.getByTestId('mixed-compare-none').count()).toBe(1);
    await shotAtWidths(page, views, 'mixed-shrinkage-words', 'mixed-shrinkage', noOverflow(page, 'mixed-results'));

    await page.getByTestId('param-random-xmid').check();
    await page.getByTestId('fit-groups-button').click();
    await page.locator('[data-testid="mixed-random"] tr[data-param="xmid"]').waitFor({ timeout: 60_000 });
    const pick = page.getByTestId('mixed-compare-pick');
    expect(await pick.locator('option').allTextContents()).toEqual(['without random Asym (random xmid)', 'without random xmid (random Asym)', 'diagonal Ψ (Asym, xmid uncorrelated)']);
    await pick.selectOption({ label: 'diagonal Ψ (Asym, xmid uncorrelated)' });
    // The save that holds the comparison comes after this moment.
    savedAfter = await pageNow(page);
    await page.getByTestId('mixed-compare-button').click();
    const row = page.locator('[data-testid="mixed-compare-table"] tr[data-model="random"]');
    await row.waitFor({ timeout: 60_000 });
    expect(await row.getAttribute('data-cov')).toBe('diag');
    expect(Math.abs(Number(await row.getAttribute('data-lr')) - anova.lr)).toBeLessThan(1e-3);
    expect(Math.abs(Number(await row.getAttribute('data-loglik')) - anova.simple.logLik)).toBeLessThan(1e-3);
    expect(Math.abs(Number(await row.getAttribute('data-bic')) - anova.simple.bic)).toBeLessThan(1e-3);
    expect(await row.locator('td[data-col="df"]').textContent()).toBe('1');
    expect(await page.locator('[data-testid="mixed-comparison"] p[data-against="random"]').textContent()).toMatch(/^random Asym, xmid \(general Ψ\) against random Asym, xmid \(diagonal Ψ\): likelihood ratio/);
    expect(await page.getByTestId('mixed-compare-table').locator('tbody tr').count()).toBe(3);
    await shotAtWidths(page, views, 'mixed-compare', 'mixed-comparison', noOverflow(page, 'mixed-results'));
    fitted = await shown(page);
    expect(Object.keys(fitted.sd)).toEqual(['Asym', 'xmid', 'residual']);
    expect(pageErrors(page)).toEqual([]);
  });

  it('a reload reopens the saved session with the same fit and its comparison, as it was', async () => {
    await savedSince(page, savedAfter);
    await page.reload();
    await page.getByTestId('session-restored').waitFor({ timeout: 120_000 });
    await page.getByTestId('mixed-results').waitFor({ timeout: 60_000 });
    near(await shown(page), fitted, 1e-12);
    expect(await page.locator('[data-testid="mixed-compare-table"] tr[data-model="random"]').getAttribute('data-cov')).toBe('diag');
    await page.locator('[data-testid="mixed-shrinkage-plot"][data-rendered="true"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('mixed-results').scrollIntoViewIfNeeded();
    await shot(page, 'mixed-session-restored-1440');
    expect(pageErrors(page)).toEqual([]);
  });

  it('the share link reopens it in a fresh browser context, refitted to the same numbers', async () => {
    await page.getByTestId('copy-link').click();
    await page.locator('[data-testid="link-status"][data-state]').waitFor();
    link = await page.evaluate(() => location.hash);
    expect(link).toMatch(/^#fit=v1\./);
    const opened = await freshPage(`${suite.served.url}${link}`);
    await opened.getByTestId('mixed-results').waitFor({ timeout: 120_000 });
    expect(await opened.getByTestId('group-mode-mixed').isChecked()).toBe(true);
    expect(await opened.getByTestId('param-random-xmid').isChecked()).toBe(true);
    near(await shown(opened), fitted, 1e-9);
    await opened.getByTestId('mixed-results').scrollIntoViewIfNeeded();
    await shot(opened, 'mixed-link-opened-1440');
    expect(pageErrors(opened)).toEqual([]);
  });
});
