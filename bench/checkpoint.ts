/**
 * Checkpoint cost and benefit (issue 12), side by side in one run, in-process (curveFit on the
 * CPU): a Gaussian peak on N rows (default 10⁶) fitted from a poor start without checkpoints, with
 * a checkpoint file written after every iteration (the most often `--checkpoint-every 0` saves),
 * and resumed from the state saved halfway. Prints wall time, the time spent saving and its share,
 * the evaluations, and how far the resumed parameters are from the uninterrupted ones. Medians of
 * 3 runs each, interleaved so machine load hits both alike.
 *
 * Run: npx tsx bench/checkpoint.ts [rows] (default 1e6). Writes bench/results/checkpoint.md.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkpointSubject } from '../src/store/checkpointSubject';
import { checkpointWriter } from '../src/job/node/checkpointFile';
import { curveFit } from '../src/fit/curveFit';
import type { FitResult } from '../src/fit/types';
import { compileModel } from '../src/model';
import type { TrfState } from '../src/solver/trfState';

const rows = Number(process.argv[2] ?? 1e6);
const dir = mkdtempSync(join(tmpdir(), 'fitbench-ckpt-'));
const MODEL = 'a*exp(-((x - mu)/w)^2/2) + c';
const compiled = compileModel(MODEL, { columns: ['x'] });
if (!compiled.ok) throw new Error(compiled.error.message);
const model = compiled.value;
let seed = 7;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const x = Float64Array.from({ length: rows }, (_, i) => (20 * i) / rows);
const y = Float64Array.from(x, (v) => 3 * Math.exp(-(((v - 11) / 1.5) ** 2) / 2) + 0.4 + (rand() - 0.5) * 0.2);
const data = { vars: [x], y };
const parameters = [
  { name: 'a', value: 1 },
  { name: 'mu', value: 9 },
  { name: 'w', value: 4 },
  { name: 'c', value: 0 },
];
const median = (v: number[]) => [...v].sort((p, q) => p - q)[Math.floor(v.length / 2)];

async function plain(): Promise<{ ms: number; r: FitResult; states: TrfState[] }> {
  const states: TrfState[] = [];
  const t0 = performance.now();
  const r = await curveFit({ model, data, parameters, checkpoint: { onState: (s) => void states.push(s) } });
  return { ms: performance.now() - t0, r, states };
}

/** A fit saving after every iteration; the data's fingerprint (once per run) counts as saving. */
async function saving(everyMs: number): Promise<{ ms: number; saveMs: number; saves: number }> {
  const t0 = performance.now();
  const subject = checkpointSubject(MODEL, data, parameters, {});
  const fingerprintMs = performance.now() - t0;
  const writer = checkpointWriter(join(dir, 'fit.ckpt.json'), subject, everyMs);
  await curveFit({ model, data, parameters, checkpoint: { onState: writer.onState } });
  const ms = performance.now() - t0;
  const { saveMs, saves } = writer.report();
  return { ms, saveMs: saveMs + fingerprintMs, saves };
}

async function main() {
  const plainMs: number[] = [];
  const saveRuns: { ms: number; saveMs: number; saves: number }[] = [];
  const defaultRuns: { ms: number; saveMs: number; saves: number }[] = [];
  let whole: { r: FitResult; states: TrfState[] } | null = null;
  await saving(0); // warm the digest and the file system once
  for (let k = 0; k < 3; k++) {
    const p = await plain();
    plainMs.push(p.ms);
    whole = p;
    saveRuns.push(await saving(0));
    defaultRuns.push(await saving(2000));
  }
  const { r, states } = whole!;
  const from = states[Math.floor(states.length / 2)];
  const t0 = performance.now();
  const resumed = await curveFit({ model, data, parameters, checkpoint: { resume: from } });
  const resumeMs = performance.now() - t0;
  const maxRel = Math.max(...r.parameters.map((q, i) => Math.abs(resumed.parameters[i].value - q.value) / Math.abs(q.value)));
  const s = saveRuns.map((v) => v.saveMs);
  const perSave = median(saveRuns.map((v) => v.saveMs / v.saves));
  const lines = [
    `# Checkpoints: cost and resume (bench/checkpoint.ts)`,
    '',
    `${rows.toLocaleString('en-US')} rows, Gaussian + offset from a poor start, CPU, ${availableParallelism()} cores, load ${loadavg()[0].toFixed(1)} at the end; medians of 3 interleaved runs.`,
    '',
    '| run | wall ms | nit | nfev | saves | save ms | save share |',
    '|---|---:|---:|---:|---:|---:|---:|',
    `| no checkpoint | ${median(plainMs).toFixed(0)} | ${r.nit} | ${r.nfev} | 0 | 0 | 0 |`,
    `| checkpoint after every iteration | ${median(saveRuns.map((v) => v.ms)).toFixed(0)} | ${r.nit} | ${r.nfev} | ${saveRuns[0].saves} | ${median(s).toFixed(2)} | ${((100 * median(s)) / median(plainMs)).toFixed(3)} % |`,
    `| checkpoint every 2 s (the default) | ${median(defaultRuns.map((v) => v.ms)).toFixed(0)} | ${r.nit} | ${r.nfev} | ${defaultRuns[0].saves} | ${median(defaultRuns.map((v) => v.saveMs)).toFixed(2)} | ${((100 * median(defaultRuns.map((v) => v.saveMs))) / median(plainMs)).toFixed(3)} % |`,
    `| resumed after iteration ${from.nit} of ${r.nit} | ${resumeMs.toFixed(0)} | ${resumed.nit} | ${resumed.nfev - from.nfev} after resuming | — | — | — |`,
    '',
    `One save: ${perSave.toFixed(3)} ms on average, the data's fingerprint (computed once per run) included. Resumed parameters vs uninterrupted: max relative difference ${maxRel.toExponential(2)}.`,
    '',
  ];
  console.log(lines.join('\n'));
  // The page's section (bench/checkpoint-page.ts) stays as it was.
  const file = new URL('./results/checkpoint.md', import.meta.url);
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const at = before.indexOf('## In the page (bench/checkpoint-page.ts)');
  writeFileSync(file, lines.join('\n') + (at >= 0 ? '\n' + before.slice(at) : ''));
  rmSync(dir, { recursive: true, force: true });
}

void main();
