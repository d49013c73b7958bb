/**
 * A browser test session in one call: a Vite server for the repository, Chromium (with WebGPU
 * when asked), and a page opened at `path` and awaited until `readyGlobal` is set. Used by specs
 * in beforeAll and closed in afterAll.
 */
import type { Browser } from 'playwright-core';
import { launchChromium, type LaunchChromiumOptions } from './chromium';
import { openPage, type OpenedPage } from './page';
import { startServer, type TestServer } from './server';

export interface BrowserSession extends OpenedPage {
  readonly server: TestServer;
  readonly browser: Browser;
  close(): Promise<void>;
}

export interface SessionOptions extends LaunchChromiumOptions {
  /** Page path under the server root, e.g. 'e2e/harness/gpu.html'. */
  readonly path: string;
  readonly readyGlobal?: string;
  readonly echo?: boolean;
}

export async function openSession(options: SessionOptions): Promise<BrowserSession> {
  const server = await startServer();
  let browser: Browser | null = null;
  try {
    browser = await launchChromium(options);
    const opened = await openPage(browser, new URL(options.path, server.url).href, { readyGlobal: options.readyGlobal, echo: options.echo });
    const b = browser;
    return {
      ...opened,
      server,
      browser: b,
      async close() {
        await b.close();
        await server.close();
      },
    };
  } catch (e) {
    await browser?.close();
    await server.close();
    throw e;
  }
}
