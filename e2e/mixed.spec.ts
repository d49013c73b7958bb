/**
 * Issue 25, "Mixed effects" on the page: R's Orange sample (one click; it opens in Mixed effects
 * mode with Asym random) fitted per tree, globally (every parameter shared: R's pooled nls) and
 * as a nonlinear mixed-effects model; the fixed effects, the random-effect SD, σ and the
 * log-likelihood against nlme (fixtures/mixed/fits.json, "orange-ml"), the comparison with the
 * global fit against R's anova (fixtures/mixed/compare.json, "orange-global"), the shrinkage plot
 * (each tree's own Asym beside its mixed-model Asym). One page load; screenshots at 1440×900,
 * 1024×768 and 390×844 by resizing it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSampleCard } from './lib/app-actions';
import { collectErrors, launch, pageErrors, shot, shotAtWidths } from './lib/app-browser';
import { root, serveDist, type Served } from './lib/app-serve';

interface NlmeFit {
  name: string;
  logLik: number;
  logLikTight: number;
  fixed: Record<string, number>;
  fixedSe: Record<string, number>;
  randomSd: Record<string, number>;
  sigma: number;
  aic: number;
  bic: number;
  groups: Record<string, Record<string, number>>;
}
const fits = JSON.parse(readFileSync(join(root, 'fixtures', 'mixed', 'fits.json'), 'utf8')) as NlmeFit[];
const nlme = fits.find((f) => f.name === 'orange-ml') as NlmeFit;
const trees = JSON.parse(readFileSync(join(root, 'fixtures', 'mixed', 'orange_trees.json'), 'utf8')) as Record<string, Record<string, number>>;
const anova = (JSON.parse(readFileSync(join(root, 'fixtures', 'mixed', 'compare.json'), 'utf8')) as { name: string; lr: number; p: number; simple: { aic: number; logLik: number } }[]).find((c) => c.name === 'orange-global')!;

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

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);
const attr = async (page: Page, selector: string, name: string) => Number(await page.locator(selector).first().getAttribute(name));

describe('mixed effects on the page', () => {
  it('fits Orange per tree, globally and with a random Asym like nlme; the comparison and the shrinkage plot', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    collectErrors(page);
    await page.goto(served.url);
    await page.getByTestId('app').waitFor();
    await loadSampleCard(page, 'orange');
    await page.getByTestId('group-list').waitFor({ timeout: 120_000 });
    // The sample opens in Mixed effects mode with Asym random.
    expect(await page.getByTestId('group-mode-mixed').isChecked()).toBe(true);
    expect(await page.getByTestId('param-random-Asym').isChecked()).toBe(true);
    expect(await page.getByTestId('param-random-xmid').isChecked()).toBe(false);
    expect(await page.getByTestId('fit-groups-button').textContent()).toBe('Fit mixed effects (Asym random)');

    // Each tree on its own.
    await page.getByTestId('group-mode-each').check();
    await page.getByTestId('fit-groups-button').click();
    await page.getByTestId('group-table').waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid="group-status"]')?.textContent === 'Fitted 5 / 5 groups', undefined, { timeout: 60_000 });

    // Globally, every parameter shared: R's pooled nls (the sample's certified values).
    await page.getByTestId('group-mode-global').check();
    for (const p of ['Asym', 'xmid', 'scal']) await page.getByTestId(`param-shared-${p}`).check();
    await page.getByTestId('fit-groups-button').click();
    await page.getByTestId('global-results').waitFor({ timeout: 60_000 });
    const pooledAsym = Number(((await page.getByTestId('global-shared').locator('tr[data-param="Asym"] td[data-col="value"]').textContent()) ?? '').split('±')[0].replace(/\u2212/g, '-'));
    expect(rel(pooledAsym, 192.68724830244034)).toBeLessThan(1e-5);

    // Mixed effects, Asym random, general Ψ, ML: nlme's answer.
    await page.getByTestId('group-mode-mixed').check();
    expect(await page.getByTestId('mixed-cov-full').isChecked()).toBe(true);
    expect(await page.getByTestId('mixed-method-ml').isChecked()).toBe(true);
    await shot(page, 'mixed-switches-1440');
    await page.getByTestId('fit-groups-button').click();
    const card = page.getByTestId('mixed-results');
    await card.waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('group-status').textContent()).toMatch(/^Mixed-effects fit of 5 groups converged · Asym random · logLik −?-?131\.58/);
    for (const [name, value] of Object.entries(nlme.fixed)) {
      expect(rel(await attr(page, `[data-testid="mixed-fixed"] tr[data-param="${name}"]`, 'data-value'), value), `fixed ${name}`).toBeLessThan(1e-4);
      expect(rel(await attr(page, `[data-testid="mixed-fixed"] tr[data-param="${name}"]`, 'data-se'), nlme.fixedSe[name]), `se ${name}`).toBeLessThan(1e-2);
    }
    expect(rel(await attr(page, '[data-testid="mixed-random"] tr[data-param="Asym"]', 'data-sd'), nlme.randomSd.Asym)).toBeLessThan(1e-3);
    expect(rel(await attr(page, '[data-testid="mixed-results"]', 'data-sigma'), nlme.sigma)).toBeLessThan(1e-4);
    const logLik = await attr(page, '[data-testid="mixed-results"]', 'data-loglik');
    expect(Math.abs(logLik - nlme.logLikTight)).toBeLessThan(1e-4);
    expect(await page.getByTestId('mixed-summary').textContent()).toContain('−131.58');
    // Each tree's Asym: the fixed effect plus its predicted random effect, as nlme's coef().
    for (const [tree, p] of Object.entries(nlme.groups)) {
      const text = (await page.locator(`[data-testid="mixed-groups"] tr[data-group="${tree}"] td[data-param="Asym"]`).textContent()) ?? '';
      expect(rel(Number(text.replace(/\u2212/g, '-')), p.Asym), `tree ${tree}`).toBeLessThan(1e-3);
    }

    // Against the global fit: R's anova (LR 53.63 on 1 df, p 2.4e-13), with the boundary note.
    const versus = page.locator('[data-testid="mixed-comparison"] [data-against="global"]');
    expect(rel(Number(await versus.getAttribute('data-lr')), anova.lr)).toBeLessThan(1e-3);
    expect(await versus.textContent()).toMatch(/likelihood ratio 53\.6\d on 1 df, p < 0\.0001 \(conservative: a variance on the boundary\); at 5% the data reject the global fit; AIC prefers random Asym by 51\.6/);
    expect(await page.getByTestId('mixed-boundary-note').textContent()).toMatch(/boundary/);

    // Shrinkage: each tree's own Asym and its mixed-model Asym, nearer the population value.
    const plot = page.locator('[data-testid="mixed-shrinkage-plot"][data-rendered="true"]');
    await plot.waitFor({ timeout: 60_000 });
    const traces = await page.getByTestId('mixed-shrinkage-plot').evaluate((el) => (el as unknown as { data: { name: string; x: (number | null)[]; y: string[] }[] }).data.map((t) => ({ name: t.name, x: t.x, y: t.y })));
    expect(traces.map((t) => t.name)).toEqual(['each group on its own', 'mixed model']);
    expect(traces[1].y).toEqual(Object.keys(nlme.groups));
    traces[1].x.forEach((x, i) => expect(rel(x as number, nlme.groups[traces[1].y[i]].Asym)).toBeLessThan(1e-3));
    // The other side: each tree fitted on its own, as R's nls (fixtures/mixed/make_trees.R).
    traces[0].x.forEach((x, i) => expect(rel(x as number, trees[traces[0].y[i]].Asym), `own ${traces[0].y[i]}`).toBeLessThan(1e-4));
    const share = await attr(page, '[data-testid="mixed-shrinkage"]', 'data-share');
    // 1 − Σ|mixed − population| / Σ|own − population| over the trees, from R's numbers.
    const pop = nlme.fixed.Asym;
    const keys = Object.keys(nlme.groups);
    const expected = 1 - keys.reduce((a, k) => a + Math.abs(nlme.groups[k].Asym - pop), 0) / keys.reduce((a, k) => a + Math.abs(trees[k].Asym - pop), 0);
    expect(Math.abs(share - expected)).toBeLessThan(1e-3);
    expect(await page.getByTestId('mixed-shrinkage-text').textContent()).toMatch(/xmid, scal/);
    // The groups drawn through their mixed-model curves.
    await page.locator('[data-testid="mixed-plot"][data-rendered="true"]').waitFor({ timeout: 60_000 });
    const curves = await page.getByTestId('mixed-plot').evaluate((el) => (el as unknown as { data: { mode: string }[] }).data.filter((t) => t.mode === 'lines').length);
    expect(curves).toBe(5);

    // The export: R's nlme script for the mixed fit, beside the sample's file.
    await page.getByTestId('export-button').click();
    await page.getByTestId('export-menu').waitFor();
    expect(await page.getByTestId('export-python').textContent()).toContain('R script (nlme)');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('export-python').click()]);
    expect(download.suggestedFilename()).toMatch(/\.R$/);
    const script = readFileSync(await download.path(), 'utf8');
    expect(script).toContain('fit <- nlme(circumference ~ Asym/(1 + exp((xmid - age)/scal)),');
    expect(script).toContain('  random = pdLogChol(Asym ~ 1),');
    expect(script).toContain('start <- c(Asym = 192, xmid = 728, scal = 353)');
    expect(script).toContain('else "orange.csv"');
    if ((await page.getByTestId('export-menu').count()) > 0) await page.keyboard.press('Escape');

    const views = [{ width: 1440, height: 900 }, { width: 1024, height: 768 }, { width: 390, height: 844 }];
    await shotAtWidths(page, views, 'mixed-card', 'mixed-results', async () => {
      const over = await card.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(over).toBeLessThanOrEqual(0);
    });
    await shotAtWidths(page, views, 'mixed-shrinkage', 'mixed-shrinkage', undefined);
    await shotAtWidths(page, views, 'mixed-controls', 'mixed-options', async () => {
      for (const id of ['group-mode', 'mixed-options', 'param-row-Asym']) {
        const over = await page.getByTestId(id).evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(over, id).toBeLessThanOrEqual(0);
      }
    });
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
