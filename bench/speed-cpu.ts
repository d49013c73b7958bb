/**
 * CPU fit time against scipy.optimize.curve_fit(method='trf', its defaults: 2-point Jacobian,
 * tolerances 1e-8) on a Gaussian plus offset with 1e4, 1e5 and 1e6 points from the same start.
 *
 * What a user gets, side by side, in interleaved rounds (this machine is shared: one scipy fit,
 * then one fit of each Fitbench variant, round after round; best and median of the rounds):
 * - curveFit, the core call the CLI makes, in one thread with Fitbench's defaults (tolerances
 *   1e-15, x_scale 'jac') and with scipy's settings (1e-8, x_scale 1);
 * - the same with the float64 passes on 2 worker threads (fit/parallel, the CLI's --workers 2;
 *   the pool started and warm, as after the first fit), from 2·10⁵ rows;
 * - end to end at the largest size: `fitbench fit data.csv --json` as a process (Node start, tsx,
 *   parse, fit, report) against a Python process that runs numpy.loadtxt and curve_fit.
 * The table goes to stdout and to the top of bench/results/speed-cpu.md (earlier runs kept below).
 *
 * Run: npx tsx bench/speed-cpu.ts [sizes…]   (ROUNDS=n for the rounds per size)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { curveFit } from '../src/fit/curveFit';
import type { FitOptions } from '../src/fit/defaults';
import type { FitResult } from '../src/fit/types';
import { rowWorkers } from '../src/cli/rowWorkers';
import { compileModel } from '../src/model';
import { now } from '../src/solver/clock';

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
if (sizes.length === 0) sizes.push(1e4, 1e5, 1e6);
const rounds = (n: number) => Number(process.env.ROUNDS) || (n >= 1e6 ? 7 : 9);
const e2eRounds = Number(process.env.E2E_ROUNDS) || 3;
const dir = mkdtempSync(join(tmpdir(), 'fitbench-bench-'));
const root = join(import.meta.dirname, '..');
const EXPR = 'a*exp(-(x-mu)^2/(2*s^2)) + c';
const P0 = 'a=2,mu=0,s=1,c=0';

interface ScipyFit {
  seconds: number;
  params: number[];
  nfev: number;
  cost: number;
}

/** The long-lived scipy process (gaussian_scipy.py serve): one JSON line per command. */
const python = spawn('python3', [join(import.meta.dirname, 'gaussian_scipy.py'), 'serve', dir], { stdio: ['pipe', 'pipe', 'inherit'] });
const answers = createInterface({ input: python.stdout })[Symbol.asyncIterator]();
async function ask<T>(command: string): Promise<T> {
  python.stdin.write(command + '\n');
  const line = await answers.next();
  if (line.done) throw new Error(`gaussian_scipy.py ended before answering "${command}"`);
  return JSON.parse(line.value) as T;
}

const compiled = compileModel(EXPR, { columns: ['x'] });
if (!compiled.ok) throw new Error(compiled.error.message);
const model = compiled.value;
const p0 = { a: 2, mu: 0, s: 1, c: 0 };
const readF64 = (path: string) => {
  const b = readFileSync(path);
  return new Float64Array(b.buffer, b.byteOffset, b.byteLength / 8).slice();
};
const load = () => loadavg().map((v) => v.toFixed(2)).join(' / ');
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const best = (v: number[]) => Math.min(...v);

const DEFAULTS: FitOptions = {};
const SCIPY: FitOptions = { ftol: 1e-8, xtol: 1e-8, gtol: 1e-8, xScale: 1 };
const WORKER_MIN_ROWS = 200_000;
const pool = sizes.some((n) => n >= WORKER_MIN_ROWS) ? rowWorkers(model, Math.max(...sizes), 2) : null;

interface Variant {
  readonly label: string;
  readonly options: FitOptions;
  readonly workers: boolean;
}
const variants: Variant[] = [
  { label: 'defaults (tol 1e-15, x_scale jac), 1 thread', options: DEFAULTS, workers: false },
  { label: 'scipy settings (tol 1e-8, x_scale 1), 1 thread', options: SCIPY, workers: false },
  { label: 'defaults, 2 row workers (--workers 2)', options: DEFAULTS, workers: true },
  { label: 'scipy settings, 2 row workers', options: SCIPY, workers: true },
];

async function fitOnce(x: Float64Array, y: Float64Array, v: Variant): Promise<{ ms: number; result: FitResult }> {
  const t0 = now();
  const result = await curveFit({
    model,
    data: { vars: [x], y },
    parameters: model.params.map((name) => ({ name, value: p0[name as keyof typeof p0] })),
    options: v.options,
    rowPasses: v.workers ? pool!.rowPasses : undefined,
  });
  return { ms: now() - t0, result };
}

const loadAtStart = load();
const rows: string[] = [];
let e2eLines: string[] = [];
let verdict: string[] = [];
for (const n of sizes) {
  const largest = n === Math.max(...sizes);
  await ask(`write ${n}${largest ? ' csv' : ''}`);
  const x = readF64(join(dir, `gauss-${n}.x.f64`));
  const y = readF64(join(dir, `gauss-${n}.y.f64`));
  const active = variants.filter((v) => !v.workers || n >= WORKER_MIN_ROWS);
  // One unmeasured fit of each kind first: compiled kernels, warm JIT, started workers.
  await ask(`time ${n}`);
  for (const v of active) await fitOnce(x, y, v);
  const scipyMs: number[] = [];
  const scipyFits: ScipyFit[] = [];
  const times = active.map(() => [] as number[]);
  const results: FitResult[] = [];
  // scipy first in even rounds and last in odd ones: whatever one leaves behind (BLAS threads
  // spinning, a GC) falls on both sides alike.
  for (let r = 0; r < rounds(n); r++) {
    const timeScipy = async () => {
      const fit = await ask<ScipyFit>(`time ${n}`);
      scipyFits.push(fit);
      scipyMs.push(fit.seconds * 1000);
    };
    if (r % 2 === 0) await timeScipy();
    for (const [i, v] of active.entries()) {
      const { ms, result } = await fitOnce(x, y, v);
      times[i].push(ms);
      results[i] = result;
    }
    if (r % 2 === 1) await timeScipy();
  }
  const s = scipyFits[scipyFits.length - 1];
  for (const [i, v] of active.entries()) {
    const result = results[i];
    const diff = Math.max(...result.parameters.map((p, j) => Math.abs(p.value - s.params[j]) / Math.abs(s.params[j])));
    rows.push(
      `| ${n.toExponential(0)} | ${best(scipyMs).toFixed(1)} | ${median(scipyMs).toFixed(1)} | ${s.nfev} | ${v.label} | ${best(times[i]).toFixed(1)} | ${median(times[i]).toFixed(1)} | ${result.nfev} | ` +
        `${(best(scipyMs) / best(times[i])).toFixed(1)}× | ${(median(scipyMs) / median(times[i])).toFixed(1)}× | ${diff.toExponential(1)} | ${((result.cost - s.cost) / s.cost).toExponential(1)} |`,
    );
  }
  if (n === 1e6) {
    verdict = active.map((v, i) => {
      const b = best(scipyMs) / best(times[i]);
      const m = median(scipyMs) / median(times[i]);
      return `- ${v.label}: ${b.toFixed(1)}× best, ${m.toFixed(1)}× median: the ≥ 8× target is ${b >= 8 && m >= 8 ? 'met' : b >= 8 ? 'met on the best times, not on the medians' : 'not met'}.`;
    });
  }
  if (largest) e2eLines = endToEnd(n);
}
pool?.close();
python.stdin.end();

/** The CLI process against a Python process (loadtxt + curve_fit), on the same CSV, interleaved. */
function endToEnd(n: number): string[] {
  const csv = join(dir, `gauss-${n}.csv`);
  if (!existsSync(csv)) return [];
  const cli = [] as { wall: number; parse: number; fit: number; nfev: number }[];
  const py = [] as { wall: number; load: number; fit: number }[];
  for (let r = 0; r < e2eRounds; r++) {
    let t0 = now();
    const p = spawnSync('python3', [join(import.meta.dirname, 'gaussian_scipy.py'), 'e2e', csv], { encoding: 'utf8' });
    const pyWall = now() - t0;
    const pj = JSON.parse(p.stdout) as ScipyFit & { loadSeconds: number };
    py.push({ wall: pyWall, load: pj.loadSeconds * 1000, fit: pj.seconds * 1000 });
    t0 = now();
    const c = spawnSync('node', [join(root, 'bin', 'fitbench.mjs'), 'fit', csv, '--model', EXPR, '--p0', P0, '--json'], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const cliWall = now() - t0;
    if (c.status !== 0) throw new Error(`fitbench fit failed: ${c.stderr}`);
    const cj = JSON.parse(c.stdout) as { timing: { parseMs: number; fitMs: number }; nfev: number };
    cli.push({ wall: cliWall, parse: cj.timing.parseMs, fit: cj.timing.fitMs, nfev: cj.nfev });
  }
  const col = <T>(v: T[], f: (t: T) => number) => `${best(v.map(f)).toFixed(0)} / ${median(v.map(f)).toFixed(0)}`;
  return [
    '',
    `End to end at ${n.toExponential(0)} rows, the same rows as a CSV (x,y, 17 significant digits, ${(readFileSync(csv).byteLength / 1e6).toFixed(1)} MB), ${e2eRounds} interleaved rounds, ms as best / median:`,
    '',
    '| process | whole process (ms) | read the file (ms) | fit (ms) | nfev |',
    '|---|---:|---:|---:|---:|',
    `| python3: numpy.loadtxt + curve_fit (defaults) | ${col(py, (t) => t.wall)} | ${col(py, (t) => t.load)} | ${col(py, (t) => t.fit)} | ${scipyNfev(n)} |`,
    `| fitbench fit data.csv --json (defaults; workers: automatic, 0 on 2 cores) | ${col(cli, (t) => t.wall)} | ${col(cli, (t) => t.parse)} | ${col(cli, (t) => t.fit)} | ${cli[0].nfev} |`,
    '',
    `Speed-up of the whole process, best / median: ${(best(py.map((t) => t.wall)) / best(cli.map((t) => t.wall))).toFixed(2)}× / ${(median(py.map((t) => t.wall)) / median(cli.map((t) => t.wall))).toFixed(2)}×; of the fit alone (the CLI's fit is the process's first, cold JIT included): ${(best(py.map((t) => t.fit)) / best(cli.map((t) => t.fit))).toFixed(1)}× / ${(median(py.map((t) => t.fit)) / median(cli.map((t) => t.fit))).toFixed(1)}×.`,
  ];
}
function scipyNfev(n: number): string {
  const row = rows.find((r) => r.startsWith(`| ${n.toExponential(0)} `));
  return row ? row.split('|')[4].trim() : '';
}

const scipyVersion = spawnSync('python3', ['-c', 'import scipy; print(scipy.__version__)'], { encoding: 'utf8' }).stdout.trim();
const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
const lines = [
  `## ${date} UTC`,
  '',
  `Model \`${EXPR}\`, start (2, 0, 1, 0), truth (2.5, 0.3, 0.8, 0.1), noise σ = 0.05, x evenly spaced on [−5, 5].`,
  `scipy ${scipyVersion} curve_fit(method='trf') with its defaults (2-point Jacobian, tolerances 1e-8; its BLAS may use every core); Fitbench's curveFit (the CLI's core call) in Node ${process.version}, analytic derivatives, normal equations (auto from 4097 rows).`,
  `${cpus().length} cores, shared with other jobs: load average ${loadAtStart} (1 / 5 / 15 min) at the start, ${load()} at the end. One warm-up fit of each kind, then interleaved rounds (${sizes.map((n) => `${rounds(n)} at ${n.toExponential(0)}`).join(', ')}): best and median.`,
  '',
  '| points | scipy best (ms) | scipy median (ms) | scipy nfev | Fitbench | best (ms) | median (ms) | nfev | speed-up (best) | speed-up (median) | max rel. param diff | cost rel. diff |',
  '|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|',
  ...rows,
  ...(verdict.length ? ['', 'At 10⁶ points (this run, this load):', ...verdict] : []),
  ...e2eLines,
  '',
  'Speed-up = scipy time / Fitbench time (higher is better). Target (issue 12): ≥ 8× at 10⁶ points on this 2-core machine.',
];
const table = lines.join('\n');
console.log(table);
const path = join(import.meta.dirname, 'results', 'speed-cpu.md');
const title = '# CPU fit time: fitbench vs scipy.optimize.curve_fit';
const earlier = existsSync(path) ? readFileSync(path, 'utf8').replace(title, '').trim() : '';
const earlierBlock = earlier ? ['', earlier.startsWith('## ') ? earlier : `## Earlier run\n\n${earlier}`] : [];
writeFileSync(path, [title, '', table, ...earlierBlock].join('\n') + '\n');
rmSync(dir, { recursive: true, force: true });
