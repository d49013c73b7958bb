/** Debian's headless Chromium (launched with the shared e2e/lib/chromium.ts flags) on the app. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { resizeTo } from './app-actions';
import { launchChromium } from './chromium';
import { root } from './app-serve';

export const SCREENSHOTS = join(root, 'e2e', 'screenshots');

export function launch(options: { webgpu: boolean }): Promise<Browser> {
  return launchChromium({ webgpu: options.webgpu });
}

const errorsOf = new WeakMap<Page, string[]>();

/** Collects the page's uncaught errors and console errors from now on (read with `pageErrors`). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  errorsOf.set(page, errors);
  page.on('pageerror', (e) => { errors.push(e.message); if (process.env.STACKS) console.log('PAGEERROR', e.stack); });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/** Opens the app; page errors and console errors are collected for `pageErrors`. */
export async function openApp(browser: Browser, url: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  collectErrors(page);
  await page.goto(url);
  await page.getByTestId('app').waitFor();
  return page;
}

export function pageErrors(page: Page): string[] {
  return errorsOf.get(page) ?? [];
}

export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

type Viewport = { readonly width: number; readonly height: number };

/**
 * The same state at several widths: for each viewport the page is resized (plots followed),
 * `testId` scrolled into view, `check` run and the screenshot `name-<width>` taken; the page is
 * then resized back to the first. A flow run once and looked at (and checked where the width
 * matters) at each size, instead of the whole flow once per size.
 */
export async function shotAtWidths(page: Page, viewports: readonly Viewport[], name: string, testId: string | null, check?: () => Promise<void>): Promise<void> {
  for (const viewport of viewports) {
    await resizeTo(page, viewport);
    if (testId) await page.getByTestId(testId).scrollIntoViewIfNeeded();
    await check?.();
    await shot(page, `${name}-${viewport.width}`);
  }
  await resizeTo(page, viewports[0]);
}
