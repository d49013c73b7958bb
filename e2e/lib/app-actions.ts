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
