/**
 * Opening a test page: console messages and uncaught page errors are collected (and optionally
 * echoed), and a harness page can be awaited until it has published its entry points on window.
 */
import type { Browser, Page } from 'playwright-core';

export interface OpenedPage {
  readonly page: Page;
  /** `type: text` of every console message so far. */
  readonly console: string[];
  /** Uncaught errors thrown in the page. */
  readonly errors: string[];
}

export interface OpenPageOptions {
  /** Echo the page's console to the test's stdout. */
  readonly echo?: boolean;
  /** A window property to wait for (a harness sets it when its entry points are ready). */
  readonly readyGlobal?: string;
  readonly timeout?: number;
}

export async function openPage(browser: Browser, url: string, options: OpenPageOptions = {}): Promise<OpenedPage> {
  const page = await browser.newPage();
  const consoleLines: string[] = [];
  const errors: string[] = [];
  page.on('console', (msg) => {
    const line = `${msg.type()}: ${msg.text()}`;
    consoleLines.push(line);
    if (options.echo) console.log(`[page] ${line}`);
  });
  page.on('pageerror', (error) => {
    errors.push(error.message);
    if (options.echo) console.log(`[page error] ${error.message}`);
  });
  const timeout = options.timeout ?? 60_000;
  await page.goto(url, { timeout });
  if (options.readyGlobal) {
    await page.waitForFunction((name) => (window as unknown as Record<string, unknown>)[name] !== undefined, options.readyGlobal, { timeout });
  }
  return { page, console: consoleLines, errors };
}
