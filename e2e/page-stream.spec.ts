/**
 * Streaming past memory in the page (issue 12): a 10⁶-row Gaussian CSV dropped on the page with a
 * 20M memory budget is streamed to the Origin Private File System (the budget and "streaming" are
 * shown), fitted chunk by chunk with progress naming the pass and the chunk, and the parameters
 * equal the CLI's in-memory fit of the same file to 1e-9. A bad budget is refused beside the field
 * with what was typed kept; a fit the streamed path cannot do says what to do instead. The session
 * keeps the streamed table: a reload restores it from its folder, and a streamed fit interrupted by
 * a reload is offered and resumed to the uninterrupted fit's parameters with fewer evaluations.
 * The page is opened with `?checkpointEveryMs=0` (src/worker/testSettings.ts): its fits save a
 * checkpoint after every iteration rather than every 2 s, so the interrupted fit need not run past
 * 2 s (bench/page-stream.ts --resume interrupts a fit of 10⁷ rows at the page's own setting).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fit, fittedParameters, frames, plotted, resizeTo, setParam, typeModel } from './lib/app-actions';
import { launch, openApp, pageErrors, shot } from './lib/app-browser';
import { root, serveDist, type Served } from './lib/app-serve';
import { storedCheckpoint } from './lib/storedCheckpoint';

const ROWS = 1_000_000;
const MODEL = 'A*exp(-(x-mu)^2/(2*s^2)) + c';
const START = { A: 2, mu: 0, s: 1, c: 0 };
let served: Served;
let browser: Browser;
let page: Page;
let dir: string;
let file: string;

/** y = 3·exp(−(x − 0.4)²/(2·1.3²)) + 0.2 + noise, x on [−5, 5]; a deterministic generator. */
function gaussianCsv(rows: number): string {
  let seed = 777;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const lines = ['x,y'];
  for (let i = 0; i < rows; i++) {
    const x = -5 + (10 * i) / (rows - 1);
    const noise = (rand() + rand() + rand() - 1.5) * 0.1;
    lines.push(`${x.toFixed(7)},${(3 * Math.exp(-((x - 0.4) ** 2) / (2 * 1.3 ** 2)) + 0.2 + noise).toFixed(6)}`);
  }
  return lines.join('\n') + '\n';
}

/** The CLI's in-memory fit of the same file (its default budget holds it in memory; said so below). */
function cliFit(path: string, start: Record<string, number> = START, extra: string[] = []): { params: Record<string, number>; memory: { mode: string }; nfev: number; nit: number } {
  const p0 = Object.entries(start).map(([k, v]) => `${k}=${v}`).join(',');
  const out = execFileSync(process.execPath, [join(root, 'bin', 'fitbench.mjs'), 'fit', path, '--model', MODEL, '--p0', p0, '--memory-limit', '4G', '--json', ...extra], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return JSON.parse(out);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fitbench-pagestream-'));
  file = join(dir, 'gauss-1e6.csv');
  writeFileSync(file, gaussianCsv(ROWS));
  served = await serveDist();
  browser = await launch({ webgpu: false });
  page = await openApp(browser, `${served.url}?checkpointEveryMs=0`);
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a file past the memory budget', () => {
  it('refuses a bad budget beside the field and keeps what was typed', async () => {
    const input = page.getByTestId('memory-budget-input');
    await input.fill('lots');
    await input.press('Enter');
    await expect.poll(() => page.getByTestId('memory-budget-error').textContent()).toContain('e.g. 512M or 2G');
    expect(await input.inputValue()).toBe('lots');
    await input.fill('20M');
    await input.press('Enter');
    await page.getByTestId('memory-budget-error').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('memory-budget').textContent()).toContain('20 MiB');
  });

  it('streams the dropped file to browser storage and shows the budget, the chunks and the sample', async () => {
    // Every load progress text the page shows, as it shows it.
    await page.evaluate(() => {
      const w = window as Window & { __loading?: string[] };
      w.__loading = [];
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="load-progress"]')?.textContent;
        if (text) w.__loading!.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByTestId('file-input').setInputFiles(file);
    const info = page.getByTestId('stream-info');
    await info.waitFor({ timeout: 90_000 });
    const loading = await page.evaluate(() => (window as Window & { __loading?: string[] }).__loading ?? []);
    expect(loading.some((t) => t.includes('Streaming gauss-1e6.csv to browser storage'))).toBe(true);
    // x, y and up to 8 parameters: 8·(3 + 8 + 2) bytes a row, a quarter of 20 MiB → one sum chunk of 65 536 rows.
    expect(await info.textContent()).toContain('Memory budget 20 MiB · streaming from browser storage, 16 chunks');
    expect(await page.getByTestId('table-info').textContent()).toContain('1,000,000 rows × 2 columns');
    // The worker holds a sample: every 6th row (10⁶·1.05/200 000, rounded up).
    expect(await info.textContent()).toContain('every 6th row (166,667 of 1,000,000)');
    // The columns are in the Origin Private File System, 8 bytes a cell.
    const stored = await page.evaluate(async () => {
      const root = await navigator.storage.getDirectory();
      const sizes: number[] = [];
      for await (const [name, handle] of (root as unknown as { entries(): AsyncIterable<[string, FileSystemDirectoryHandle]> }).entries()) {
        if (!name.startsWith('fitbench-stream-')) continue;
        for await (const [, f] of (handle as unknown as { entries(): AsyncIterable<[string, FileSystemFileHandle]> }).entries()) sizes.push((await f.getFile()).size);
      }
      return sizes;
    });
    expect(stored).toEqual([ROWS * 8, ROWS * 8]);
  });

  it('fits chunk by chunk with the pass and the chunk shown, to the CLI in-memory parameters (1e-9)', async () => {
    await typeModel(page, MODEL);
    for (const [name, value] of Object.entries(START)) await setParam(page, name, value);
    await plotted(page);
    expect(await page.getByTestId('plot-note').textContent()).toContain('every 6th row');
    // Every status text the fit shows, as it shows it.
    await page.evaluate(() => {
      const w = window as Window & { __statuses?: string[] };
      w.__statuses = [];
      const status = document.querySelector('[data-testid="status"]')!;
      new MutationObserver(() => w.__statuses!.push(status.textContent ?? '')).observe(status, { subtree: true, childList: true, characterData: true });
    });
    const state = await fit(page);
    expect(state).toBe('converged');
    const statuses = await page.evaluate(() => (window as Window & { __statuses?: string[] }).__statuses ?? []);
    const chunks = statuses.flatMap((s) => [...s.matchAll(/pass (\d+) · chunk (\d+)\/16/g)].map((m) => [Number(m[1]), Number(m[2])]));
    expect(chunks.length).toBeGreaterThan(2);
    expect(new Set(chunks.map(([pass]) => pass)).size).toBeGreaterThan(1);
    const page_ = await fittedParameters(page);
    const cli = cliFit(file);
    expect(cli.memory.mode).toBe('memory');
    for (const [name, value] of Object.entries(cli.params)) {
      expect(Math.abs(page_[name].value - value) / Math.abs(value), name).toBeLessThan(1e-9);
    }
    await plotted(page);
    expect(await page.getByTestId('rows-used').textContent()).toContain('1,000,000 rows used');
    await page.getByTestId('data-panel').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await frames(page);
    await shot(page, 'page-stream-1440');
    await resizeTo(page, { width: 390, height: 844 });
    await page.getByTestId('memory-budget').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await frames(page);
    await shot(page, 'page-stream-390');
    await page.getByTestId('main-plot').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await frames(page);
    await shot(page, 'page-stream-390-plot');
    await resizeTo(page, { width: 1440, height: 900 });
    await page.getByTestId('backend-reason').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await frames(page);
    expect(await page.getByTestId('backend-reason').textContent()).toMatch(/streamed from browser storage: \d+ passes over 16 chunks of 65,536 rows/);
    await shot(page, 'page-stream-results');
  });

  it('refuses what needs all rows in memory, saying what to do, and keeps what was typed', async () => {
    await page.getByTestId('param-value-mu').fill('');
    await fit(page);
    const error = page.getByTestId('fit-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/give a start value for every free parameter.*raise the memory budget/);
    await error.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, 'page-stream-refused');
    expect(await page.getByTestId('model-editor').inputValue()).toBe(MODEL);
    // A link carries the data or their fingerprint, and the page holds only a sample of them.
    await page.getByTestId('copy-link').click();
    const linkStatus = page.getByTestId('link-status');
    await linkStatus.waitFor();
    expect(await linkStatus.textContent()).toMatch(/A link .* needs all rows in memory.*raise the memory budget/);
    await page.keyboard.press('Escape');
    expect(pageErrors(page)).toEqual([]);
  });

  it('cancels a streamed fit between its passes', async () => {
    for (const [name, value] of Object.entries({ A: 1, mu: -3, s: 0.2, c: 1 })) await setParam(page, name, value);
    const folders = await streamFolders(page);
    expect(folders).toHaveLength(1);
    await page.getByTestId('fit-button').click();
    // The worker takes the cancel call when the streamed evaluator yields before its next pass.
    await page.waitForFunction(() => /chunk \d+\/16/.test(document.querySelector('[data-testid="status"]')?.textContent ?? ''));
    await page.getByTestId('cancel-button').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="status"]')?.getAttribute('data-state') !== 'running');
    expect(await page.getByTestId('status').getAttribute('data-state')).toBe('cancelled');
    expect(await page.getByTestId('fit-button').isEnabled()).toBe(true);
    // The worker stopped the fit itself: a worker the supervisor had to terminate (a cancel not
    // answered in time) would have been replaced and streamed the file again into a new folder.
    await page.waitForTimeout(1500);
    expect(await streamFolders(page)).toEqual(folders);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('a streamed table kept with its session', () => {
  it('comes back after a reload from its folder in browser storage, the file not read again', async () => {
    const folders = await streamFolders(page);
    expect(folders).toHaveLength(1);
    await page.waitForFunction(() => (document.querySelector('[data-testid="save-status"]')?.textContent ?? '').startsWith('Saved'), undefined, { timeout: 30_000 });
    await page.reload();
    await page.getByTestId('app').waitFor();
    const info = page.getByTestId('stream-info');
    await info.waitFor({ timeout: 60_000 });
    expect(await info.textContent()).toContain('Memory budget 20 MiB · streaming from browser storage, 16 chunks');
    expect(await info.textContent()).toContain('every 6th row (166,667 of 1,000,000)');
    expect(await page.getByTestId('table-info').textContent()).toContain('1,000,000 rows × 2 columns');
    await expect.poll(() => page.getByTestId('rows-used').textContent(), { timeout: 30_000 }).toContain('1,000,000 rows used');
    // The same folder, opened again: nothing was streamed anew.
    expect(await streamFolders(page)).toEqual(folders);
    // The restore puts the table in before the model: wait for the model, do not read it at once.
    await expect.poll(() => page.getByTestId('model-editor').inputValue(), { timeout: 30_000 }).toBe(MODEL);
    await plotted(page);
    // The test before cancelled a fit, which kept its last accepted parameters: the restored
    // results are the earlier fit's, and the status line says so rather than "Converged".
    await expect.poll(() => page.getByTestId('status').getAttribute('data-state'), { timeout: 30_000 }).toBe('stale');
    expect(await page.getByTestId('status').textContent()).toBe('Changed since the last fit (converged): press Fit');
    await page.getByTestId('data-panel').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await frames(page);
    await shot(page, 'page-stream-restored-1440');
    await resizeTo(page, { width: 390, height: 844 });
    await page.getByTestId('stream-info').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await frames(page);
    await shot(page, 'page-stream-restored-390');
    await resizeTo(page, { width: 1440, height: 900 });
    expect(pageErrors(page)).toEqual([]);
  });

  it('a streamed fit interrupted by a reload is offered, and resumed ends where the uninterrupted fit ends', async () => {
    // A poor start: 31 evaluations (~2.4 s streamed); the checkpoint saved after the first
    // iteration comes long before the end. (At the page's own 2 s a checkpoint of this fit came or
    // not by chance, and CI saw none twice: the spec used Cauchy's loss and 106 evaluations then.)
    const start = { A: 1, mu: -3, s: 0.2, c: 1 };
    const whole = cliFit(file, start);
    for (const [name, value] of Object.entries(start)) await setParam(page, name, value);
    await page.getByTestId('fit-button').click();
    let saved: { nit: number } | null = null;
    await expect.poll(async () => (saved = await storedCheckpoint(page)), { timeout: 60_000, interval: 50 }).not.toBeNull();
    expect(await page.getByTestId('status').getAttribute('data-state')).toBe('running');
    await page.reload();
    await page.getByTestId('app').waitFor();
    const notice = page.getByTestId('interrupted-fit');
    await notice.waitFor({ timeout: 60_000 });
    expect(await notice.getAttribute('data-state')).toBe('resumable');
    const nit = Number(await notice.getAttribute('data-iteration'));
    const nfevBefore = Number(await notice.getAttribute('data-nfev'));
    expect(nit).toBeGreaterThanOrEqual(saved!.nit);
    expect(nit).toBeLessThan(whole.nit);
    await page.getByTestId('stream-info').waitFor();
    await plotted(page);
    await notice.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await frames(page);
    await shot(page, 'page-stream-resume-1440');
    await resizeTo(page, { width: 390, height: 844 });
    await notice.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await frames(page);
    await shot(page, 'page-stream-resume-390');
    await resizeTo(page, { width: 1440, height: 900 });

    expect(await fit(page, () => page.getByTestId('interrupted-fit-resume').click())).toBe('converged');
    const fitted = await fittedParameters(page);
    for (const [name, value] of Object.entries(whole.params)) expect(Math.abs(fitted[name].value - value), name).toBeLessThanOrEqual(1e-9 * Math.abs(value));
    const resumed = page.getByTestId('result-resumed');
    expect(Number(await resumed.getAttribute('data-nit'))).toBe(nit);
    expect(Number(await resumed.getAttribute('data-nfev'))).toBe(nfevBefore);
    expect(Number(await resumed.getAttribute('data-total-nfev')) - nfevBefore).toBeLessThan(whole.nfev);
    expect(await storedCheckpoint(page)).toBeNull();
    expect(pageErrors(page)).toEqual([]);
  });
});


/** Names of the streamed tables' folders in the page's Origin Private File System. */
function streamFolders(p: Page): Promise<string[]> {
  return p.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const names: string[] = [];
    for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys()) if (name.startsWith('fitbench-stream-')) names.push(name);
    return names;
  });
}

describe('the streamed columns in browser storage', () => {
  it('stay while a saved session refers to them, and a stale folder goes at the next start', async () => {
    const folders = await streamFolders(page);
    expect(folders).toHaveLength(1);
    // Above the estimate the file is read in memory (what the refusals advise; the restored
    // session does not hold the file, so it is dropped again): new data, a new session; the
    // streamed one keeps its folder.
    const input = page.getByTestId('memory-budget-input');
    await input.fill('1G');
    await input.press('Enter');
    await page.getByTestId('file-input').setInputFiles(file);
    await page.getByTestId('stream-info').waitFor({ state: 'detached', timeout: 60_000 });
    await expect.poll(() => page.getByTestId('rows-used').textContent(), { timeout: 60_000 }).toContain('1,000,000');
    await page.waitForTimeout(1500);
    expect(await streamFolders(page)).toEqual(folders);
    // A folder left by a closed page, that no session refers to, is removed when a page starts.
    await page.evaluate(async () => {
      const root = await navigator.storage.getDirectory();
      const dir = await root.getDirectoryHandle('fitbench-stream-0-stale', { create: true });
      await dir.getFileHandle('c0.f64', { create: true });
    });
    expect((await streamFolders(page)).sort()).toEqual(['fitbench-stream-0-stale', ...folders].sort());
    await page.reload();
    await page.getByTestId('app').waitFor();
    await expect.poll(() => streamFolders(page), { timeout: 10_000 }).toEqual(folders);
    // The budget is kept for the tab's session.
    expect(await page.getByTestId('memory-budget-input').inputValue()).toBe('1G');
    expect(pageErrors(page)).toEqual([]);
  });
});
