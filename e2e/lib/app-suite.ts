/**
 * One served build and one browser for a spec file: started before its tests and closed after
 * them (closing the browser closes its pages). The getters are read inside the tests, once
 * beforeAll has run.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launch } from './app-browser';
import { serveDist, type Served } from './app-serve';

export interface AppSuite {
  readonly served: Served;
  readonly browser: Browser;
}

export function appSuite(options: { webgpu: boolean } = { webgpu: false }): AppSuite {
  let served: Served | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    served = await serveDist();
    browser = await launch(options);
  });
  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`appSuite: the ${what} is read before beforeAll ran`);
    return value;
  };
  return {
    get served() {
      return ready(served, 'served build');
    },
    get browser() {
      return ready(browser, 'browser');
    },
  };
}
