/**
 * Streaming past memory in the page (issue 12), end to end: a Gaussian CSV of ROWS rows (x, y) is
 * written to a temporary file, handed to the page by path (Playwright setInputFiles: the browser
 * reads the file itself, no copy through this process), streamed to the Origin Private File System
 * under a memory budget, and fitted chunk by chunk; the parameters are compared with the CLI's fit
 * of the same file (in memory up to 3·10⁷ rows; above, the CLI's streamed fit, which equals its
 * in-memory fit to the last bit: bench/results/streaming.md). The file is deleted afterwards.
 *
 *   npx vite build && npx tsx bench/page-stream.ts [ROWS] [BUDGET]     (defaults 1e7 256M)
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
import { launchChromium } from '../e2e/lib/chromium';
import { root, serveDist } from '../e2e/lib/app-serve';

const ROWS = Number(process.argv[2] ?? 1e7);
const BUDGET = process.argv[3] ?? '256M';
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

function cliFit(path: string, rows: number): Run['cli'] {
  const p0 = Object.entries(START).map(([k, v]) => `${k}=${v}`).join(',');
  const limit = rows <= 3e7 ? '16G' : '1G';
  const t0 = performance.now();
  const out = execFileSync(process.execPath, [join(root, 'bin', 'fitbench.mjs'), 'fit', path, '--model', MODEL, '--p0', p0, '--memory-limit', limit, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const json = JSON.parse(out) as { params: Record<string, number>; memory: { mode: string } };
  return { mode: json.memory.mode, params: json.params, wallS: (performance.now() - t0) / 1000 };
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
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      page.setDefaultTimeout(3_600_000);
      await page.goto(served.url);
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
      for (const [name, value] of Object.entries(START)) await page.getByTestId(`param-value-${name}`).fill(String(value));
      await page.locator('[data-testid="main-plot"][data-rendered="true"]').waitFor();
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

const result = await run();
mkdirSync(RAW, { recursive: true });
writeFileSync(join(RAW, `${ROWS}.json`), JSON.stringify(result, null, 2) + '\n');
const runs = readdirSync(RAW).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(RAW, f), 'utf8')) as Run).sort((a, b) => a.rows - b.rows);
writeFileSync(OUT, table(runs));
console.log(readFileSync(OUT, 'utf8'));
if (!existsSync(OUT)) process.exitCode = 1;
