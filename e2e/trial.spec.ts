/**
 * What a new user's trial of the built page found (issue 10's weights and Poisson likelihood,
 * issue 13's page), each checked where the user met it, at 1440×900 and 390×844:
 * 1. a Poisson likelihood fit's statistics are the likelihood's (R's glm AIC 99.53, not the
 *    least-squares 101.54; Pearson χ², deviance), with no Sy.x or least-squares AIC;
 * 4. the Poisson group-fit refusal is readable whole in the group status;
 * 2, 6. weights from y with y = 0: the messages write 1/y² and point to the Poisson choices, and
 *    Poisson weighting says σ = 1 where y = 0 and for how many rows;
 * 5. a weighted fit draws its confidence band, and a disabled band toggle says why;
 * 3. a group fit from empty values says the rows and the drawn curve are its all-rows start;
 * 7. the top bar counts the rows used; after a reload "First row is header" is still there and works.
 * Each flow runs once, at 1440×900; the page is then resized to 390×844 for what depends on the
 * width (the refusal read whole, the switch in view) and the screenshots. Screenshots in
 * e2e/screenshots/trial-*.png.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fit, loadFileInput, loadSampleCard, pageNow, plotted, savedSince, setParam, typeModel } from './lib/app-actions';
import { openApp, pageErrors, shotAtWidths } from './lib/app-browser';
import { puromycinTreatedCsv } from './lib/app-samples';
import { appSuite } from './lib/app-suite';

const suite = appSuite();
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const [DESKTOP] = VIEWPORTS;
const atEachWidth = (page: Page, name: string, testId: string | null, check?: () => Promise<void>) => shotAtWidths(page, VIEWPORTS, name, testId, check);
// R: AIC(glm(y ~ t, family = poisson())) on these counts (fixtures/poisson/make_poisson.R).
const PUROMYCIN = readFileSync(new URL('../fixtures/groups/puromycin.csv', import.meta.url), 'utf8');
const R = JSON.parse(readFileSync(new URL('../fixtures/poisson/poisson.json', import.meta.url), 'utf8')) as { t: number[]; y: number[]; aic: number; deviance: number; pearsonChi2: number };

/** Each statistic of the results card: label → value text. */
async function stats(page: Page): Promise<Record<string, string>> {
  return Object.fromEntries(await page.$$eval('[data-testid="result-stats"] .stat', (els) => els.map((e) => [e.getAttribute('data-stat') ?? '', e.querySelector('.stat-value')?.textContent ?? ''])));
}

async function addFilter(p: Page, column: string, op: string, value: string): Promise<void> {
  await p.getByTestId('filter-column').selectOption(column);
  await p.getByTestId('filter-op').selectOption(op);
  await p.getByTestId('filter-value').fill(value);
  await p.getByTestId('filter-add').click();
}

/** The group status shows its whole text: nothing cut by a line clamp or an overflow. */
async function wholeText(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((el) => {
    const text = el.querySelector('.status-text') as HTMLElement;
    return text.scrollHeight <= text.clientHeight + 1 && getComputedStyle(text).webkitLineClamp === 'none';
  });
}

describe('trial findings', () => {
  it('1, 4: a Poisson likelihood fit reports its own statistics; the group refusal is read whole', async () => {
    const counts = ['t,counts,src', ...R.t.map((t, i) => `${t},${R.y[i]},a`), ...R.t.map((t, i) => `${t},${R.y[i] + (i % 3)},b`)].join('\n');
    {
      const page = await openApp(suite.browser, suite.served.url, DESKTOP);
      await loadFileInput(page, 'counts.csv', counts);
      await page.getByTestId('rows-used').waitFor();
      await addFilter(page, 'src', '=', 'a');
      await page.getByTestId('filter-chip').waitFor();
      await typeModel(page, 'A*exp(-k*t)');
      await setParam(page, 'A', 30);
      await setParam(page, 'k', 0.2);
      await page.locator('[data-testid="options-panel"] summary').click();
      await page.getByTestId('opt-objective').selectOption('poisson');
      expect(await fit(page)).toBe('converged');
      const s = await stats(page);
      expect(Math.abs(Number(s.AIC) - R.aic)).toBeLessThan(0.01); // 99.528, not the Gaussian 101.54
      expect(Math.abs(Number(s.deviance) - R.deviance)).toBeLessThan(0.01);
      expect(Math.abs(Number(s['Pearson χ²']) - R.pearsonChi2)).toBeLessThan(0.01);
      for (const gone of ['χ²', 'Sy.x', 'R²', 'AIC (R)', 'BIC (R)']) expect(s[gone], gone).toBeUndefined();
      expect(await page.getByTestId('live-chi2').textContent()).toMatch(/^deviance 16\.92/);
      expect(await page.getByTestId('result-weighting').textContent()).toMatch(/Poisson likelihood \(σ² = μ from the model\)/);
      await atEachWidth(page, 'trial-poisson-stats', 'result-stats');
      // The group fits refuse the Poisson likelihood, in words that are read to the end.
      await page.getByTestId('group-select').selectOption('src');
      await page.getByTestId('fit-groups-button').click();
      const status = page.getByTestId('group-status');
      await page.waitForFunction(() => document.querySelector('[data-testid="group-status"]')?.getAttribute('data-state') === 'error');
      expect(await status.textContent()).toMatch(/the Poisson likelihood fits one dataset\)\.$/);
      await atEachWidth(page, 'trial-poisson-groups', 'group-status', async () => expect(await wholeText(page, 'group-status')).toBe(true));
      expect(pageErrors(page)).toEqual([]);
      await page.close();
    }
  });

  it('2, 6: y = 0 under weights from y: the messages and the Poisson weighting line say what happens', async () => {
    {
      const page = await openApp(suite.browser, suite.served.url, DESKTOP);
      await loadFileInput(page, 'zeros.csv', 'x,y\n1,0\n2,3\n3,5\n4,8\n5,9\n6,0\n7,14');
      await page.getByTestId('rows-used').waitFor();
      await typeModel(page, 'a*x+b');
      await setParam(page, 'a', 1);
      await setParam(page, 'b', 1);
      const select = page.getByTestId('sigma-select');
      await select.selectOption('\u00011/y');
      await fit(page);
      const error = page.getByTestId('fit-error');
      expect(await error.textContent()).toMatch(/Poisson weighting \(σ² = y, σ = 1 where y = 0\) or the Poisson likelihood objective/);
      await select.selectOption('\u00011/y2');
      await fit(page);
      expect(await error.textContent()).toMatch(/1\/y² weighting divides by y², and line 2 has y = 0/);
      expect(await error.textContent()).not.toMatch(/1\/y2/);
      await atEachWidth(page, 'trial-weights-zero', 'fit-error');
      await select.selectOption({ label: 'Poisson counts (σ² = y; σ = 1 where y = 0)' });
      expect(await select.getAttribute('title')).toMatch(/a row with y = 0 gets σ = 1/);
      expect(await fit(page)).toBe('converged');
      expect(await page.getByTestId('result-weighting').textContent()).toBe('Poisson weighting, 1/y (σ = √y; σ = 1 where y = 0: 2 rows).');
      await atEachWidth(page, 'trial-weights-poisson', 'result-weighting');
      expect(pageErrors(page)).toEqual([]);
      await page.close();
    }
  });

  it('5: a fit weighted 1/y² draws its confidence band; a disabled toggle says why', async () => {
    {
      const page = await openApp(suite.browser, suite.served.url, DESKTOP);
      await loadFileInput(page, 'puromycin-treated.csv', `${puromycinTreatedCsv()}\n`);
      await page.getByTestId('rows-used').waitFor();
      await typeModel(page, 'Vm*conc/(K+conc)');
      await setParam(page, 'Vm', 200);
      await setParam(page, 'K', 0.05);
      const toggle = page.getByTestId('toggle-confidence');
      expect(await toggle.isDisabled()).toBe(true);
      expect(await toggle.locator('..').getAttribute('title')).toMatch(/fit first/);
      await page.getByTestId('sigma-select').selectOption('\u00011/y2');
      expect(await fit(page)).toBe('converged');
      await plotted(page);
      expect(await toggle.isDisabled()).toBe(false);
      const names = await page.getByTestId('main-plot').evaluate((el) => (el as unknown as { data: { name?: string }[] }).data.map((t) => t.name ?? ''));
      expect(names).toContain('95% confidence band');
      await page.getByTestId('toggle-prediction').check();
      await plotted(page);
      await atEachWidth(page, 'trial-weighted-bands', 'main-plot');
      // A changed parameter makes the fit stale: the toggles are off and say why.
      await setParam(page, 'K', 0.07);
      await page.waitForFunction(() => (document.querySelector('[data-testid="toggle-confidence"]') as HTMLInputElement | null)?.disabled === true);
      expect(await toggle.locator('..').getAttribute('title')).toMatch(/changed since the fit/);
      expect(pageErrors(page)).toEqual([]);
      await page.close();
    }
  });

  it('3: a group fit from empty values says the rows and the curve are its all-rows start', async () => {
    {
      const page = await openApp(suite.browser, suite.served.url, DESKTOP);
      await loadFileInput(page, 'puromycin.csv', PUROMYCIN);
      await page.getByTestId('rows-used').waitFor();
      await typeModel(page, 'Vm*conc/(K+conc)');
      expect(await page.getByTestId('param-value-Vm').inputValue()).toBe(''); // a typed model's rows start empty
      await page.getByTestId('group-select').selectOption('state');
      await page.getByTestId('fit-groups-button').click();
      await page.getByTestId('group-results').waitFor({ timeout: 60_000 });
      const note = page.getByTestId('results-group-starts');
      await note.waitFor();
      expect(await note.textContent()).toMatch(/start values found over all rows.*“Each state” card above/);
      expect(await page.getByTestId('plot-note').textContent()).toMatch(/it is not a fit\. The group results are in the “Each state” card below/);
      await atEachWidth(page, 'trial-group-starts-plot', 'plot-note');
      await atEachWidth(page, 'trial-group-starts-results', 'results-group-starts');
      expect(pageErrors(page)).toEqual([]);
      await page.close();
    }
  });

  it('7: the top bar counts the rows used; a reload keeps "First row is header" in view', async () => {
    {
      const page = await openApp(suite.browser, suite.served.url, DESKTOP);
      await loadSampleCard(page, 'puromycin');
      const rows = page.getByTestId('source-rows');
      expect(await rows.textContent()).toBe(' · 23 rows');
      await addFilter(page, 'state', '=', 'treated');
      await page.getByTestId('filter-chip').waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="source-rows"]')?.textContent === ' · 23 rows, 12 used');
      await typeModel(page, 'Vm*conc/(K+conc)');
      await setParam(page, 'Vm', 200);
      await setParam(page, 'K', 0.05);
      expect(await fit(page)).toBe('converged');
      // The session is saved as you work: a save that ended after the fit holds it.
      await savedSince(page, await pageNow(page));
      await page.reload();
      await page.getByTestId('session-restored').waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="source-rows"]')?.textContent === ' · 23 rows, 12 used');
      // The session kept the file: the switch is there (at either width) and reads it again.
      const header = page.getByTestId('header-switch');
      await atEachWidth(page, 'trial-reload', null, async () => {
        expect(await header.isVisible()).toBe(true);
        expect(await header.isChecked()).toBe(true);
        expect(await header.isDisabled()).toBe(false);
      });
      await header.click();
      await page.waitForFunction(() => document.querySelector('[data-testid="source-rows"]')?.textContent?.startsWith(' · 24 rows'));
      expect(await header.isChecked()).toBe(false);
      await header.click();
      await page.waitForFunction(() => document.querySelector('[data-testid="source-rows"]')?.textContent?.startsWith(' · 23 rows'));
      expect(pageErrors(page)).toEqual([]);
      await page.close();
    }
  });
});
