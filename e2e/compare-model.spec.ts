/**
 * Issue 10 on the page, "Compare with another model": after a fit of Puromycin (treated), a second
 * model typed in the card is fitted to the same rows in the worker and compared with the fit; the
 * χ² of both, the F test and AICc agree with R's nls, anova and AIC (fixtures/modelcompare); "This
 * model" with K fixed is found nested; the results JSON and the fitbench command export carry the
 * comparison (the command, run, gives the same F and verdict); a bad fixed list is refused at its
 * field. Screenshots at
 * 1440×900, 1024×768 and 390×844.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fit, loadFileInput, setParam, typeModel, scrollToSection } from './lib/app-actions';
import { openApp, pageErrors, shot } from './lib/app-browser';
import { puromycinTreatedCsv } from './lib/app-samples';
import { appSuite } from './lib/app-suite';

const fixture = (path: string) => readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8');
const R = JSON.parse(fixture('modelcompare/reference.json')).cases as { name: string; rss: number[]; aicc: number[]; F: number; p: number }[];
const csv = puromycinTreatedCsv();
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

const suite = appSuite();
let page: Page;

async function compare(model: string, fixed = ''): Promise<void> {
  const card = page.getByTestId('compare-section');
  await page.getByTestId('compare-model-input').fill(model);
  await page.getByTestId('compare-fixed-input').fill(fixed);
  await page.getByTestId('compare-button').click();
  await page.locator('[data-testid="compare-section"][data-status="done"]').waitFor({ timeout: 60_000 });
  await card.getByTestId('compare-verdict').waitFor();
}

const number = async (testId: string, attribute: string) => Number(await page.getByTestId(testId).getAttribute(attribute));

describe('compare with another model on the page', () => {
  it('agrees with R, names the preferred model in words, and fits the card at three widths', async () => {
    page = await openApp(suite.browser, suite.served.url);
    await loadFileInput(page, 'puromycin-treated.csv', csv);
    await page.getByTestId('rows-used').waitFor();
    await typeModel(page, 'Vm*conc/(K+conc)');
    await setParam(page, 'Vm', 200);
    await setParam(page, 'K', 0.05);
    expect(await fit(page)).toBe('converged');

    // A nested model with an extra term: R's first model is the fuller one, here the second.
    const term = R.find((c) => c.name === 'puromycin-linear-term')!;
    await compare('Vm*conc/(K+conc) + b*conc');
    expect(rel(await number('compare-row-0', 'data-chi2'), term.rss[1])).toBeLessThan(1e-6);
    expect(rel(await number('compare-row-1', 'data-chi2'), term.rss[0])).toBeLessThan(1e-6);
    expect(rel(await number('compare-row-1', 'data-aicc'), term.aicc[0])).toBeLessThan(1e-6);
    expect(rel(await number('compare-verdict', 'data-f'), term.F)).toBeLessThan(1e-6);
    expect(rel(await number('compare-verdict', 'data-p'), term.p)).toBeLessThan(1e-6);
    expect(await page.getByTestId('compare-verdict').textContent()).toMatch(/^The simpler model, Vm\*conc\/\(K\+conc\), is consistent with the data \(F\(1, 9\) = 1\.44, p = 0\.26\)\. AICc prefers Vm\*conc\/\(K\+conc\)/);
    expect(await page.getByTestId('compare-nesting').textContent()).toContain('Nested: this model is the second with b = 0');
    expect(await page.getByTestId('compare-row-0').textContent()).toContain('preferred');
    await scrollToSection(page, 'compare-section');
    await shot(page, 'compare-model-1440');

    // "This model" with K fixed: nested the other way round.
    const fixedK = R.find((c) => c.name === 'puromycin-fixed-K')!;
    await page.getByTestId('compare-pick').selectOption({ label: 'This model' });
    expect(await page.getByTestId('compare-model-input').inputValue()).toBe('Vm*conc/(K+conc)');
    await compare('Vm*conc/(K+conc)', 'K=0.05');
    expect(rel(await number('compare-verdict', 'data-f'), fixedK.F)).toBeLessThan(1e-6);
    expect(rel(await number('compare-row-1', 'data-chi2'), fixedK.rss[1])).toBeLessThan(1e-6);
    expect(await page.getByTestId('compare-verdict').textContent()).toContain('The simpler model, Vm*conc/(K+conc) with K = 0.05 fixed, is consistent with the data (F(1, 10) = 3.19, p = 0.10)');

    // The exports carry it: the results JSON's modelComparison, and the fitbench command, which
    // run here gives the same test.
    await page.getByTestId('export-button').click();
    await page.getByTestId('export-menu').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('export-results-json').click()]);
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8')).modelComparison;
    expect(exported.F).toBe(await number('compare-verdict', 'data-f'));
    expect([exported.nested, exported.nestedBy, exported.simpler, exported.constants]).toEqual([true, 'structure', 1, { K: 0.05 }]);
    await page.getByTestId('export-button').click();
    await page.getByTestId('export-menu').waitFor();
    await page.getByTestId('export-cli').click();
    await page.locator('[data-testid="export-message"]').waitFor();
    const command = await page.getByTestId('cli-text').inputValue();
    expect(command).toContain("--compare-model 'Vm*conc/(K+conc)' --compare-fix K=0.05");
    const dir = mkdtempSync(join(tmpdir(), 'fitbench-compare-'));
    writeFileSync(join(dir, 'puromycin-treated.csv'), csv);
    const bin = fileURLToPath(new URL('../bin/fitbench.mjs', import.meta.url));
    const cli = JSON.parse(execFileSync('sh', ['-c', `${command.replace(/^node fitbench\.mjs /, `node '${bin}' `)} --json`], { cwd: dir, encoding: 'utf8' })).modelComparison;
    expect(rel(cli.F, exported.F)).toBeLessThan(1e-9);
    expect(cli.verdict).toBe(exported.verdict);
    await page.keyboard.press('Escape');

    // A bad fixed list is refused at its field; the last comparison stays.
    await page.getByTestId('compare-fixed-input').fill('K=abc');
    await page.getByTestId('compare-button').click();
    expect(await page.getByTestId('compare-error').textContent()).toBe('"K=abc" is not name=number; write the fixed parameters as K=0.05, b=0.');
    expect(await page.getByTestId('compare-fixed-input').getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('compare-fixed-input').fill('K=0.05');
    // Editing the field takes the message back.
    expect(await page.getByTestId('compare-error').count()).toBe(0);
    expect(await page.getByTestId('compare-fixed-input').getAttribute('aria-invalid')).toBe('false');

    await page.setViewportSize({ width: 1024, height: 768 });
    await scrollToSection(page, 'compare-section');
    await shot(page, 'compare-model-1024');
    await page.setViewportSize({ width: 390, height: 844 });
    await scrollToSection(page, 'compare-section');
    await shot(page, 'compare-model-390');
    const column = (await page.getByTestId('results').boundingBox())!;
    const box = (await page.getByTestId('compare-section').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(column.x + column.width + 0.5);

    // A new fit keeps what was typed and drops the old verdict (it described the previous fit).
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await fit(page)).toBe('converged');
    expect(await page.getByTestId('compare-model-input').inputValue()).toBe('Vm*conc/(K+conc)');
    expect(await page.getByTestId('compare-fixed-input').inputValue()).toBe('K=0.05');
    expect(await page.getByTestId('compare-section').getAttribute('data-status')).toBe('idle');
    expect(await page.getByTestId('compare-verdict').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });
});
