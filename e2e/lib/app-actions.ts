/** What a person does on the workbench, as test steps (data-testids listed in e2e/README.md). */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface FittedParameter {
  readonly value: number;
  readonly stderr: number;
}

export async function loadSampleCard(page: Page, id: string): Promise<void> {
  await page.getByTestId(`sample-${id}`).click();
  await page.getByTestId('rows-used').waitFor();
}

export async function loadFileInput(page: Page, name: string, text: string): Promise<void> {
  await page.getByTestId('file-input').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
}

export async function typeModel(page: Page, text: string): Promise<void> {
  await page.getByTestId('model-editor').fill(text);
}

export async function setParam(page: Page, name: string, value: number | string): Promise<void> {
  await page.getByTestId(`param-value-${name}`).fill(String(value));
}

/** Waits for the plot to have drawn the current state. */
export async function plotted(page: Page): Promise<void> {
  await page.locator('[data-testid="main-plot"][data-rendered="true"]').waitFor();
}

/** Clicks Fit (or presses a key) and waits for the run to end; returns the status's state. */
export async function fit(page: Page, how: () => Promise<void> = () => page.getByTestId('fit-button').click()): Promise<string> {
  await how();
  const status = page.getByTestId('status');
  await page.waitForFunction(() => document.querySelector('[data-testid="status"]')?.getAttribute('data-state') !== 'running', undefined, { timeout: 120_000 });
  return (await status.getAttribute('data-state')) ?? '';
}

export async function fittedParameters(page: Page): Promise<Record<string, FittedParameter>> {
  await page.getByTestId('result-params').waitFor();
  // Entries cross from the page, not an object: a parameter may be called "__proto__", which an
  // object rebuilt key by key would turn into its prototype.
  const entries = await page.$$eval('[data-testid^="result-param-"]', (rows) =>
    rows.map((r): [string, FittedParameter] => [r.getAttribute('data-testid')?.replace('result-param-', '') ?? '', { value: Number(r.getAttribute('data-value')), stderr: Number(r.getAttribute('data-stderr')) }]),
  );
  return Object.fromEntries(entries);
}

/** The fitted values, each within 0.5·10⁻ᵈ of its truth (toBeCloseTo's rule), named in failures. */
export async function expectFittedNear(page: Page, truth: Readonly<Record<string, number>>, digits: number): Promise<void> {
  const fitted = await fittedParameters(page);
  for (const [name, value] of Object.entries(truth)) expect(fitted[name]?.value, name).toBeCloseTo(value, digits);
}

/** Log relative error in digits, as NIST scores it. */
export function lre(value: number, certified: number): number {
  if (value === certified) return 16;
  return -Math.log10(Math.abs(value - certified) / Math.abs(certified));
}

/** Scrolls a section to the top of the window (no wait for "stable": plots may still be laying out). */
export async function scrollToSection(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(300);
}

/** Two animation frames: what the page does after a change has been laid out and painted. */
export async function frames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Resizes the window and waits until each drawn plot has followed it: plotly's resize runs 100 ms
 * after the chart's ResizeObserver frame (src/app/plot/PlotlyChart.tsx), then relays out to the
 * box's width. A settle before screenshots and layout checks, not an assertion: a chart that does
 * not follow its box within `timeout` ms is left to the checks that follow.
 */
export async function resizeTo(page: Page, viewport: { width: number; height: number }, timeout = 10_000): Promise<void> {
  await page.setViewportSize(viewport);
  await frames(page);
  await page
    .waitForFunction(
      () =>
        Array.from(document.querySelectorAll<HTMLElement>('.js-plotly-plot')).every((gd) => {
          const width = (gd as HTMLElement & { _fullLayout?: { width?: number } })._fullLayout?.width;
          return width === undefined || gd.clientWidth === 0 || Math.abs(width - gd.clientWidth) <= 1.5;
        }),
      undefined,
      { timeout, polling: 50 },
    )
    .catch(() => undefined);
  await frames(page);
}

/** The page's clock (Date.now() in the page), to wait for a save after this moment. */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => Date.now());
}

/** Waits for the session save that holds the page as it is at `since` (a pageNow): the sessions
 *  button says "saved" and its last save was written at or after then (saves run SAVE_DELAY_MS
 *  after the last change, src/state/actions/sessions.ts). */
export async function savedSince(page: Page, since: number, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    (after) => {
      const button = document.querySelector('[data-testid="sessions-button"]');
      return button?.getAttribute('data-save-state') === 'saved' && Number(button.getAttribute('data-saved-at')) >= after;
    },
    since,
    { timeout },
  );
}

/** Scrolls the page (and the main column, where it scrolls on its own) back to the top. */
export async function scrollToTop(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.querySelector('.main')?.scrollTo(0, 0);
    window.scrollTo(0, 0);
  });
}

/**
 * Sets many start values in one page task, each field given its text with the `input` event a
 * typed character sends (React's onChange), then waits until every row holds its value. For a
 * test that needs 120 values set, not a test of typing them: 120 `fill`s took 20–40 s.
 */
export async function setParams(page: Page, values: Readonly<Record<string, number>>): Promise<void> {
  const entries = Object.entries(values).map(([name, value]): [string, string] => [name, String(value)]);
  await page.evaluate((list) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    for (const [name, text] of list) {
      const input = document.querySelector<HTMLInputElement>(`[data-testid="param-value-${CSS.escape(name)}"]`);
      if (!input || !setValue) throw new Error(`setParams: no field for ${name}`);
      setValue.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, entries);
  await page.waitForFunction(
    (list) => list.every(([name, text]) => Number(document.querySelector(`[data-testid="param-row-${CSS.escape(name)}"]`)?.getAttribute('data-value')) === Number(text)),
    entries,
  );
}
