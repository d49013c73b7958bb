/**
 * Ingest throughput, side by side in one run: the text ingest (the old CLI path: the file decoded
 * whole, then Papa Parse and the cell typer), the byte ingest on one thread (4 MiB reads, numbers
 * straight from bytes), the byte ingest on two threads (the CLI's parallel parse by byte ranges,
 * src/data/node/parallelRead.ts: this thread and one worker_threads worker, started per parse as the CLI
 * starts it), and numpy.loadtxt from both Pythons on the machine (/usr/bin/python3 and the python3
 * on PATH: their numpy versions differ, and so does their speed), on generated x,y CSV files of 10⁶
 * and 10⁷ rows (≈22 bytes a row, in a temporary folder, deleted afterwards). The runs of each size
 * are interleaved (one of each, then again) so that a load change hits all alike; best of the runs.
 * Wall time and CPU time (user + system of the whole process, every thread: on a shared machine
 * the wall clock also counts the time other processes had the cores). Then the peak RSS of whole
 * CLI fits (`/usr/bin/time -v`, model a*x+b) on the largest file, one and two parse threads.
 *
 * Run: [ROUNDS=n] npx tsx bench/ingest.ts [rows…] (default 1e6 1e7; rounds: 5 up to 2·10⁶ rows, else 3). Writes bench/results/ingest.md, keeping
 * the earlier tables below the new one.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createByteIngest } from '../src/data/byteIngest';
import { readTableParallel } from '../src/data/node/parallelRead';
import { parseDelimitedText } from '../src/data/parseText';
import type { Result, Table } from '../src/data/types';

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
if (sizes.length === 0) sizes.push(1e6, 1e7);
const dir = mkdtempSync(join(tmpdir(), 'fitbench-ingest-'));

/** x on a grid, y = 2.5x + 1 + noise with 10 significant digits: 0.000100,0.9807314339 */
function generate(file: string, n: number): void {
  const fd = openSync(file, 'w');
  let buf = 'x,y\n';
  let seed = 12345;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < n; i++) {
    const x = (i / n) * 100;
    buf += `${x.toFixed(6)},${(2.5 * x + 1 + (rand() - 0.5) * 0.1).toPrecision(10)}\n`;
    if (buf.length > 1 << 20) { writeSync(fd, buf); buf = ''; }
  }
  writeSync(fd, buf);
  closeSync(fd);
}

interface Timing { wall: number; cpu: number }

async function timed(fn: () => Result<Table> | Promise<Result<Table> | null>, rows: number): Promise<Timing> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await fn();
  if (r === null) throw new Error('the parallel parse handed over to one thread');
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  if (!r.ok || r.value.rowCount !== rows) throw new Error(`parse failed: ${r.ok ? r.value.rowCount : r.error.message}`);
  return { wall, cpu: (c.user + c.system) / 1e6 };
}

const oldPath = (file: string) => () => parseDelimitedText(readFileSync(file).toString('utf8'));

function newPath(file: string) {
  return () => {
    const size = statSync(file).size;
    const fd = openSync(file, 'r');
    const buffer = new Uint8Array(4 << 20);
    const ingest = createByteIngest({}, size);
    for (let at = 0, n = readSync(fd, buffer, 0, buffer.length, 0); n > 0; n = readSync(fd, buffer, 0, buffer.length, at)) {
      ingest.push(buffer.subarray(0, n));
      at += n;
    }
    closeSync(fd);
    return ingest.finish();
  };
}

const twoThreads = (file: string) => () => readTableParallel(file, statSync(file).size, 2);

function numpy(python: string, file: string): Timing {
  const script = `import numpy as np, time, json
c = time.process_time(); t = time.perf_counter()
a = np.loadtxt(${JSON.stringify(file)}, delimiter=',', skiprows=1)
print(json.dumps({'wall': time.perf_counter() - t, 'cpu': time.process_time() - c, 'rows': a.shape[0]}))`;
  return JSON.parse(execFileSync(python, ['-c', script], { encoding: 'utf8' })) as Timing;
}

const PYTHONS = ['/usr/bin/python3', 'python3'];
const numpyVersion = (python: string) => execFileSync(python, ['-c', 'import numpy; print(numpy.__version__)'], { encoding: 'utf8' }).trim();

const best = (runs: Timing[]): Timing => ({ wall: Math.min(...runs.map((r) => r.wall)), cpu: Math.min(...runs.map((r) => r.cpu)) });
const mbs = (bytes: number, s: number) => (bytes / 1e6 / s).toFixed(1);

const lines: string[] = [];
const load = loadavg()[0]?.toFixed(1);
const versions = PYTHONS.map((p) => `${p}: numpy ${numpyVersion(p)}`).join(', ');
lines.push(`# Ingest throughput (bench/ingest.ts)`, '');
lines.push(`${new Date().toISOString()}, Node ${process.version}, ${availableParallelism()} cores, load average ${load} at the start (LOAD_END at the end); ${versions}.`);
lines.push('MB/s = file bytes / seconds, wall / CPU; CPU = user + system time of the process, all its threads (on a shared machine the wall clock also counts the time other processes had the cores). Best of the runs shown. Ratios against the faster numpy.', '');
lines.push(`| rows | MB | text ingest (old) | byte ingest, 1 thread | byte ingest, 2 threads | numpy.loadtxt (${PYTHONS[0]}) | numpy.loadtxt (${PYTHONS[1]}) | 1 thread ÷ numpy, wall / CPU | 2 threads ÷ numpy, wall / CPU |`);
lines.push('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
let largest = '';
let largestRows = 0;
for (const n of sizes) {
  const file = join(dir, `xy-${n}.csv`);
  generate(file, n);
  const bytes = statSync(file).size;
  const reps = Number(process.env.ROUNDS) || (n <= 2e6 ? 5 : 3);
  await timed(newPath(file), n); // warms the JIT
  const runs = { one: [] as Timing[], two: [] as Timing[], np: PYTHONS.map(() => [] as Timing[]) };
  for (let r = 0; r < reps; r++) {
    runs.one.push(await timed(newPath(file), n));
    runs.two.push(await timed(twoThreads(file), n));
    PYTHONS.forEach((p, i) => runs.np[i]?.push(numpy(p, file)));
  }
  const old = await timed(oldPath(file), n);
  const [one, two] = [best(runs.one), best(runs.two)];
  const nps = runs.np.map(best);
  const np = nps.reduce((a, b) => (b.wall < a.wall ? { wall: b.wall, cpu: Math.min(a.cpu, b.cpu) } : { wall: a.wall, cpu: Math.min(a.cpu, b.cpu) }));
  const cell = (t: Timing) => `${mbs(bytes, t.wall)} / ${mbs(bytes, t.cpu)}`;
  const ratio = (t: Timing) => `${(np.wall / t.wall).toFixed(2)}× / ${(np.cpu / t.cpu).toFixed(2)}×`;
  const row = `| ${n.toExponential(0)} | ${(bytes / 1e6).toFixed(0)} | ${cell(old)} | ${cell(one)} | ${cell(two)} | ${nps.map(cell).join(' | ')} | ${ratio(one)} | ${ratio(two)} |`;
  console.log(row);
  lines.push(row);
  if (largest) rmSync(largest);
  largest = file;
  largestRows = n;
}
lines[2] = (lines[2] as string).replace('LOAD_END', loadavg()[0]?.toFixed(1) ?? '?');

// Peak memory of whole CLI fits on the largest file: the file parsed on one thread, then on two.
const columns = largestRows * 2 * 8;
const target = 1.5 * columns + 200e6;
lines.push('', `## Peak memory of a whole CLI fit`, '');
lines.push('| rows | parse threads | float64 columns | target 1.5 × columns + 200 MB | peak RSS (/usr/bin/time -v) | parse / fit wall |');
lines.push('|---:|---:|---:|---:|---:|---:|');
for (const workers of ['0', '2']) {
  // --workers 2 would also move the fit's passes to workers: the default (every core) parses on
  // both cores here and keeps the fit's passes in this thread on a 2-core machine (rowWorkers.ts).
  const extra = workers === '0' ? ['--workers', '0'] : [];
  const time = spawnSync('/usr/bin/time', ['-v', 'node', join(import.meta.dirname, '..', 'bin', 'fitbench.mjs'), 'fit', largest, '--model', 'a*x+b', '--p0', 'a=1,b=0', '--json', ...extra], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const peakKiB = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(time.stderr)?.[1] ?? NaN);
  const report = JSON.parse(time.stdout || '{}') as { timing?: { parseMs: number; fitMs: number; parseThreads?: number } };
  const mem = `| ${largestRows.toExponential(0)} | ${report.timing?.parseThreads ?? '?'} | ${(columns / 1e6).toFixed(0)} MB | ${(target / 1e6).toFixed(0)} MB | ${((peakKiB * 1024) / 1e6).toFixed(0)} MB (${(peakKiB / 1024).toFixed(0)} MiB) | ${((report.timing?.parseMs ?? NaN) / 1000).toFixed(1)} s / ${((report.timing?.fitMs ?? NaN) / 1000).toFixed(1)} s |`;
  console.log(mem);
  lines.push(mem);
}
rmSync(dir, { recursive: true, force: true });
const out = join(import.meta.dirname, 'results', 'ingest.md');
// The earlier runs stay below, dated (their first line names the date).
const earlier = existsSync(out) ? readFileSync(out, 'utf8').replace(/^# Ingest throughput \(bench\/ingest\.ts\)\n\n/, '') : '';
const older = earlier.replace(/^## Earlier runs\n\n/m, '').replace(/^## (?!#)/gm, '### ');
writeFileSync(out, `${lines.join('\n')}\n${older ? `\n## Earlier runs\n\n${older}` : ''}`);
