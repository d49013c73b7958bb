/** Debian's headless Chromium driven by playwright-core (no browser download, ever). */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { root } from './app-serve';

export const SCREENSHOTS = join(root, 'e2e', 'screenshots');

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => typeof p === 'string' && existsSync(p));
  if (!found) throw new Error('Chromium not found: install Debian’s chromium or set CHROMIUM_PATH.');
  return found;
}

export async function launch(options: { webgpu: boolean }): Promise<Browser> {
  const args = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
  if (options.webgpu) args.push('--enable-unsafe-webgpu');
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args });
}

export async function openApp(browser: Browser, url: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  (page as Page & { appErrors?: string[] }).appErrors = errors;
  await page.goto(url);
  await page.getByTestId('app').waitFor();
  return page;
}

export function pageErrors(page: Page): string[] {
  return (page as Page & { appErrors?: string[] }).appErrors ?? [];
}

export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path });
  return path;
}
