/**
 * A million points: streamed through the parser with progress, drawn decimated (min/max per pixel
 * column), fitted in the worker while the page keeps painting, and a fit cancelled mid-way.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fit, fittedParameters, plotted, setParam, typeModel } from './lib/app-actions';
import { launch, openApp, pageErrors, shot } from './lib/app-browser';
import { serveDist, type Served } from './lib/app-serve';

const ROWS = 1_000_000;
let served: Served;
let browser: Browser;
let page: Page;
let dir: string;
let file: string;

/** y = 5·exp(−t/2) + 1 + noise, t on [0, 20]; a deterministic generator, so the fit is repeatable. */
function bigCsv(): string {
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const lines = ['t,y'];
  for (let i = 0; i < ROWS; i++) {
    const t = (20 * i) / (ROWS - 1);
    const noise = (rand() + rand() + rand() - 1.5) * 0.2;
    lines.push(`${t.toFixed(6)},${(5 * Math.exp(-t / 2) + 1 + noise).toFixed(5)}`);
  }
  return lines.join('\n');
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fitbench-large-'));
  file = join(dir, 'million.csv');
  writeFileSync(file, bigCsv());
  served = await serveDist();
  browser = await launch({ webgpu: false });
  page = await openApp(browser, served.url);
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Longest gap between animation frames (ms) while `during` runs. */
async function longestFrameGap(p: Page, during: () => Promise<unknown>): Promise<number> {
  await p.evaluate(() => {
    const w = window as Window & { __gaps?: number[]; __stop?: boolean };
    w.__gaps = [];
    w.__stop = false;
    let last = performance.now();
    const tick = (t: number) => {
      w.__gaps?.push(t - last);
      last = t;
      if (!w.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await during();
  return p.evaluate(() => {
    const w = window as Window & { __gaps?: number[]; __stop?: boolean };
    w.__stop = true;
    return Math.max(0, ...(w.__gaps ?? []).slice(1));
  });
}

describe('a million points', () => {
  it('loads with progress and draws decimated', async () => {
    await page.getByTestId('file-input').setInputFiles(file);
    await page.getByTestId('rows-used').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('rows-used').textContent()).toContain('1,000,000');
    await typeModel(page, 'A*exp(-t/tau) + c');
    await setParam(page, 'A', 3);
    await setParam(page, 'tau', 1);
    await setParam(page, 'c', 0);
    await plotted(page);
    const note = await page.getByTestId('plot-note').textContent();
    expect(note).toMatch(/Drawing [\d,]+ of 1,000,000 points/);
    const drawn = Number(/Drawing ([\d,]+)/.exec(note ?? '')?.[1]?.replace(/,/g, ''));
    expect(drawn).toBeLessThanOrEqual(2400);
  });

  it('fits in the worker while the page keeps painting', async () => {
    let state = '';
    const gap = await longestFrameGap(page, async () => {
      state = await fit(page);
    });
    expect(state).toBe('converged');
    expect(gap).toBeLessThan(600);
    const p = await fittedParameters(page);
    expect(p.tau.value).toBeCloseTo(2, 2);
    expect(p.A.value).toBeCloseTo(5, 2);
    expect(p.c.value).toBeCloseTo(1, 2);
    await plotted(page);
    await shot(page, 'app-million-fit');
  });

  it('cancels a running fit and keeps the last accepted parameters', async () => {
    await typeModel(page, 'A*exp(-t/tau) + c + d*sin(w*t)');
    await setParam(page, 'A', 1);
    await setParam(page, 'tau', 10);
    await setParam(page, 'd', 1);
    await setParam(page, 'w', 3);
    // Cancel at once: the worker takes the cancel call at its next yield and stops after the
    // iteration in progress, long before this five-parameter fit of 10⁶ rows could converge.
    await page.getByTestId('fit-button').click();
    await page.getByTestId('cancel-button').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="status"]')?.getAttribute('data-state') !== 'running');
    expect(await page.getByTestId('status').getAttribute('data-state')).toBe('cancelled');
    const fitted = await fittedParameters(page);
    expect(Number(await page.getByTestId('param-row-tau').getAttribute('data-value'))).toBe(fitted.tau.value);
    await shot(page, 'app-million-cancelled');
    expect(pageErrors(page)).toEqual([]);
  });
});
