/**
 * Ingest throughput, side by side in one run: the text ingest (the old CLI path: the file decoded
 * whole, then Papa Parse and the cell typer), the byte ingest (the CLI path now: 4 MiB reads,
 * numbers straight from bytes) and numpy.loadtxt, on generated x,y CSV files of 10⁶ and 10⁷ rows
 * (≈22 bytes a row, in a temporary folder, deleted afterwards). Wall time and CPU time (user + system
 * of the process: on a shared machine the wall clock also counts the time other processes had the
 * core). Then the peak RSS of a whole CLI fit (`/usr/bin/time -v`, model a*x+b) on the largest file.
 *
 * Run: npx tsx bench/ingest.ts [rows…] (default 1e6 1e7). Writes bench/results/ingest.md.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createByteIngest } from '../src/data/byteIngest';
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

function timed(fn: () => Result<Table>, rows: number): Timing {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = fn();
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

function numpy(file: string): Timing {
  const script = `import numpy as np, time, json
c = time.process_time(); t = time.perf_counter()
a = np.loadtxt(${JSON.stringify(file)}, delimiter=',', skiprows=1)
print(json.dumps({'wall': time.perf_counter() - t, 'cpu': time.process_time() - c, 'rows': a.shape[0]}))`;
  return JSON.parse(execFileSync('python3', ['-c', script], { encoding: 'utf8' })) as Timing;
}

const best = (runs: Timing[]): Timing => ({ wall: Math.min(...runs.map((r) => r.wall)), cpu: Math.min(...runs.map((r) => r.cpu)) });
const mbs = (bytes: number, s: number) => (bytes / 1e6 / s).toFixed(1);

const lines: string[] = [];
const load = loadavg()[0]?.toFixed(1);
lines.push(`# Ingest throughput (bench/ingest.ts)`, '');
lines.push(`${new Date().toISOString()}, Node ${process.version}, ${availableParallelism()} cores, load average ${load} at the start.`);
lines.push('MB/s = file bytes / seconds; CPU = user + system time of the process (the wall clock of a shared machine also counts other processes). Best of the runs shown.', '');
lines.push('| rows | MB | text ingest (old) wall / CPU | byte ingest (new) wall / CPU | numpy.loadtxt wall / CPU | new ÷ numpy (CPU) | new ÷ old (CPU) |');
lines.push('|---:|---:|---:|---:|---:|---:|---:|');
let largest = '';
let largestRows = 0;
for (const n of sizes) {
  const file = join(dir, `xy-${n}.csv`);
  generate(file, n);
  const bytes = statSync(file).size;
  const reps = n <= 2e6 ? 3 : 1;
  const neu = best(Array.from({ length: reps + 1 }, () => timed(newPath(file), n)).slice(1)); // first run warms the JIT
  const old = best(Array.from({ length: reps }, () => timed(oldPath(file), n)));
  const np = best(Array.from({ length: reps }, () => numpy(file)));
  const row = `| ${n.toExponential(0)} | ${(bytes / 1e6).toFixed(0)} | ${mbs(bytes, old.wall)} / ${mbs(bytes, old.cpu)} | ${mbs(bytes, neu.wall)} / ${mbs(bytes, neu.cpu)} | ${mbs(bytes, np.wall)} / ${mbs(bytes, np.cpu)} | ${(np.cpu / neu.cpu).toFixed(2)}× | ${(old.cpu / neu.cpu).toFixed(1)}× |`;
  console.log(row);
  lines.push(row);
  if (largest) rmSync(largest);
  largest = file;
  largestRows = n;
}

// Peak memory of a whole CLI fit on the largest file.
const time = spawnSync('/usr/bin/time', ['-v', 'node', join(import.meta.dirname, '..', 'bin', 'fitbench.mjs'), 'fit', largest, '--model', 'a*x+b', '--p0', 'a=1,b=0', '--json'], { encoding: 'utf8', maxBuffer: 1 << 24 });
const peakKiB = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(time.stderr)?.[1] ?? NaN);
const report = JSON.parse(time.stdout || '{}') as { timing?: { parseMs: number; fitMs: number } };
const columns = largestRows * 2 * 8;
const target = 1.5 * columns + 200e6;
lines.push('', `## Peak memory of a whole CLI fit`, '');
lines.push('| rows | float64 columns | target 1.5 × columns + 200 MB | peak RSS (/usr/bin/time -v) | parse / fit wall |');
lines.push('|---:|---:|---:|---:|---:|');
const mem = `| ${largestRows.toExponential(0)} | ${(columns / 1e6).toFixed(0)} MB | ${(target / 1e6).toFixed(0)} MB | ${((peakKiB * 1024) / 1e6).toFixed(0)} MB (${(peakKiB / 1024).toFixed(0)} MiB) | ${((report.timing?.parseMs ?? NaN) / 1000).toFixed(1)} s / ${((report.timing?.fitMs ?? NaN) / 1000).toFixed(1)} s |`;
console.log(mem);
lines.push(mem);
rmSync(dir, { recursive: true, force: true });
writeFileSync(join(import.meta.dirname, 'results', 'ingest.md'), `${lines.join('\n')}\n`);
