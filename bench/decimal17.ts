/**
 * 17-digit files (Python's repr, R's write.csv(digits = 17), numpy.savetxt('%.17g')): the byte
 * ingest with the 16–19 digit fast path (src/data/exactDecimal19.ts) and without it (every field
 * made into a string for Number(), FITBENCH_NO_FAST19=1), side by side, with an 8-digit file of
 * the same values for scale and numpy.loadtxt (/usr/bin/python3) on each. Each run is its own
 * process (the switch is read when the module loads); runs are interleaved, best of REPS shown.
 * Wall and CPU time of the parse alone (the process start is not counted).
 *
 * Run: npx tsx bench/decimal17.ts [rows] (default 1e6). Prints a markdown table; the notes and the
 * section in bench/results/ingest.md are written by hand from its output.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

interface Timing { wall: number; cpu: number }

async function child(file: string, rows: number): Promise<void> {
  const { createByteIngest } = await import('../src/data/byteIngest');
  const parse = () => {
    const fd = openSync(file, 'r');
    const buffer = new Uint8Array(4 << 20);
    const ingest = createByteIngest({}, statSync(file).size);
    for (let at = 0, n = readSync(fd, buffer, 0, buffer.length, 0); n > 0; n = readSync(fd, buffer, 0, buffer.length, at)) {
      ingest.push(buffer.subarray(0, n));
      at += n;
    }
    closeSync(fd);
    return ingest.finish();
  };
  parse(); // warms the JIT
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = parse();
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  if (!r.ok || r.value.rowCount !== rows) throw new Error('parse failed');
  console.log(JSON.stringify({ wall, cpu: (c.user + c.system) / 1e6 }));
}

/** x on a grid, y = 2.5x + 1 + noise, both written with `digits` significant digits (%.{digits}g). */
function generate(file: string, n: number, digits: number): void {
  const fd = openSync(file, 'w');
  let buf = 'x,y\n';
  let seed = 12345;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < n; i++) {
    const x = (i / n) * 100 + rand() * 1e-3;
    buf += `${x.toPrecision(digits)},${(2.5 * x + 1 + (rand() - 0.5) * 0.1).toPrecision(digits)}\n`;
    if (buf.length > 1 << 20) { writeSync(fd, buf); buf = ''; }
  }
  writeSync(fd, buf);
  closeSync(fd);
}

function run(file: string, rows: number, fast: boolean): Timing {
  const env = { ...process.env, FITBENCH_NO_FAST19: fast ? '' : '1' };
  return JSON.parse(execFileSync('npx', ['tsx', import.meta.filename, '--child', file, String(rows)], { encoding: 'utf8', env })) as Timing;
}

function numpy(file: string): Timing {
  const script = `import numpy as np, time, json
c = time.process_time(); t = time.perf_counter()
a = np.loadtxt(${JSON.stringify(file)}, delimiter=',', skiprows=1)
print(json.dumps({'wall': time.perf_counter() - t, 'cpu': time.process_time() - c}))`;
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', script], { encoding: 'utf8' })) as Timing;
}

const best = (runs: Timing[]): Timing => ({ wall: Math.min(...runs.map((r) => r.wall)), cpu: Math.min(...runs.map((r) => r.cpu)) });
const cell = (t: Timing) => `${t.wall.toFixed(2)} / ${t.cpu.toFixed(2)}`;

if (process.argv[2] === '--child') {
  await child(process.argv[3] as string, Number(process.argv[4]));
} else {
  const rows = Number(process.argv[2] ?? 1e6);
  const REPS = 5;
  const dir = mkdtempSync(join(tmpdir(), 'fitbench-decimal17-'));
  console.log(`${new Date().toISOString()}, Node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)} at the start.`);
  console.log('Seconds, wall / CPU, best of the runs; one parse thread.\n');
  console.log('| file | rows | MB | byte ingest, 16–19 digit fast path | without it (Number(text)) | numpy.loadtxt (/usr/bin/python3) | speed-up: without ÷ with, wall / CPU | numpy time ÷ ours, wall / CPU |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const digits of [17, 8]) {
    const file = join(dir, `xy${digits}.csv`);
    generate(file, rows, digits);
    const runs = { fast: [] as Timing[], slow: [] as Timing[], np: [] as Timing[] };
    for (let r = 0; r < REPS; r++) {
      runs.fast.push(run(file, rows, true));
      runs.slow.push(run(file, rows, false));
      runs.np.push(numpy(file));
    }
    const [fast, slow, np] = [best(runs.fast), best(runs.slow), best(runs.np)];
    const speedup = (a: Timing, b: Timing) => `${(b.wall / a.wall).toFixed(2)}× / ${(b.cpu / a.cpu).toFixed(2)}×`;
    console.log(`| ${digits} digits | ${rows.toExponential(0)} | ${(statSync(file).size / 1e6).toFixed(1)} | ${cell(fast)} | ${cell(slow)} | ${cell(np)} | ${speedup(fast, slow)} | ${speedup(fast, np)} |`);
  }
  console.log(`\nload average ${loadavg()[0]?.toFixed(1)} at the end.`);
  rmSync(dir, { recursive: true });
}
