/**
 * Issue 9, "Fit each group" in the page: the Puromycin sample grouped by state, fitted per group;
 * the results table against R's nls per state (fixtures/groupfits/nls_groups.json); sorting by a
 * column header; Export CSV with one row per group; the overlay plot; the desktop (1440×900) and
 * phone (390×844) layouts; with the assay card's bootstrap, each group's interval as the CLI's
 * --group --ci bootstrap gives it (issue 26). Screenshots in e2e/screenshots/.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFileInput, loadSampleCard, plotted, setParam, typeModel } from './lib/app-actions';
import { launch, openApp, pageErrors, shot } from './lib/app-browser';
import { root, serveDist, type Served } from './lib/app-serve';

interface NlsGroup { group: string; n: number; rss: number; params: Record<string, number>; stderr: Record<string, number> }
const nls = (JSON.parse(readFileSync(join(root, 'fixtures', 'groupfits', 'nls_groups.json'), 'utf8')) as { puromycin: { perGroup: NlsGroup[] } }).puromycin.perGroup;

let served: Served;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  served = await serveDist();
  browser = await launch({ webgpu: false });
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

/** The table's rows as { group: cells } (cell text). */
async function tableRows(p: Page): Promise<string[][]> {
  return p.getByTestId('group-table').locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (c) => (c.textContent ?? '').trim())));
}

/** "212.684 ± 6.95" → [212.684, 6.95] (the page's minus sign read as '-'). */
function valuePm(text: string): [number, number] {
  const [v, se] = text.replace(/\u2212/g, '-').split('±').map((s) => Number(s.trim()));
  return [v, se];
}

describe('fit each group', () => {
  it('fits each state of the Puromycin sample like R nls, sorts, exports CSV, overlays the groups', async () => {
    page = await openApp(browser, served.url, { width: 1440, height: 900 });
    await loadSampleCard(page, 'puromycin');
    await plotted(page);
    await page.getByTestId('group-list').waitFor();
    expect(await page.getByTestId('group-select').inputValue()).toBe('state');
    const button = page.getByTestId('fit-groups-button');
    expect(await button.textContent()).toBe('Fit each state');
    await button.click();
    await page.getByTestId('group-table').waitFor();
    expect(await page.getByTestId('group-status').textContent()).toBe('Fitted 2 / 2 groups');

    const rows = await tableRows(page);
    expect(rows.map((r) => r[0])).toEqual(['treated', 'untreated']);
    const headers = await page.getByTestId('group-table').locator('thead th').allTextContents();
    expect(headers.map((h) => h.replace(/[▲▼]/g, ''))).toEqual(['state', 'Rows', 'Status', 'Vm ± SE', 'K ± SE', 'Reduced χ²', 'R²']);
    for (const ref of nls) {
      const row = rows.find((r) => r[0] === ref.group)!;
      expect(row[1]).toBe(String(ref.n));
      expect(row[2]).toBe('converged');
      const [vm, seVm] = valuePm(row[3]);
      const [k, seK] = valuePm(row[4]);
      // Shown to 6 and 3 significant digits.
      expect(Math.abs(vm - ref.params.Vm) / ref.params.Vm).toBeLessThan(5e-6);
      expect(Math.abs(k - ref.params.K) / ref.params.K).toBeLessThan(5e-6);
      expect(Math.abs(seVm - ref.stderr.Vm) / ref.stderr.Vm).toBeLessThan(5e-3);
      expect(Math.abs(seK - ref.stderr.K) / ref.stderr.K).toBeLessThan(5e-3);
      const redchi2 = Number(row[5].replace(/,/g, ''));
      expect(Math.abs(redchi2 - ref.rss / (ref.n - 2)) / (ref.rss / (ref.n - 2))).toBeLessThan(5e-5);
    }

    // Sort by Vm: ascending puts untreated first, a second click reverses.
    await page.getByTestId('sort-Vm').click();
    expect((await tableRows(page)).map((r) => r[0])).toEqual(['untreated', 'treated']);
    await page.getByTestId('sort-Vm').click();
    expect((await tableRows(page)).map((r) => r[0])).toEqual(['treated', 'untreated']);

    // Export CSV: one row per group, the full-precision numbers of R's fit.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('group-export-csv').click()]);
    const path = await download.path();
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('state,rows,status,Vm,Vm_stderr,K,K_stderr,redchi2,r2,message');
    expect(lines).toHaveLength(3);
    for (const line of lines.slice(1)) {
      const cells = line.split(',');
      const ref = nls.find((g) => g.group === cells[0])!;
      expect(Math.abs(Number(cells[3]) - ref.params.Vm) / ref.params.Vm).toBeLessThan(1e-6);
      expect(Math.abs(Number(cells[5]) - ref.params.K) / ref.params.K).toBeLessThan(1e-6);
      expect(Math.abs((Number(cells[7]) * (ref.n - 2)) - ref.rss) / ref.rss).toBeLessThan(1e-6);
    }

    // The overlay: two groups' markers and two curves.
    const traces = await page.getByTestId('group-plot').evaluate((el) => (el as unknown as { data: { name: string; mode: string }[] }).data.map((t) => `${t.name}:${t.mode}`));
    expect(traces).toEqual(['treated:markers', 'treated fit:lines', 'untreated:markers', 'untreated fit:lines']);
    await page.getByTestId('group-results').scrollIntoViewIfNeeded();
    await shot(page, 'groups-puromycin-1440');
    expect(pageErrors(page)).toEqual([]);
  });

  it('the fit-each-group controls and results fit a phone (390×844)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('group-results').scrollIntoViewIfNeeded();
    // The panels stack at this width (issue 13, layout.spec.ts checks the page does not scroll
    // sideways); the results card and the fit bar's group controls must fit their own columns.
    // Plotly redraws the overlay for the narrower column on its resize observer: wait for that.
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="group-results"]');
      return el !== null && el.scrollWidth <= el.clientWidth;
    }, undefined, { timeout: 5000 }).catch(() => undefined);
    for (const id of ['group-results', 'fit-groups-button']) {
      const over = await page.getByTestId(id).evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(over, id).toBeLessThanOrEqual(0);
    }
    // The legend stays clear of the x-axis title (it sat on "conc" at this width).
    const boxes = await page.getByTestId('group-plot').evaluate((el) => {
      const box = (sel: string) => {
        const r = el.querySelector(sel)?.getBoundingClientRect();
        return r ? { top: r.top, bottom: r.bottom, left: r.left, right: r.right } : null;
      };
      return { legend: box('.legend'), xtitle: box('.xtitle'), plot: box('.cartesianlayer .bg') ?? box('.nsewdrag') };
    });
    expect(boxes.legend && boxes.xtitle).toBeTruthy();
    const apart = (a: NonNullable<typeof boxes.legend>, b: NonNullable<typeof boxes.legend>) => a.bottom <= b.top || b.bottom <= a.top || a.right <= b.left || b.right <= a.left;
    expect(apart(boxes.legend!, boxes.xtitle!)).toBe(true);
    await shot(page, 'groups-puromycin-390');
    await page.getByTestId('fit-groups-button').scrollIntoViewIfNeeded();
    await shot(page, 'groups-fitbar-390');
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('fit each group with the bootstrap (issue 26)', () => {
  it('shows each group’s bootstrap interval under its value, as the CLI’s --group --ci bootstrap', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const panel = page.getByTestId('assay-panel');
    if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click();
    await page.getByTestId('assay-bootstrap').check();
    await page.getByTestId('assay-resamples').fill('200');
    await page.getByTestId('assay-seed').fill('3');
    await page.getByTestId('fit-groups-button').click();
    await page.getByTestId('group-boot-Vm').first().waitFor({ timeout: 60_000 });
    // The reference: the command line on the same file, each group's own bootstrap with the same seed.
    const out = execFileSync('node', [join(root, 'bin', 'fitbench.mjs'), 'fit', join(root, 'public', 'samples', 'puromycin.csv'), '--model', 'Vm*conc/(K + conc)', '--y', 'rate', '--p0', 'Vm=200,K=0.1', '--group', 'state', '--ci', 'bootstrap', '--bootstrap', '200', '--seed', '3', '--json'], { encoding: 'utf8', env: { ...process.env, FITBENCH_TSX: '1' } });
    const cli = JSON.parse(out) as { groups: { group: string; bootstrapCi: Record<string, [number, number]> }[] };
    for (const g of cli.groups) {
      for (const name of ['Vm', 'K']) {
        const cell = page.locator(`tr[data-group="${g.group}"] [data-testid="group-boot-${name}"]`);
        const [lo, hi] = [Number(await cell.getAttribute('data-lower')), Number(await cell.getAttribute('data-upper'))];
        expect(Math.abs(lo - g.bootstrapCi[name][0]) / Math.abs(g.bootstrapCi[name][0]), `${g.group} ${name} lower`).toBeLessThan(1e-6);
        expect(Math.abs(hi - g.bootstrapCi[name][1]) / Math.abs(g.bootstrapCi[name][1]), `${g.group} ${name} upper`).toBeLessThan(1e-6);
      }
    }
    expect(await page.getByTestId('group-boot-note').textContent()).toContain('95% bootstrap percentile interval (residual resampling, 200 resamples');
    await page.getByTestId('group-results').scrollIntoViewIfNeeded();
    await shot(page, 'groups-bootstrap-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    // Plotly redraws the overlay for the narrower column on its resize observer (as above).
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="group-results"]');
      return el !== null && el.scrollWidth <= el.clientWidth;
    }, undefined, { timeout: 5000 }).catch(() => undefined);
    await page.getByTestId('group-table').scrollIntoViewIfNeeded();
    await shot(page, 'groups-bootstrap-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('assay-bootstrap').uncheck();
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);
});

describe('fit each group: a large batch in the worker', () => {
  it('streams "N / 50000 groups" and Cancel keeps the groups fitted so far', async () => {
    const p = await openApp(browser, served.url, { width: 1440, height: 900 });
    // 50 000 groups, each the treated rows of Puromycin: every group fitted must equal R's fit.
    const treated = readFileSync(join(root, 'fixtures', 'groups', 'puromycin.csv'), 'utf8').trim().split('\n').slice(1).filter((l) => l.endsWith('"treated"'));
    const lines = ['"conc","rate","state"'];
    for (let g = 0; g < 50000; g++) for (const l of treated) lines.push(l.replace('"treated"', `"g${g}"`));
    await loadFileInput(p, 'many.csv', lines.join('\n'));
    await p.getByTestId('rows-used').waitFor();
    await p.getByTestId('group-select').selectOption('state');
    await p.getByTestId('group-list').waitFor();
    await typeModel(p, 'Vm*conc/(K + conc)');
    await setParam(p, 'Vm', 200);
    await setParam(p, 'K', 0.1);
    // Cancel is pressed by the page itself at the first streamed count: a click from here comes a
    // round trip later, and on a busy machine the batch could end in between.
    await p.evaluate(() => {
      const watch = new MutationObserver(() => {
        const status = document.querySelector('[data-testid="group-status"]')?.textContent ?? '';
        const cancel = document.querySelector<HTMLButtonElement>('[data-testid="cancel-groups-button"]');
        if (/^(?!Fitted).*[1-9][\d,]* \/ 50,000 groups/.test(status) && cancel) {
          watch.disconnect();
          cancel.click();
        }
      });
      watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await p.getByTestId('fit-groups-button').click();
    // The answer ends the run either way; a batch that finished before Cancel arrived fails below.
    await p.getByTestId('group-status').filter({ hasText: /Cancelled|Fitted/ }).waitFor({ timeout: 60_000 });
    await p.getByTestId('group-cancelled').waitFor({ timeout: 10_000 });
    const status = (await p.getByTestId('group-status').textContent()) ?? '';
    const done = Number(/Cancelled at ([\d,]+) \/ 50,000 groups/.exec(status)?.[1].replace(/,/g, ''));
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(50000);
    expect(await p.getByTestId('group-results').locator('h2').textContent()).toContain(`${done.toLocaleString('en-US')} / 50,000 groups`);
    // The overlay draws at most 20 groups (fewer when Cancel came sooner, on a busy machine) and
    // says so; the table draws at most 1000 rows.
    expect(await p.getByTestId('group-overlay-note').textContent()).toContain(`first ${Math.min(done, 20)} of 50,000 groups`);
    const shown = await p.getByTestId('group-table').locator('tbody tr').count();
    expect(shown).toBe(Math.min(done, 1000));
    const first = (await tableRows(p))[0];
    expect(first[0]).toBe('g0');
    expect(Math.abs(valuePm(first[3])[0] - nls[0].params.Vm) / nls[0].params.Vm).toBeLessThan(5e-6);
    await shot(p, 'groups-cancelled-1440');
    expect(pageErrors(p)).toEqual([]);
    await p.close();
  });
});
