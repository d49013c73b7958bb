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
 * - end to end at the largest size: `fitbench fit data.csv --json` as a process (Node start,
 *   parse, fit, report), both the in-repo CLI (tsx) and the one-file CLI of `npm run build`,
 *   against Python processes that run numpy.loadtxt and curve_fit (each Python found here).
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
import { rowWorkers } from '../src/job/node/rowWorkers';
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

/**
 * The long-lived scipy processes (gaussian_scipy.py serve): one JSON line per command. One for each
 * Python here: PATH's, and the system's /usr/bin/python3 (older numpy and scipy, which fit these
 * rows ~2× faster on this machine). Speed-ups are against the faster of the two.
 */
interface Scipy {
  readonly python: string;
  version: string;
  ask<T>(command: string): Promise<T>;
  end(): void;
}
function startScipy(python: string): Scipy | null {
  const v = spawnSync(python, ['-c', 'import numpy, scipy; print("numpy", numpy.__version__, "scipy", scipy.__version__)'], { encoding: 'utf8' });
  if (v.status !== 0) return null;
  const child = spawn(python, [join(import.meta.dirname, 'gaussian_scipy.py'), 'serve', dir], { stdio: ['pipe', 'pipe', 'inherit'] });
  const answers = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    python,
    version: v.stdout.trim(),
    async ask<T>(command: string): Promise<T> {
      child.stdin.write(command + '\n');
      const line = await answers.next();
      if (line.done) throw new Error(`${python} gaussian_scipy.py ended before answering "${command}"`);
      return JSON.parse(line.value) as T;
    },
    end: () => child.stdin.end(),
  };
}
const scipys = ['python3', '/usr/bin/python3'].map(startScipy).filter((s): s is Scipy => s !== null);
const ask = <T>(command: string) => scipys[0].ask<T>(command);

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
const scipyAgainst = new Map<number, string>();
for (const n of sizes) {
  const largest = n === Math.max(...sizes);
  await ask(`write ${n}${largest ? ' csv' : ''}`);
  for (const other of scipys.slice(1)) await other.ask(`load ${n}`);
  const x = readF64(join(dir, `gauss-${n}.x.f64`));
  const y = readF64(join(dir, `gauss-${n}.y.f64`));
  const active = variants.filter((v) => !v.workers || n >= WORKER_MIN_ROWS);
  // One unmeasured fit of each kind first: compiled kernels, warm JIT, started workers.
  for (const sp of scipys) await sp.ask(`time ${n}`);
  for (const v of active) await fitOnce(x, y, v);
  const scipyTimes = scipys.map(() => [] as number[]);
  const scipyFits: ScipyFit[] = [];
  const times = active.map(() => [] as number[]);
  const results: FitResult[] = [];
  // scipy first in even rounds and last in odd ones: whatever one leaves behind (BLAS threads
  // spinning, a GC) falls on both sides alike.
  for (let r = 0; r < rounds(n); r++) {
    const timeScipy = async () => {
      for (const [k, sp] of scipys.entries()) {
        const fit = await sp.ask<ScipyFit>(`time ${n}`);
        if (k === 0) scipyFits.push(fit);
        scipyTimes[k].push(fit.seconds * 1000);
      }
    };
    if (r % 2 === 0) await timeScipy();
    for (const [i, v] of active.entries()) {
      const { ms, result } = await fitOnce(x, y, v);
      times[i].push(ms);
      results[i] = result;
    }
    if (r % 2 === 1) await timeScipy();
  }
  // The faster scipy (by its best time) is the one the speed-ups are measured against.
  const fastest = scipyTimes.map((t, k) => ({ t, k })).sort((a, b) => best(a.t) - best(b.t))[0];
  const scipyMs = fastest.t;
  scipyAgainst.set(n, `${scipys[fastest.k].python} (${scipys[fastest.k].version})`);
  const others = scipyTimes.filter((_, k) => k !== fastest.k).map((t) => `${best(t).toFixed(0)} / ${median(t).toFixed(0)}`).join(', ') || '—';
  const s = scipyFits[scipyFits.length - 1];
  for (const [i, v] of active.entries()) {
    const result = results[i];
    const diff = Math.max(...result.parameters.map((p, j) => Math.abs(p.value - s.params[j]) / Math.abs(s.params[j])));
    rows.push(
      `| ${n.toExponential(0)} | ${best(scipyMs).toFixed(1)} | ${median(scipyMs).toFixed(1)} | ${others} | ${s.nfev} | ${v.label} | ${best(times[i]).toFixed(1)} | ${median(times[i]).toFixed(1)} | ${result.nfev} | ` +
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
  if (largest) e2eLines = await endToEnd(n);
}
pool?.close();
for (const sp of scipys) sp.end();

/** One process of the end-to-end comparison: its command and how to read its JSON. */
interface E2eProcess {
  label: string;
  command: string[];
  read(stdout: string): { load: number; fit: number; nfev: number };
}

/**
 * The processes a user may run on the CSV: a Python script (numpy.loadtxt + curve_fit) with each
 * Python here (PATH's, and the system's /usr/bin/python3, whose older numpy reads ~3× faster on
 * this machine), the in-repo CLI (bin/fitbench.mjs: tsx compiles the source at start) and the
 * one-file CLI users download (fitbench.mjs, built here by scripts/cliBundle.mjs as `npm run build`
 * does). Interleaved, round after round.
 */
async function e2eProcesses(csv: string): Promise<E2eProcess[]> {
  const py = (python: string, label: string): E2eProcess => ({
    label,
    command: [python, join(import.meta.dirname, 'gaussian_scipy.py'), 'e2e', csv],
    read(stdout) {
      const j = JSON.parse(stdout) as ScipyFit & { loadSeconds: number };
      return { load: j.loadSeconds * 1000, fit: j.seconds * 1000, nfev: j.nfev };
    },
  });
  const cli = (file: string, label: string): E2eProcess => ({
    label,
    command: ['node', file, 'fit', csv, '--model', EXPR, '--p0', P0, '--json'],
    read(stdout) {
      const j = JSON.parse(stdout) as { timing: { parseMs: number; fitMs: number }; nfev: number };
      return { load: j.timing.parseMs, fit: j.timing.fitMs, nfev: j.nfev };
    },
  });
  const version = (python: string) => spawnSync(python, ['-c', 'import numpy, scipy; print(numpy.__version__, scipy.__version__)'], { encoding: 'utf8' });
  const list = [] as E2eProcess[];
  for (const python of ['python3', '/usr/bin/python3']) {
    const v = version(python);
    if (v.status === 0) {
      const [np, sp] = v.stdout.trim().split(' ');
      list.push(py(python, `${python}: numpy.loadtxt + curve_fit (defaults; numpy ${np}, scipy ${sp})`));
    }
  }
  const { buildCliBundle } = await import('../scripts/cliBundle.mjs');
  const oneFile = join(dir, 'fitbench.mjs');
  writeFileSync(oneFile, await buildCliBundle(root));
  list.push(cli(join(root, 'bin', 'fitbench.mjs'), 'node bin/fitbench.mjs fit data.csv --json (in-repo CLI through tsx; workers: automatic, 0 on 2 cores)'));
  list.push(cli(oneFile, 'node fitbench.mjs fit data.csv --json (the one-file CLI of `npm run build`)'));
  return list;
}

/** The CLI processes against Python processes (loadtxt + curve_fit), on the same CSV, interleaved. */
async function endToEnd(n: number): Promise<string[]> {
  const csv = join(dir, `gauss-${n}.csv`);
  if (!existsSync(csv)) return [];
  const processes = await e2eProcesses(csv);
  const times = processes.map(() => [] as { wall: number; load: number; fit: number; nfev: number }[]);
  for (let r = 0; r < e2eRounds; r++) {
    processes.forEach((p, i) => {
      const t0 = now();
      const c = spawnSync(p.command[0], p.command.slice(1), { encoding: 'utf8', maxBuffer: 1 << 26 });
      const wall = now() - t0;
      if (c.status !== 0) throw new Error(`${p.label} failed: ${c.stderr}`);
      times[i].push({ wall, ...p.read(c.stdout) });
    });
  }
  type T = { wall: number; load: number; fit: number };
  const col = (v: T[], f: (t: T) => number) => `${best(v.map(f)).toFixed(0)} / ${median(v.map(f)).toFixed(0)}`;
  const isPython = (p: E2eProcess) => p.command[0].includes('python');
  const fastestPython = times.filter((_, i) => isPython(processes[i])).sort((a, b) => best(a.map((t) => t.wall)) - best(b.map((t) => t.wall)))[0];
  const ratio = (v: T[], f: (t: T) => number) => `${(best(fastestPython.map(f)) / best(v.map(f))).toFixed(2)}× / ${(median(fastestPython.map(f)) / median(v.map(f))).toFixed(2)}×`;
  return [
    '',
    `End to end at ${n.toExponential(0)} rows, the same rows as a CSV (x,y, 17 significant digits, ${(readFileSync(csv).byteLength / 1e6).toFixed(1)} MB), ${e2eRounds} interleaved rounds, ms as best / median; "vs Python" = the faster Python's whole process ÷ this one's (higher is better), best / median:`,
    '',
    '| process | whole process (ms) | read the file (ms) | fit (ms) | nfev | whole process vs Python | fit vs Python |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...processes.map((p, i) => `| ${p.label} | ${col(times[i], (t) => t.wall)} | ${col(times[i], (t) => t.load)} | ${col(times[i], (t) => t.fit)} | ${times[i][0].nfev} | ${isPython(p) ? '' : ratio(times[i], (t) => t.wall)} | ${isPython(p) ? '' : ratio(times[i], (t) => t.fit)} |`),
    '',
    'The CLI\'s fit is the process\'s first (cold JIT included); "read the file" is numpy.loadtxt for Python and `timing.parseMs` for the CLI.',
  ];
}

const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
const lines = [
  `## ${date} UTC`,
  '',
  `Model \`${EXPR}\`, start (2, 0, 1, 0), truth (2.5, 0.3, 0.8, 0.1), noise σ = 0.05, x evenly spaced on [−5, 5].`,
  `scipy curve_fit(method='trf') with its defaults (2-point Jacobian, tolerances 1e-8; its BLAS may use every core) in ${scipys.map((sp) => `${sp.python} (${sp.version})`).join(' and ')}, interleaved; "scipy" columns and speed-ups are the faster one's (${[...new Set(scipyAgainst.values())].join('; ')}). Fitbench's curveFit (the CLI's core call) in Node ${process.version}, analytic derivatives, normal equations (auto from 4097 rows).`,
  `${cpus().length} cores, shared with other jobs: load average ${loadAtStart} (1 / 5 / 15 min) at the start, ${load()} at the end. One warm-up fit of each kind, then interleaved rounds (${sizes.map((n) => `${rounds(n)} at ${n.toExponential(0)}`).join(', ')}): best and median.`,
  '',
  '| points | scipy best (ms) | scipy median (ms) | the other scipy, best / median (ms) | scipy nfev | Fitbench | best (ms) | median (ms) | nfev | speed-up (best) | speed-up (median) | max rel. param diff | cost rel. diff |',
  '|---:|---:|---:|---|---:|---|---:|---:|---:|---:|---:|---:|---:|',
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
