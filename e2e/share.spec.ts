/**
 * Fit links end to end in headless Chromium: a fitted sample's link (clipboard and address bar)
 * opened in a fresh browser context re-runs to the same parameters; a clipboard that refuses
 * shows the link in a field; links that are random text, truncated, oversized, from a newer version
 * or forged show decodeSpec's message on a clean, usable workbench; and a link whose data are too
 * large carries a fingerprint, asks for the file, refuses files that differ and fits the right one.
 */
import { strToU8, zlibSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fit, fittedParameters, loadFileInput, loadSampleCard, plotted, setParam, typeModel, type FittedParameter } from './lib/app-actions';
import { collectErrors, launch, pageErrors, shot } from './lib/app-browser';
import { serveDist, type Served } from './lib/app-serve';

let served: Served;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  served = await serveDist();
  browser = await launch({ webgpu: false });
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

/** A page in a fresh browser context (its own storage), at `url`. */
async function freshPage(url: string, options: { clipboard?: boolean; init?: () => void } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, permissions: options.clipboard ? ['clipboard-read', 'clipboard-write'] : [] });
  contexts.push(context);
  if (options.init) await context.addInitScript(options.init);
  const page = await context.newPage();
  const list = collectErrors(page);
  page.on('dialog', (d) => {
    list.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.goto(url);
  await page.getByTestId('app').waitFor();
  return page;
}

async function copyLink(page: Page): Promise<{ hash: string; included: boolean; text: string }> {
  await page.getByTestId('copy-link').click();
  const status = page.locator('[data-testid="link-status"][data-state]');
  await status.waitFor();
  return {
    hash: await page.evaluate(() => location.hash),
    included: (await status.getAttribute('data-included')) === 'true',
    text: (await status.textContent()) ?? '',
  };
}

/** Waits for the fit a link runs when it opens, and returns its parameters. */
async function linkFitted(page: Page): Promise<Record<string, FittedParameter>> {
  await page.locator('[data-testid="status"][data-state="converged"]').waitFor({ timeout: 120_000 });
  return fittedParameters(page);
}

function expectSameParameters(a: Record<string, FittedParameter>, b: Record<string, FittedParameter>): void {
  expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
  for (const [name, p] of Object.entries(a)) {
    expect(Math.abs(b[name].value - p.value), name).toBeLessThanOrEqual(1e-9 * Math.abs(p.value));
  }
}

/** 20 000 rows of a noisy decay, every number at full precision: far too many for a link. */
function bigCsv(rows = 20_000, change?: number): string {
  const lines = ['x,y'];
  for (let i = 0; i < rows; i++) {
    const x = i * 0.001;
    const noise = ((Math.sin(i * 12.9898) * 43758.5453) % 1) * 0.1;
    const y = 5 * Math.exp(-x / 3) + 1 + noise + (i === change ? 1e-9 : 0);
    lines.push(`${x},${y}`);
  }
  return `${lines.join('\n')}\n`;
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A link written by hand: any JSON, compressed the way Fitbench does, under any version. */
function forgedLink(json: unknown, version = 1): string {
  return `#fit=v${version}.${base64url(zlibSync(strToU8(JSON.stringify(json)), { level: 9 }))}`;
}

let decayLink = '';

describe('fit links', () => {
  it('puts a fitted sample in a link and a fresh context re-runs it to the same parameters', async () => {
    const page = await freshPage(served.url, { clipboard: true });
    await loadSampleCard(page, 'decay');
    await plotted(page);
    expect(await fit(page)).toBe('converged');
    const before = await fittedParameters(page);
    const link = await copyLink(page);
    expect(link.hash).toMatch(/^#fit=v1\.[A-Za-z0-9_-]+$/);
    expect(link.included).toBe(true);
    expect(link.text).toContain('The data are in the link (81 rows');
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    expect(clipboard).toBe(`${served.url}${link.hash}`);
    expect(await page.getByTestId('link-status').getAttribute('data-state')).toBe('copied');
    await shot(page, 'share-link-copied');
    decayLink = link.hash;

    const opened = await freshPage(`${served.url}${link.hash}`);
    const after = await linkFitted(opened);
    expectSameParameters(before, after);
    expect(await opened.getByTestId('model-editor').inputValue()).toBe('A*exp(-t/tau) + c');
    expect(await opened.getByTestId('source-label').textContent()).toContain('decay.csv');
    expect(await opened.getByTestId('rows-used').textContent()).toContain('81');
    expect(await opened.evaluate(() => location.hash)).toBe(link.hash);
    await plotted(opened);
    await shot(opened, 'share-link-opened');
    // A change to the fit takes the link off the address (a reload then restores the session).
    await setParam(opened, 'tau', 5);
    await opened.waitForFunction(() => location.hash === '');
    expect(pageErrors(page)).toEqual([]);
    expect(pageErrors(opened)).toEqual([]);
  });

  it('shows the link in a field to copy by hand when the clipboard is refused', async () => {
    const page = await freshPage(served.url, {
      init: () => {
        Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) } });
      },
    });
    await loadSampleCard(page, 'decay');
    await plotted(page);
    const link = await copyLink(page);
    expect(await page.getByTestId('link-status').getAttribute('data-state')).toBe('shown');
    const field = page.getByTestId('link-text');
    expect(await field.inputValue()).toBe(`${served.url}${link.hash}`);
    // The field has focus with the link selected, ready for Ctrl+C.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.getAttribute('data-testid'))).toBe('link-text');
    const selected = await page.evaluate(() => {
      const input = document.activeElement as HTMLInputElement;
      return input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0);
    });
    expect(selected).toBe(`${served.url}${link.hash}`);
    await shot(page, 'share-link-fallback');
    await page.keyboard.press('Escape');
    await page.getByTestId('link-popover').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('copy-link');
  });

  it('shows what is wrong with bad links on a clean workbench that stays usable', async () => {
    expect(decayLink).not.toBe('');
    const payload = decayLink.slice('#fit=v1.'.length);
    const bad: { name: string; hash: string; code: string; words: RegExp }[] = [
      { name: 'random', hash: '#qZ3-kd8Jx0_aLm29Vbn', code: 'not-a-link', words: /not a Fitbench fit link/ },
      { name: 'random-payload', hash: `#fit=v1.${'Tm90IGEgbGluaw'.repeat(9)}`, code: 'corrupt', words: /damaged/ },
      { name: 'truncated', hash: `#fit=v1.${payload.slice(0, 4 * Math.floor(payload.length / 8))}`, code: 'corrupt', words: /damaged.*Copy the whole link again/ },
      { name: 'newer', hash: `#fit=v2.${payload}`, code: 'newer-version', words: /made by a newer Fitbench/ },
      { name: 'oversized', hash: `#fit=v1.${'A'.repeat(1_100_000)}`, code: 'too-large', words: /This link is too long \(\d+ characters; at most 1048576\)/ },
      {
        name: 'forged',
        hash: forgedLink({
          version: 1,
          model: 'constructor.constructor("alert(1)")()',
          libraryId: null,
          columns: { x: ['t'], y: 'y', sigma: null },
          parameters: [],
          settings: { loss: 'linear', fScale: 1, ftol: 1e-8, xtol: 1e-8, gtol: 1e-8, maxNfev: null, xScale: 'jac', method: 'auto', backend: 'auto', absoluteSigma: false },
          data: null,
        }),
        code: 'model',
        words: /model in this link does not compile/,
      },
    ];
    let page: Page | null = null;
    for (const b of bad) {
      page = await freshPage(`${served.url}${b.hash}`);
      const message = page.getByTestId('link-error');
      await message.waitFor();
      expect(await message.getAttribute('data-code'), b.name).toBe(b.code);
      const text = (await message.textContent()) ?? '';
      expect(text, b.name).toMatch(/This link could not be opened\./);
      expect(text, b.name).toMatch(b.words);
      expect(await page.getByTestId('empty-state').isVisible(), b.name).toBe(true);
      expect(await page.getByTestId('model-editor').inputValue(), b.name).toBe('');
      if (b.name === 'truncated') await shot(page, 'share-bad-link');
      expect(pageErrors(page), b.name).toEqual([]);
    }
    // The page works: a sample fits, and the message goes when the data come.
    if (!page) return;
    await loadSampleCard(page, 'decay');
    expect(await fit(page)).toBe('converged');
    expect(await page.getByTestId('link-error').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it('carries a fingerprint when the data are too large, asks for the file and checks it', async () => {
    const csv = bigCsv();
    const page = await freshPage(served.url, { clipboard: true });
    await loadFileInput(page, 'big.csv', csv);
    await page.getByTestId('rows-used').waitFor();
    await typeModel(page, 'A*exp(-x/tau) + c');
    await setParam(page, 'A', 4);
    await setParam(page, 'tau', 2);
    await setParam(page, 'c', 0.5);
    expect(await fit(page)).toBe('converged');
    const before = await fittedParameters(page);
    const link = await copyLink(page);
    expect(link.included).toBe(false);
    expect(link.text).toContain('too large for a link');
    expect(link.text).toContain('big.csv');
    expect(link.hash.length).toBeLessThan(2000);
    await shot(page, 'share-link-fingerprint');

    const opened = await freshPage(`${served.url}${link.hash}`);
    const prompt = opened.getByTestId('link-file-prompt');
    await prompt.waitFor();
    expect(await prompt.getAttribute('data-rows')).toBe('20000');
    const text = (await prompt.textContent()) ?? '';
    expect(text).toContain('Open big.csv to fit this link');
    expect(text).toContain('20,000 rows');
    expect(await opened.getByTestId('model-editor').inputValue()).toBe('A*exp(-x/tau) + c');
    expect(await opened.getByTestId('status').textContent()).toBe('Open big.csv to fit this link');
    await shot(opened, 'share-file-prompt');

    /** Offers a file and waits for the page's verdict on it. */
    const refused = async (name: string, body: string): Promise<string> => {
      await opened.getByTestId('link-file-input').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(body, 'utf8') });
      const handle = await opened.waitForFunction((file) => {
        const text = document.querySelector('[data-testid="link-file-error"]')?.textContent ?? '';
        return text.startsWith(file) ? text : null;
      }, name);
      return String(await handle.jsonValue());
    };
    expect(await refused('big-short.csv', bigCsv(19_999))).toMatch(/does not match the link: the rows differ \(19,999 usable rows, the link's data have 20,000\)/);
    await shot(opened, 'share-file-refused');
    expect(await refused('big-edited.csv', bigCsv(20_000, 12_345))).toMatch(/does not match the link: it has the same number of rows \(20,000\), but the values differ/);
    expect(await prompt.isVisible()).toBe(true);
    expect(await opened.getByTestId('empty-state').count()).toBe(0);

    await opened.getByTestId('link-file-input').setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    const after = await linkFitted(opened);
    expectSameParameters(before, after);
    expect(await opened.getByTestId('link-file-prompt').count()).toBe(0);
    expect(await opened.getByTestId('source-label').textContent()).toContain('big.csv');
    await plotted(opened);
    await shot(opened, 'share-file-fitted');
    expect(pageErrors(opened)).toEqual([]);
  });
});
