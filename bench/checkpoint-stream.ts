/**
 * Checkpoint cost of a streamed CLI fit (issue 12): the same `fitbench fit --memory-limit 16M`
 * of an x,y,σ CSV, side by side without checkpoints, saving after every iteration
 * (`--checkpoint-every 0`, the most often it saves) and resumed from a fit stopped by
 * `--max-nfev 3`. The CLI's own numbers: parse and fit time, saves and the time spent in them
 * (JSON `checkpoint.saveMs`); the save share is that time over the median fit without checkpoints.
 * The data fingerprint is taken while the ingest stores the pieces, not in the saves; its cost is
 * timed apart, in this process, over columns of the same size (store/cellDigest.ts).
 * Medians of 3 runs each, interleaved so machine load hits all alike.
 *
 * Data: x on a grid over [0, 100), σ in [0.01, 0.02), y = 3·exp(−x/20) + 0.5 + N(0, σ²); model
 * a*exp(-x/tau) + c from a=2.5, tau=15, c=0.4.
 *
 * Run: npx tsx bench/checkpoint-stream.ts [rows] (default 1e6). Adds or replaces its section of
 * bench/results/checkpoint.md.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cellDigest } from '../src/store/cellDigest';

const rows = Number(process.argv[2] ?? 1e6);
const LIMIT = '16M';
const SECTION = '## Streamed CLI fits (bench/checkpoint-stream.ts)';
const dir = mkdtempSync(join(tmpdir(), 'fitbench-ckpt-stream-'));
const csv = join(dir, 'data.csv');
const ckpt = join(dir, 'fit.ckpt.json');

let seed = 4242;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const gauss = () => Math.sqrt(-2 * Math.log(Math.max(rand(), 1e-300))) * Math.cos(2 * Math.PI * rand());
const fd = openSync(csv, 'w');
let buf = 'x,y,s\n';
for (let i = 0; i < rows; i++) {
  const x = (i / rows) * 100;
  const s = 0.01 + 0.01 * rand();
  buf += `${x.toFixed(6)},${(3 * Math.exp(-x / 20) + 0.5 + s * gauss()).toPrecision(10)},${s.toPrecision(6)}\n`;
  if (buf.length > 1 << 20) { writeSync(fd, buf); buf = ''; }
}
writeSync(fd, buf);
closeSync(fd);

interface Run { wall: number; json: Record<string, any> }
function fit(...extra: string[]): Run {
  const cli = ['bin/fitbench.mjs', 'fit', csv, '--model', 'a*exp(-x/tau) + c', '--p0', 'a=2.5,tau=15,c=0.4', '--sigma', 's', '--json', '--memory-limit', LIMIT, ...extra];
  const t0 = performance.now();
  const r = spawnSync(process.execPath, cli, { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0 && r.status !== 1) throw new Error(`fitbench failed (${r.status}): ${r.stderr.slice(-2000)}`);
  return { wall: performance.now() - t0, json: JSON.parse(r.stdout) };
}
const median = (v: number[]) => [...v].sort((p, q) => p - q)[Math.floor(v.length / 2)];

const plain: Run[] = [];
const saving: Run[] = [];
const resumed: Run[] = [];
let stopped: Run | null = null;
for (let k = 0; k < 3; k++) {
  plain.push(fit());
  rmSync(ckpt, { force: true });
  saving.push(fit('--checkpoint', ckpt, '--checkpoint-every', '0'));
  rmSync(ckpt, { force: true });
  stopped = fit('--checkpoint', ckpt, '--checkpoint-every', '0', '--max-nfev', '3');
  resumed.push(fit('--checkpoint', ckpt, '--resume'));
}
if (plain[0].json.memory.mode !== 'stream') throw new Error(`${rows} rows were not streamed under --memory-limit ${LIMIT}.`);

// The fingerprint's cost: the three columns of the same size digested whole (the ingest does it a piece at a time).
const columns = [0, 1, 2].map(() => Float64Array.from({ length: rows }, () => rand()));
const digestMs: number[] = [];
for (let k = 0; k < 3; k++) {
  const t0 = performance.now();
  cellDigest(columns);
  digestMs.push(performance.now() - t0);
}

const p = plain[0].json;
const fitMs = median(plain.map((r) => r.json.timing.fitMs));
const parseMs = median(plain.map((r) => r.json.timing.parseMs));
const saveMs = median(saving.map((r) => r.json.checkpoint.saveMs));
const r0 = resumed[0].json;
const maxRel = Math.max(...Object.keys(p.params).map((name) => Math.abs(r0.params[name] - p.params[name]) / Math.abs(p.params[name])));
const row = (name: string, runs: Run[], saves: string, save: string, share: string, nfev: string) =>
  `| ${name} | ${median(runs.map((r) => r.wall)).toFixed(0)} | ${median(runs.map((r) => r.json.timing.parseMs)).toFixed(0)} | ${median(runs.map((r) => r.json.timing.fitMs)).toFixed(0)} | ${runs[0].json.nit} | ${nfev} | ${saves} | ${save} | ${share} |`;
const lines = [
  SECTION,
  '',
  `${rows.toLocaleString('en-US')} rows (x, y, σ), a*exp(-x/tau) + c, \`fitbench fit --memory-limit ${LIMIT}\`: ${p.memory.chunks} chunks of ${p.memory.chunkRows.toLocaleString('en-US')} rows, ${p.memory.passes} passes; ${availableParallelism()} cores, load ${loadavg()[0].toFixed(1)} at the end; medians of 3 interleaved runs. parse / fit ms as the CLI reports them; save share: save ms over the median fit ms without checkpoints (${fitMs.toFixed(0)} ms).`,
  '',
  '| run | wall ms | parse ms | fit ms | nit | nfev | saves | save ms | save share |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  row('streamed, no checkpoint', plain, '0', '0', '0', String(p.nfev)),
  row('streamed, checkpoint after every iteration', saving, String(saving[0].json.checkpoint.saves), saveMs.toFixed(2), `${((100 * saveMs) / fitMs).toFixed(3)} %`, String(saving[0].json.nfev)),
  row(`streamed, resumed after iteration ${stopped!.json.nit} (--max-nfev 3)`, resumed, '—', '—', '—', `${r0.nfev - r0.checkpoint.resumed.nfev} after resuming`),
  '',
  `The fingerprint, taken during the ingest (not in the saves): ${median(digestMs).toFixed(1)} ms for ${rows.toLocaleString('en-US')} rows × 3 columns here, against a parse of ${parseMs.toFixed(0)} ms. Resumed parameters vs uninterrupted: max relative difference ${maxRel.toExponential(2)}.`,
  '',
];
console.log(lines.join('\n'));
const file = new URL('./results/checkpoint.md', import.meta.url);
const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
const at = before.indexOf(SECTION);
const next = at >= 0 ? before.indexOf('\n## ', at + 1) : -1;
const head = at >= 0 ? before.slice(0, at) : before.trimEnd() + '\n\n';
writeFileSync(file, head + lines.join('\n') + (next >= 0 ? before.slice(next + 1) : ''));
rmSync(dir, { recursive: true, force: true });
