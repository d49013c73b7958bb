/**
 * Issue 27's smaller page findings, checked where a user met them (each failed before its fix):
 * - the band toggles were ticked while disabled before any fit (a box that draws nothing);
 * - group keys named __proto__ and constructor broke the per-group legend (console errors), and a
 *   key with markup or U+202E was read as plotly markup or reversed the legend;
 * - "Link copied" stayed over the plot controls after the page had changed;
 * - an invalid (or another) model left the old group table unmarked;
 * - a start curve that overflows (exp(t/tau) past 1e308) wrote NaN into the plot's SVG path.
 * Screenshots e2e/screenshots/trial27-*.png.
 */
import { describe, expect, it } from 'vitest';
import { fit, loadFileInput, loadSampleCard, plotted, setParam, typeModel } from './lib/app-actions';
import { openApp, pageErrors, shot } from './lib/app-browser';
import { appSuite } from './lib/app-suite';

const suite = appSuite();
const KEYS = ['__proto__', 'constructor', '<b>bold</b> %{x}', 'ab\u202Ecd'];

/** Three decays per key: group,t,y. */
function oddKeysCsv(): string {
  const lines = ['group,t,y'];
  KEYS.forEach((key, g) => {
    for (let i = 0; i < 12; i++) lines.push(`"${key}",${i},${((g + 2) * Math.exp(-i / 4) + 0.1 + 0.003 * Math.sin(5 * i + g)).toFixed(6)}`);
  });
  return lines.join('\n') + '\n';
}

describe('issue 27, smaller page items', () => {
  it('band toggles are unticked while they cannot draw, and ticked again once a fit can', async () => {
    const page = await openApp(suite.browser, suite.served.url);
    await loadSampleCard(page, 'decay');
    await plotted(page);
    const confidence = page.getByTestId('toggle-confidence');
    expect(await confidence.isDisabled()).toBe(true);
    expect(await confidence.isChecked()).toBe(false);
    expect(await fit(page)).toBe('converged');
    await plotted(page);
    expect(await confidence.isDisabled()).toBe(false);
    // The default (confidence band on) comes back with the fit it can draw.
    expect(await confidence.isChecked()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('a start curve that overflows draws with gaps, no NaN in the SVG path', async () => {
    const page = await openApp(suite.browser, suite.served.url);
    await loadSampleCard(page, 'decay');
    await plotted(page);
    await typeModel(page, 'A*exp(t/tau) + c');
    // exp(t/0.0145) passes 1e308 inside the range and overflows at its end.
    for (const [name, value] of Object.entries({ A: 1, tau: 0.0145, c: 0 })) await setParam(page, name, value);
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="main-plot"]') as unknown as { data?: { name?: string; y?: (number | null)[] }[] } | null;
      return el?.data?.some((t) => t.name === 'model' && t.y?.includes(null)) ?? false;
    });
    await plotted(page);
    await page.waitForTimeout(300);
    expect(pageErrors(page)).toEqual([]);
    await shot(page, 'trial27-overflowing-start-curve');
    await page.close();
  });

  it('group keys __proto__, constructor, markup and U+202E: a clean legend, no console errors', async () => {
    const page = await openApp(suite.browser, suite.served.url);
    await loadFileInput(page, 'odd-keys.csv', oddKeysCsv());
    await page.getByTestId('rows-used').waitFor();
    await page.getByTestId('group-select').selectOption('group');
    await page.getByTestId('group-list').waitFor();
    await typeModel(page, 'A*exp(-t/tau) + c');
    await setParam(page, 'A', 3);
    await setParam(page, 'tau', 3);
    await setParam(page, 'c', 0);
    await page.getByTestId('fit-groups-button').click();
    await page.getByTestId('group-status').filter({ hasText: /^Fitted 4 \/ 4 groups/ }).waitFor({ timeout: 60_000 });
    const plot = page.getByTestId('group-plot');
    await plot.locator('.legendtext').first().waitFor();
    const legend = await plot.locator('.legendtext').allTextContents();
    expect(legend).toEqual(['__proto__', 'constructor', '<b>bold</b> %{x}', 'ab\\u202Ecd']);
    // The group table and the group list show U+202E as \u202E too (it reversed "cd" into "abdc").
    const keys = await page.getByTestId('group-table').locator('[data-testid="group-open"]').allTextContents();
    expect(keys.map((k) => k.trim())).toEqual(['__proto__', 'constructor', '<b>bold</b> %{x}', 'ab\\u202Ecd']);
    const groups = await plot.evaluate((el) => (el as unknown as { data: { legendgroup?: string }[] }).data.map((t) => t.legendgroup));
    expect(new Set(groups).size).toBe(KEYS.length);
    await page.getByTestId('group-results').scrollIntoViewIfNeeded();
    await shot(page, 'trial27-odd-group-keys');
    // An invalid model marks the table as the last fits' (it stayed unmarked), and so does another model.
    expect(await page.getByTestId('group-stale').count()).toBe(0);
    await typeModel(page, 'A*exp(-t/tau) + ');
    expect(await page.getByTestId('group-stale').textContent()).toMatch(/^The model does not parse \(.*\); these results are of the last fits of A\*exp\(-t\/tau\) \+ c\.$/);
    await typeModel(page, 'A*exp(-t/tau)');
    expect(await page.getByTestId('group-stale').textContent()).toBe('The model changed since these fits; they describe A*exp(-t/tau) + c. Fit again to update them.');
    await page.getByTestId('group-stale').scrollIntoViewIfNeeded();
    await shot(page, 'trial27-group-stale');
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('the Copy link popover closes once the page no longer matches the link', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.goto(suite.served.url);
    await loadSampleCard(page, 'decay');
    await plotted(page);
    expect(await fit(page)).toBe('converged');
    await page.getByTestId('copy-link').click();
    await page.locator('[data-testid="link-status"][data-state]').waitFor();
    await shot(page, 'trial27-link-copied');
    // Typing a parameter value (no press outside the popover) changes what the link would hold.
    const tau = page.locator('[data-testid="param-value-tau"]');
    await tau.evaluate((el: HTMLInputElement) => {
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      set.call(el, '2.5');
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await page.getByTestId('link-popover').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.evaluate(() => location.hash)).toBe('');
    await context.close();
  });
});
