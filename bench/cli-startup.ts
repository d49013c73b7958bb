/**
 * CLI start-up, side by side in one run (issue 28): `node bin/fitbench.mjs --help` as a clone runs
 * it now (the one-file CLI built from the sources and kept while they are unchanged,
 * scripts/cliBundle.mjs), the same with FITBENCH_TSX=1 (tsx compiles the TypeScript at every start,
 * as every run did before), through `npx fitbench` (npm's own start on top), a small fit through
 * both, and `node -e 0` (Node's own start, the floor). Runs are interleaved (one of each, then
 * again) so that a load change hits all alike; best and median wall time of the rounds.
 *
 * Run: [ROUNDS=n] npx tsx bench/cli-startup.ts (default 15 rounds). Writes bench/results/cli-startup.md,
 * keeping the earlier tables below the new one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const rounds = Number(process.env.ROUNDS ?? 15);
const dir = mkdtempSync(join(tmpdir(), 'fitbench-startup-'));
const data = join(dir, 'decay.csv');
writeFileSync(data, 't,y\n' + Array.from({ length: 50 }, (_, i) => `${i / 5},${(3 * Math.exp(-i / 12) + 0.2 + 0.01 * Math.sin(9 * i)).toFixed(6)}`).join('\n') + '\n');
const bin = join(root, 'bin/fitbench.mjs');
const fitArgs = ['fit', data, '--model', 'A*exp(-t/tau) + c', '--p0', 'A=3,tau=2,c=0', '--json'];

interface Case {
  readonly name: string;
  readonly cmd: string;
  readonly args: readonly string[];
  readonly env?: Record<string, string>;
}
const cases: Case[] = [
  { name: '`node -e 0` (Node alone)', cmd: process.execPath, args: ['-e', '0'] },
  { name: '`node bin/fitbench.mjs --help` (kept bundle)', cmd: process.execPath, args: [bin, '--help'] },
  { name: '`FITBENCH_TSX=1 node bin/fitbench.mjs --help` (tsx, as before)', cmd: process.execPath, args: [bin, '--help'], env: { FITBENCH_TSX: '1' } },
  { name: '`npx fitbench --help` (kept bundle)', cmd: 'npx', args: ['fitbench', '--help'] },
  { name: '`node bin/fitbench.mjs fit` 50 rows (kept bundle)', cmd: process.execPath, args: [bin, ...fitArgs] },
  { name: '`FITBENCH_TSX=1 … fit` 50 rows (tsx, as before)', cmd: process.execPath, args: [bin, ...fitArgs], env: { FITBENCH_TSX: '1' } },
];

function wall(c: Case): number {
  const t0 = performance.now();
  const r = spawnSync(c.cmd, c.args, { cwd: root, env: { ...process.env, ...c.env }, encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${c.name} exited ${r.status}: ${r.stderr}`);
  return ms;
}

// One run first, so that the kept bundle exists (a fresh clone builds it on its first run).
for (const c of cases) wall(c);
const load0 = loadavg()[0];
const times = cases.map(() => [] as number[]);
for (let r = 0; r < rounds; r++) cases.forEach((c, i) => times[i].push(wall(c)));
const load1 = loadavg()[0];
rmSync(dir, { recursive: true, force: true });

const sorted = times.map((t) => [...t].sort((a, b) => a - b));
const best = sorted.map((t) => t[0]);
const median = sorted.map((t) => t[Math.floor(t.length / 2)]);
const tsxHelp = median[2];
const lines = [
  `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} cores, load ${load0.toFixed(2)} → ${load1.toFixed(2)}, ${rounds} rounds`,
  '',
  '| command | best (s) | median (s) | median vs tsx --help |',
  '|---|---:|---:|---:|',
  ...cases.map((c, i) => `| ${c.name} | ${(best[i] / 1000).toFixed(3)} | ${(median[i] / 1000).toFixed(3)} | ${(tsxHelp / median[i]).toFixed(1)}× |`),
  '',
];
const table = lines.join('\n');
console.log(table);
const out = join(root, 'bench/results/cli-startup.md');
const header = '# CLI start-up\n\nWritten by `npx tsx bench/cli-startup.ts` (see its docblock); newest first.\n\n';
const earlier = existsSync(out) ? readFileSync(out, 'utf8').replace(header, '') : '';
writeFileSync(out, header + table + '\n' + earlier);
