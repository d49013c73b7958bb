/**
 * Streaming past memory (issue 12): the same CLI fit of a large CSV held in memory and streamed
 * from a temporary file under --memory-limit, side by side: peak RSS (`/usr/bin/time -v`), wall
 * time (parse and fit as the CLI reports them), the chunks and passes, and the largest relative
 * difference of the parameters, their standard errors and χ² from the in-memory fit.
 *
 * The data: x on a grid over [0, 100), y = 3·exp(−x/20) + 0.5 + N(0, 0.05²) written with 10
 * significant digits (≈ 23 bytes a row), model a*exp(-x/tau) + c from a=2.5, tau=15, c=0.4. The
 * files go to a temporary folder and are deleted afterwards (3·10⁷ rows ≈ 700 MB).
 *
 * Run: npx tsx bench/streaming.ts [rows…] [--limit 256M] (default 1e7 3e7). Writes bench/results/streaming.md.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const limitAt = args.indexOf('--limit');
const limit = limitAt >= 0 ? args[limitAt + 1] : '256M';
const sizes = args.filter((_, i) => i !== limitAt && i !== limitAt + 1).map(Number).filter(Boolean);
if (sizes.length === 0) sizes.push(1e7, 3e7);
const dir = mkdtempSync(join(tmpdir(), 'fitbench-streaming-'));

function generate(file: string, n: number): void {
  const fd = openSync(file, 'w');
  let buf = 'x,y\n';
  let seed = 12345;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  // Box–Muller from the LCG: noise N(0, 0.05²).
  const gauss = () => Math.sqrt(-2 * Math.log(Math.max(rand(), 1e-300))) * Math.cos(2 * Math.PI * rand());
  for (let i = 0; i < n; i++) {
    const x = (i / n) * 100;
    buf += `${x.toFixed(6)},${(3 * Math.exp(-x / 20) + 0.5 + 0.05 * gauss()).toPrecision(10)}\n`;
    if (buf.length > 1 << 20) { writeSync(fd, buf); buf = ''; }
  }
  writeSync(fd, buf);
  closeSync(fd);
}

interface Run {
  mode: string;
  limit: string;
  rssMiB: number;
  wall: number;
  /** user + system seconds of the command (less sensitive than the wall clock to a shared machine's load). */
  cpu: number;
  parse: number;
  fit: number;
  json: Record<string, any>;
}

function fit(file: string, memoryLimit: string | null): Run {
  const cli = ['bin/fitbench.mjs', 'fit', file, '--model', 'a*exp(-x/tau) + c', '--p0', 'a=2.5,tau=15,c=0.4', '--json', ...(memoryLimit ? ['--memory-limit', memoryLimit] : [])];
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-v', process.execPath, ...cli], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const wall = (performance.now() - t0) / 1000;
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr);
  if (r.status !== 0 || !rss) throw new Error(`fitbench failed (${r.status}): ${r.stderr.slice(-2000)}`);
  const json = JSON.parse(r.stdout);
  const seconds = (what: string) => Number(new RegExp(`${what} time \\(seconds\\): ([\\d.]+)`).exec(r.stderr)?.[1] ?? NaN);
  return { mode: json.memory.mode, limit: memoryLimit ?? 'default', rssMiB: Number(rss[1]) / 1024, wall, cpu: seconds('User') + seconds('System'), parse: json.timing.parseMs / 1000, fit: json.timing.fitMs / 1000, json };
}

/** max |a − b|/|b| over the entries of two name → number records (0 when equal, Infinity when one is null). */
function maxRel(a: Record<string, number | null>, b: Record<string, number | null>): number {
  let worst = 0;
  for (const key of Object.keys(b)) {
    const x = a[key];
    const y = b[key];
    if (x === y) continue;
    if (x === null || y === null) return Infinity;
    worst = Math.max(worst, Math.abs(x - y) / Math.abs(y));
  }
  return worst;
}

const rows: string[] = [];
const started = new Date().toISOString();
const load = loadavg()[0].toFixed(1);
try {
  for (const n of sizes) {
    const file = join(dir, `rows-${n}.csv`);
    generate(file, n);
    const mb = statSync(file).size / 1e6;
    const memory = fit(file, null);
    const streamed = fit(file, limit);
    const same = (run: Run) => {
      const j = run.json;
      const m = memory.json;
      return Math.max(maxRel(j.params, m.params), maxRel(j.stderr, m.stderr), maxRel({ chi2: j.chi2 }, { chi2: m.chi2 }));
    };
    for (const run of [memory, streamed]) {
      const mem = run.json.memory;
      const chunks = mem.mode === 'stream' ? `${mem.chunks} × ${mem.chunkRows}` : '—';
      const diff = run === memory ? '(reference)' : same(run) === 0 ? '0 (bit-equal)' : same(run).toExponential(1);
      rows.push(`| ${n.toExponential(0)} | ${mb.toFixed(0)} | ${run.mode} | ${run.limit} | ${run.rssMiB.toFixed(0)} | ${run.wall.toFixed(1)} | ${run.cpu.toFixed(1)} | ${run.parse.toFixed(1)} / ${run.fit.toFixed(1)} | ${chunks} | ${mem.passes || '—'} | ${run.json.nfev} | ${diff} |`);
      console.log(rows[rows.length - 1]);
    }
    rmSync(file);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const table = [
  '# Streaming past memory (bench/streaming.ts)',
  '',
  `${started}, Node ${process.version}, ${availableParallelism()} cores, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, load average ${load} at the start.`,
  'The CLI fit of a*exp(-x/tau) + c on x,y CSV files (model and data in the script), once in memory (default --memory-limit: half',
  `of the machine's memory) and once with --memory-limit ${limit}, which streams the columns from a temporary file chunk by chunk.`,
  'Peak RSS from /usr/bin/time -v (MiB); wall: the whole command; CPU: its user + system time (the wall clock of a shared machine',
  'also counts other processes); parse / fit as the CLI reports them (s, wall). Difference: the largest',
  'relative difference of the parameters, their standard errors and χ² from the in-memory fit.',
  '',
  '| rows | MB | mode | --memory-limit | peak RSS MiB | wall s | CPU s | parse / fit s | chunks × rows | passes | nfev | max rel. difference |',
  '|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows,
  '',
];
writeFileSync('bench/results/streaming.md', table.join('\n'));
console.log(table.join('\n'));
