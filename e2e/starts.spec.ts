/**
 * "Auto start" in the page (issue 11): NIST Eckerle4, a Gaussian peak at x ≈ 451 that no fit
 * from the all-ones start can find, typed as a model with every start at 1. Auto start finds
 * starting values in the worker and says what it found; Fit then reaches NIST's certified values.
 * Then the same with the start values left empty: Enter searches for them first and fits, and
 * the notice says what it found. And the VarPro solver option: NIST MGH17, a bi-exponential,
 * from rates b4 = b5 = 1 (where the plain fit from all ones ends elsewhere) with the linear
 * parameters left empty, reaches the certified values with it and no start search.
 * Each flow runs once at a desktop width; the notices are recorded there and at a phone width
 * (the page resized).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fit, fittedParameters, lre, loadFileInput, setParam, typeModel } from './lib/app-actions';
import { openApp, pageErrors, shotAtWidths } from './lib/app-browser';
import { appSuite } from './lib/app-suite';

interface Problem {
  name: string;
  model: string;
  params: string[];
  x: number[];
  y: number[];
  certified: { values: number[]; rss: number };
}
const nist = JSON.parse(readFileSync(new URL('../fixtures/nist/nist_strd.json', import.meta.url), 'utf8')) as Problem[];
const eckerle4 = nist.find((p) => p.name === 'Eckerle4')!;
const mgh17 = nist.find((p) => p.name === 'MGH17')!;

const suite = appSuite();
let page: Page;

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

const [DESKTOP] = VIEWPORTS;
const atEachWidth = (name: string, testId: string) => shotAtWidths(page, VIEWPORTS, name, testId);

/** A fresh page at 1440×900 with `problem`'s data loaded and its model typed. */
async function openProblem(problem: Problem): Promise<Page> {
  await page?.close();
  page = await openApp(suite.browser, suite.served.url, DESKTOP);
  const csv = ['x,y', ...problem.x.map((x, i) => `${x},${problem.y[i]}`)].join('\n');
  await loadFileInput(page, `${problem.name.toLowerCase()}.csv`, csv);
  await page.getByTestId('rows-used').waitFor();
  await typeModel(page, problem.model);
  return page;
}

describe('Auto start', () => {
  it('finds starts for NIST Eckerle4 from all ones, and Fit reaches the certified values', async () => {
    {
      await openProblem(eckerle4);
      for (const name of eckerle4.params) await setParam(page, name, 1);
      await page.getByTestId('search-starts').click();
      const status = page.locator('[data-testid="search-starts-status"][data-state="done"]');
      await status.waitFor({ timeout: 60_000 });
      expect(await status.textContent()).toMatch(/Best of [\d,]+ candidates: RSS [\d.e+-]+/);
      await atEachWidth('starts-found', 'search-starts-status');
      expect(await fit(page)).toBe('converged');
      const fitted = await fittedParameters(page);
      eckerle4.params.forEach((name, i) => expect(lre(fitted[name].value, eckerle4.certified.values[i]), name).toBeGreaterThan(5));
      expect(pageErrors(page)).toEqual([]);
    }
  });

  it('Enter with every start value empty searches for them, fits, and says what it found', async () => {
    {
      await openProblem(eckerle4);
      for (const name of eckerle4.params) await setParam(page, name, '');
      // Empty is a state of its own: no error mark, a note saying what Fit will do.
      for (const name of eckerle4.params) expect(await page.getByTestId(`param-value-${name}`).getAttribute('aria-invalid')).toBeNull();
      expect(await page.getByTestId('params-empty-note').textContent()).toContain(`No start value for ${eckerle4.params.join(', ')}`);
      await atEachWidth('starts-empty', 'params-empty-note');
      const state = await fit(page, () => page.getByTestId(`param-value-${eckerle4.params[0]}`).press('Enter'));
      expect(state).toBe('converged');
      const notice = page.locator('[data-testid="search-starts-status"][data-trigger="fit"][data-state="done"]');
      expect(await notice.textContent()).toMatch(new RegExp(`Fit searched for the empty start values of ${eckerle4.params.join(', ')} .*Best of [\\d,]+ candidates: RSS [\\d.e+-]+`));
      const fitted = await fittedParameters(page);
      eckerle4.params.forEach((name, i) => expect(lre(fitted[name].value, eckerle4.certified.values[i]), name).toBeGreaterThan(5));
      // The rows hold the fitted values now.
      for (const name of eckerle4.params) expect(Number(await page.getByTestId(`param-row-${name}`).getAttribute('data-value'))).toBeCloseTo(fitted[name].value, 6);
      await atEachWidth('starts-empty-fitted', 'search-starts-status');
      expect(pageErrors(page)).toEqual([]);
    }
  });

  it('the VarPro option fits NIST MGH17 from rates b4 = b5 = 1, the linear parameters left empty, to the certified values', async () => {
    {
      await openProblem(mgh17);
      for (const name of ['b4', 'b5']) await setParam(page, name, 1);
      for (const name of ['b1', 'b2', 'b3']) await setParam(page, name, '');
      await page.locator('[data-testid="options-panel"] summary').click();
      await page.getByTestId('opt-varpro').check();
      // VarPro solves the amplitudes and the offset itself: Fit will not search for them.
      expect(await page.getByTestId('params-empty-note').textContent()).toContain('No start value for b1, b2, b3: VarPro solves b1, b2, b3.');
      await atEachWidth('starts-varpro-empty', 'params-empty-note');
      expect(await fit(page)).toBe('converged');
      expect(await page.getByTestId('search-starts-status').count()).toBe(0);
      const fitted = await fittedParameters(page);
      mgh17.params.forEach((name, i) => expect(lre(fitted[name].value, mgh17.certified.values[i]), name).toBeGreaterThan(6));
      const note = page.getByTestId('result-varpro');
      expect(await note.textContent()).toMatch(/VarPro first: b4, b5 fitted with b1, b2, b3 eliminated \(\d+ iterations, \d+ evaluations\)/);
      await atEachWidth('starts-varpro', 'result-varpro');
      expect(pageErrors(page)).toEqual([]);
    }
  });
  it('Fit each group with a typed model and no start values: one search over all rows, then each group like R', async () => {
    const reference = (JSON.parse(readFileSync(new URL('../fixtures/groupfits/nls_groups.json', import.meta.url), 'utf8')) as { puromycin: { perGroup: { group: string; params: Record<string, number> }[] } }).puromycin.perGroup;
    {
      await page?.close();
      page = await openApp(suite.browser, suite.served.url, DESKTOP);
      await loadFileInput(page, 'puromycin.csv', readFileSync(new URL('../fixtures/groups/puromycin.csv', import.meta.url), 'utf8'));
      await page.getByTestId('rows-used').waitFor();
      await typeModel(page, 'Vm*conc/(K + conc)');
      // A typed model's parameters start empty.
      for (const name of ['Vm', 'K']) expect(await page.getByTestId(`param-value-${name}`).inputValue()).toBe('');
      await page.getByTestId('group-select').selectOption('state');
      await page.getByTestId('group-list').waitFor();
      await page.getByTestId('fit-groups-button').click();
      await page.getByTestId('group-status').filter({ hasText: 'Fitted 2 / 2 groups' }).waitFor({ timeout: 60_000 });
      const notice = page.locator('[data-testid="search-starts-status"][data-trigger="groups"][data-state="done"]');
      expect(await notice.textContent()).toMatch(/The group fit searched all rows, every group together, for the empty start values of Vm, K; every group started from the best values found/);
      const rows = await page.getByTestId('group-table').locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (c) => (c.textContent ?? '').trim())));
      for (const ref of reference) {
        const row = rows.find((r) => r[0] === ref.group)!;
        expect(row[2]).toBe('converged');
        const vm = Number(row[3].split('±')[0]);
        const k = Number(row[4].split('±')[0]);
        expect(Math.abs(vm - ref.params.Vm) / ref.params.Vm).toBeLessThan(5e-6);
        expect(Math.abs(k - ref.params.K) / ref.params.K).toBeLessThan(5e-6);
      }
      await atEachWidth('starts-groups', 'search-starts-status');
      expect(pageErrors(page)).toEqual([]);
    }
  });
});
