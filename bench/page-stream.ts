/**
 * Streaming past memory in the page (issue 12), end to end: a Gaussian CSV of ROWS rows (x, y) is
 * written to a temporary file, handed to the page by path (Playwright setInputFiles: the browser
 * reads the file itself, no copy through this process), streamed to the Origin Private File System
 * under a memory budget, and fitted chunk by chunk; the parameters are compared with the CLI's fit
 * of the same file (in memory up to 3·10⁷ rows; above, the CLI's streamed fit, which equals its
 * in-memory fit to the last bit: bench/results/streaming.md). The file is deleted afterwards.
 *
 *   npx vite build && npx tsx bench/page-stream.ts [ROWS] [BUDGET]     (defaults 1e7 256M)
 *   npx vite build && npx tsx bench/page-stream.ts [ROWS] [BUDGET] --resume
 *   npx tsx bench/page-stream.ts --table        (page-stream.md written again from the runs kept)
 *
 * --resume (issue 12's acceptance, "a reload mid-fit resumes"): the fit starts from a poor start
 * (RESUME_START: about 30 evaluations), the page is reloaded once the fit's checkpoint in IndexedDB
 * has passed half of the uninterrupted fit's iterations (the CLI's fit of the same file from the
 * same start, which the page's streamed passes equal to the last bit), the restored session
 * reopens its folder in OPFS and offers to resume, Resume is clicked, and the run records the
 * time from the reload to the offer, the resumed fit's time, the evaluations before and after the
 * interruption against the uninterrupted fit's, and the agreement of the parameters. Kept in
 * bench/results/raw-page-stream/resume-<rows>.json, tabled under the first table.
 *
 * Each run is kept in bench/results/raw-page-stream/<rows>.json; bench/results/page-stream.md is
 * written from all runs kept there. Peak memory: VmHWM (the kernel's peak resident set) of the
 * page's renderer process (its main thread and the fit worker) and of all of Chromium's processes
 * together, read through CDP's SystemInfo.getProcessInfo and /proc; one fresh browser per run.
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../e2e/lib/chromium';
import { root, serveDist } from '../e2e/lib/app-serve';
import { storedCheckpoint } from '../e2e/lib/storedCheckpoint';

const ARGS = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const RESUME = process.argv.includes('--resume');
const ROWS = Number(ARGS[0] ?? 1e7);
const BUDGET = ARGS[1] ?? '256M';
/** A start far from the peak: the fit takes about 30 evaluations (a reload has time to come mid-fit). */
const RESUME_START = { A: 1, mu: -3, s: 0.2, c: 1 };
const MODEL = 'A*exp(-(x-mu)^2/(2*s^2)) + c';
const START = { A: 2, mu: 0, s: 1, c: 0 };
const RAW = join(root, 'bench', 'results', 'raw-page-stream');
const OUT = join(root, 'bench', 'results', 'page-stream.md');

interface Run {
  readonly date: string;
  readonly rows: number;
  readonly fileMB: number;
  readonly budget: string;
  readonly streamInfo: string;
  readonly ingestS: number;
  readonly fitS: number;
  readonly status: string;
  readonly backendReason: string;
  readonly lastProgress: string;
  readonly rendererPeakMiB: number;
  readonly browserPeakMiB: number;
  readonly page: Record<string, number>;
  readonly cli: { readonly mode: string; readonly params: Record<string, number>; readonly wallS: number };
  readonly maxRelDiff: number;
  readonly loadAvg: number;
}

/** The e2e spec's generator (e2e/page-stream.spec.ts), written in pieces. */
async function writeCsv(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  let seed = 777;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  let buffer = 'x,y\n';
  for (let i = 0; i < rows; i++) {
    const x = -5 + (10 * i) / (rows - 1);
    const noise = (rand() + rand() + rand() - 1.5) * 0.1;
    buffer += `${x.toFixed(7)},${(3 * Math.exp(-((x - 0.4) ** 2) / (2 * 1.3 ** 2)) + 0.2 + noise).toFixed(6)}\n`;
    if (buffer.length > 1 << 22) {
      if (!out.write(buffer)) await new Promise<void>((r) => out.once('drain', () => r()));
      buffer = '';
    }
  }
  out.write(buffer);
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

function vmHwmMiB(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

function cliFit(path: string, rows: number, start: Record<string, number> = START): Run['cli'] & { readonly nfev: number; readonly nit: number } {
  const p0 = Object.entries(start).map(([k, v]) => `${k}=${v}`).join(',');
  const limit = rows <= 3e7 ? '16G' : '1G';
  const t0 = performance.now();
  const out = execFileSync(process.execPath, [join(root, 'bin', 'fitbench.mjs'), 'fit', path, '--model', MODEL, '--p0', p0, '--memory-limit', limit, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const json = JSON.parse(out) as { params: Record<string, number>; memory: { mode: string }; nfev: number; nit: number };
  return { mode: json.memory.mode, params: json.params, wallS: (performance.now() - t0) / 1000, nfev: json.nfev, nit: json.nit };
}

/**
 * A new page at 1440×900 with the memory budget set, the file dropped and streamed, the model and
 * start typed in, and the plot drawn; the ingest's seconds and the data panel's streaming line.
 */
async function dropStreamed(browser: Browser, url: string, file: string, start: Record<string, number>): Promise<{ page: Page; ingestS: number; streamInfo: string }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.setDefaultTimeout(3_600_000);
  await page.goto(url);
  await page.getByTestId('app').waitFor();
  const input = page.getByTestId('memory-budget-input');
  await input.fill(BUDGET);
  await input.press('Enter');
  const t0 = performance.now();
  await page.getByTestId('file-input').setInputFiles(file);
  await page.getByTestId('stream-info').waitFor();
  await page.getByTestId('rows-used').waitFor();
  const ingestS = (performance.now() - t0) / 1000;
  const streamInfo = (await page.getByTestId('stream-info').textContent()) ?? '';
  console.log(`ingest ${ingestS.toFixed(1)} s: ${streamInfo}`);
  await page.getByTestId('model-editor').fill(MODEL);
  for (const [name, value] of Object.entries(start)) await page.getByTestId(`param-value-${name}`).fill(String(value));
  await page.locator('[data-testid="main-plot"][data-rendered="true"]').waitFor();
  return { page, ingestS, streamInfo };
}

async function run(): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'fitbench-page-stream-'));
  const file = join(dir, `gauss-${ROWS}.csv`);
  try {
    console.log(`writing ${ROWS} rows…`);
    await writeCsv(file, ROWS);
    const fileMB = statSync(file).size / 1e6;
    console.log(`${fileMB.toFixed(0)} MB; the page…`);
    const served = await serveDist();
    const browser = await launchChromium({ webgpu: false, timeout: 120_000 });
    try {
      const { page, ingestS, streamInfo } = await dropStreamed(browser, served.url, file, START);
      await page.evaluate(() => {
        const w = window as Window & { __last?: string };
        const status = document.querySelector('[data-testid="status"]')!;
        new MutationObserver(() => {
          const text = status.textContent ?? '';
          if (/chunk/.test(text)) w.__last = text;
        }).observe(status, { subtree: true, childList: true, characterData: true });
      });
      const t1 = performance.now();
      await page.getByTestId('fit-button').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="status"]')?.getAttribute('data-state') !== 'running', undefined, { timeout: 3_600_000, polling: 500 });
      const fitS = (performance.now() - t1) / 1000;
      const status = (await page.getByTestId('status').getAttribute('data-state')) ?? '';
      console.log(`fit ${fitS.toFixed(1)} s: ${status}`);
      await page.getByTestId('result-params').waitFor();
      const entries = await page.$$eval('[data-testid^="result-param-"]', (rows) => rows.map((r) => [r.getAttribute('data-testid')!.replace('result-param-', ''), Number(r.getAttribute('data-value'))] as [string, number]));
      const backendReason = (await page.getByTestId('backend-reason').textContent().catch(() => '')) ?? '';
      const lastProgress = await page.evaluate(() => (window as Window & { __last?: string }).__last ?? '');
      const cdp = await browser.newBrowserCDPSession();
      const info = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
      const rendererPeakMiB = info.processInfo.filter((p) => p.type === 'renderer').reduce((m, p) => Math.max(m, vmHwmMiB(p.id)), 0);
      const browserPeakMiB = info.processInfo.reduce((s, p) => s + vmHwmMiB(p.id), 0);
      await browser.close();
      await served.close();
      console.log('the CLI…');
      const cli = cliFit(file, ROWS);
      const pageParams = Object.fromEntries(entries);
      const maxRelDiff = Math.max(...Object.entries(cli.params).map(([k, v]) => Math.abs(pageParams[k] - v) / Math.abs(v)));
      return { date: new Date().toISOString(), rows: ROWS, fileMB, budget: BUDGET, streamInfo, ingestS, fitS, status, backendReason, lastProgress, rendererPeakMiB, browserPeakMiB, page: pageParams, cli, maxRelDiff, loadAvg: loadavg()[0] };
    } finally {
      await browser.close().catch(() => undefined);
      await served.close().catch(() => undefined);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface ResumeRun {
  readonly date: string;
  readonly rows: number;
  readonly fileMB: number;
  readonly budget: string;
  readonly streamInfo: string;
  readonly ingestS: number;
  /** From the click on Fit to the reload (the checkpoint past half of the uninterrupted iterations). */
  readonly beforeReloadS: number;
  /** The checkpoint's iteration and evaluations, as the offer showed them. */
  readonly offerNit: number;
  readonly offerNfev: number;
  /** From the reload to the offer on the page (the session restored from its OPFS folder). */
  readonly reloadToOfferS: number;
  readonly restoredInfo: string;
  /** From the click on Resume to the fit's end. */
  readonly resumedFitS: number;
  readonly status: string;
  /** Evaluations of the resumed fit after the interruption, and in all (before + after). */
  readonly nfevAfter: number;
  readonly nfevTotal: number;
  readonly cli: Run['cli'] & { readonly nfev: number; readonly nit: number };
  readonly page: Record<string, number>;
  readonly maxRelDiff: number;
  readonly loadAvg: number;
}

async function resumeRun(): Promise<ResumeRun> {
  const dir = mkdtempSync(join(tmpdir(), 'fitbench-page-stream-'));
  const file = join(dir, `gauss-${ROWS}.csv`);
  try {
    console.log(`writing ${ROWS} rows…`);
    await writeCsv(file, ROWS);
    const fileMB = statSync(file).size / 1e6;
    console.log('the CLI, uninterrupted…');
    const cli = cliFit(file, ROWS, RESUME_START);
    console.log(`CLI ${cli.mode}: ${cli.nit} iterations, ${cli.nfev} evaluations, ${cli.wallS.toFixed(1)} s; the page…`);
    const served = await serveDist();
    const browser = await launchChromium({ webgpu: false, timeout: 120_000 });
    try {
      const { page, ingestS, streamInfo } = await dropStreamed(browser, served.url, file, RESUME_START);
      const t1 = performance.now();
      await page.getByTestId('fit-button').click();
      const half = Math.ceil(cli.nit / 2);
      for (;;) {
        const nit = (await storedCheckpoint(page))?.nit ?? null;
        if (nit !== null && nit >= half) break;
        if ((await page.getByTestId('status').getAttribute('data-state')) !== 'running') throw new Error(`The fit ended before a checkpoint past iteration ${half} was saved.`);
        await page.waitForTimeout(100);
      }
      const beforeReloadS = (performance.now() - t1) / 1000;
      console.log(`reload after ${beforeReloadS.toFixed(1)} s of fitting…`);
      const t2 = performance.now();
      await page.reload();
      const notice = page.getByTestId('interrupted-fit');
      await notice.waitFor();
      const reloadToOfferS = (performance.now() - t2) / 1000;
      if ((await notice.getAttribute('data-state')) !== 'resumable') throw new Error(`The offer is ${await notice.getAttribute('data-state')}: ${await notice.textContent()}`);
      const offerNit = Number(await notice.getAttribute('data-iteration'));
      const offerNfev = Number(await notice.getAttribute('data-nfev'));
      const restoredInfo = (await page.getByTestId('stream-info').textContent()) ?? '';
      console.log(`offer after ${reloadToOfferS.toFixed(1)} s: iteration ${offerNit}, ${offerNfev} evaluations`);
      const t3 = performance.now();
      await page.getByTestId('interrupted-fit-resume').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="status"]')?.getAttribute('data-state') !== 'running', undefined, { timeout: 3_600_000, polling: 500 });
      const resumedFitS = (performance.now() - t3) / 1000;
      const status = (await page.getByTestId('status').getAttribute('data-state')) ?? '';
      await page.getByTestId('result-params').waitFor();
      const entries = await page.$$eval('[data-testid^="result-param-"]', (rows) => rows.map((r) => [r.getAttribute('data-testid')!.replace('result-param-', ''), Number(r.getAttribute('data-value'))] as [string, number]));
      const resumed = page.getByTestId('result-resumed');
      const nfevTotal = Number(await resumed.getAttribute('data-total-nfev'));
      const pageParams = Object.fromEntries(entries);
      const maxRelDiff = Math.max(...Object.entries(cli.params).map(([k, v]) => Math.abs(pageParams[k] - v) / Math.abs(v)));
      console.log(`resumed fit ${resumedFitS.toFixed(1)} s: ${status}, ${nfevTotal} evaluations in all; max rel. difference ${maxRelDiff.toExponential(1)}`);
      return { date: new Date().toISOString(), rows: ROWS, fileMB, budget: BUDGET, streamInfo, ingestS, beforeReloadS, offerNit, offerNfev, reloadToOfferS, restoredInfo, resumedFitS, status, nfevAfter: nfevTotal - offerNfev, nfevTotal, cli, page: pageParams, maxRelDiff, loadAvg: loadavg()[0] };
    } finally {
      await browser.close().catch(() => undefined);
      await served.close().catch(() => undefined);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function resumeTable(runs: ResumeRun[]): string {
  if (runs.length === 0) return '';
  const fmt = (v: number, d = 1) => v.toFixed(d);
  const lines = [
    '',
    '## A reload mid-fit, and Resume (`--resume`)',
    '',
    `The page fits from ${Object.entries(RESUME_START).map(([k, v]) => `${k}=${v}`).join(', ')} (a poor start), is reloaded once its checkpoint`,
    "(IndexedDB, saved every 2 s) has passed half of the uninterrupted fit's iterations, restores the session from its OPFS folder",
    '(the file is not read again) and offers Resume, which is clicked. Uninterrupted: the CLI\'s fit of the same file from the same',
    "start (the page's streamed passes equal it to the last bit). Evaluations: before the interruption (as saved) + after it; the",
    'resumed fit evaluates the saved point once more (its residuals and Jacobian are not saved), so the total is the',
    'uninterrupted count + 1, where a fresh start after the reload would cost the whole uninterrupted count again. From this',
    'start both fits end in the same local minimum (a dip, A < 0): the point is that they end at the same place.',
    '',
    '| rows | file MB | budget | chunks | ingest s | fit before reload s | reload → offer s | offer at iteration | resumed fit s | evaluations before + after (uninterrupted) | max rel. difference from uninterrupted | load avg |',
    '|---:|---:|---|---:|---:|---:|---:|---:|---:|---|---:|---:|',
  ];
  for (const r of runs) {
    const chunks = /(\d+) chunks/.exec(r.restoredInfo)?.[1] ?? '?';
    lines.push(`| ${r.rows.toExponential(0)} | ${fmt(r.fileMB, 0)} | ${r.budget} | ${chunks} | ${fmt(r.ingestS)} | ${fmt(r.beforeReloadS)} | ${fmt(r.reloadToOfferS)} | ${r.offerNit} of ${r.cli.nit} | ${fmt(r.resumedFitS)} | ${r.offerNfev} + ${r.nfevAfter} = ${r.nfevTotal} (${r.cli.nfev}) | ${r.maxRelDiff.toExponential(1)} | ${fmt(r.loadAvg)} |`);
  }
  lines.push('', 'Parameters (page resumed / CLI uninterrupted):', '');
  for (const r of runs) lines.push(`- ${r.rows.toExponential(0)} rows (${r.date}, ${r.status}; restored: ${r.restoredInfo}): ${Object.keys(r.cli.params).map((k) => `${k} ${r.page[k]} / ${r.cli.params[k]}`).join(', ')}`);
  return lines.join('\n') + '\n';
}

function table(runs: Run[]): string {
  const fmt = (v: number, d = 1) => v.toFixed(d);
  const lines = [
    '# Streaming past memory in the page (bench/page-stream.ts)',
    '',
    `Chromium headless (Debian), ${cpus().length} cores, ${Math.round(totalmem() / 1024 ** 3)} GiB; one fresh browser per run. The page fits ${MODEL}`,
    `from A=2, mu=0, s=1, c=0 on x,y CSV files generated by the script (the e2e spec's generator), given to the page by path.`,
    'Ingest: from setInputFiles to the streamed table shown (read by Blob.slice pieces, parsed, written to OPFS); fit: from the',
    'click on Fit to its end (every pass reads the chunks from OPFS). Peak RSS: VmHWM of the renderer (page + fit worker) and the',
    'sum over all Chromium processes (the browser process holds the file reads). Difference: the largest relative difference of the',
    "parameters from the CLI's fit of the same file (in memory up to 3·10⁷ rows; streamed above, which is its in-memory fit to the last bit).",
    '',
    '| rows | file MB | budget | what the page showed | ingest s | fit s | last progress | renderer peak MiB | all Chromium peak MiB | CLI | max rel. difference | load avg |',
    '|---:|---:|---|---|---:|---:|---|---:|---:|---|---:|---:|',
  ];
  for (const r of runs) {
    lines.push(`| ${r.rows.toExponential(0)} | ${fmt(r.fileMB, 0)} | ${r.budget} | ${r.streamInfo} | ${fmt(r.ingestS)} | ${fmt(r.fitS)} | ${r.lastProgress.replace(/\|/g, '/')} | ${fmt(r.rendererPeakMiB, 0)} | ${fmt(r.browserPeakMiB, 0)} | ${r.cli.mode}, ${fmt(r.cli.wallS)} s | ${r.maxRelDiff.toExponential(1)} | ${fmt(r.loadAvg)} |`);
  }
  lines.push('', 'Parameters (page / CLI):', '');
  for (const r of runs) lines.push(`- ${r.rows.toExponential(0)} rows (${r.date}, ${r.status}; ${r.backendReason}): ${Object.keys(r.cli.params).map((k) => `${k} ${r.page[k]} / ${r.cli.params[k]}`).join(', ')}`);
  return lines.join('\n') + '\n';
}

mkdirSync(RAW, { recursive: true });
// --table: the tables written again from the runs kept, nothing run.
if (process.argv.includes('--table')) void 0;
else if (RESUME) writeFileSync(join(RAW, `resume-${ROWS}.json`), JSON.stringify(await resumeRun(), null, 2) + '\n');
else writeFileSync(join(RAW, `${ROWS}.json`), JSON.stringify(await run(), null, 2) + '\n');
const read = <T>(f: string) => JSON.parse(readFileSync(join(RAW, f), 'utf8')) as T;
const files = readdirSync(RAW).filter((f) => f.endsWith('.json'));
const runs = files.filter((f) => !f.startsWith('resume-')).map((f) => read<Run>(f)).sort((a, b) => a.rows - b.rows);
const resumes = files.filter((f) => f.startsWith('resume-')).map((f) => read<ResumeRun>(f)).sort((a, b) => a.rows - b.rows);
writeFileSync(OUT, table(runs) + resumeTable(resumes));
console.log(readFileSync(OUT, 'utf8'));
if (!existsSync(OUT)) process.exitCode = 1;
