/**
 * Where the time of a pooled CPU fit goes (issue 12, "all cores"): the fit of bench/speed-cpu.ts
 * (10⁶ Gaussian rows, Fitbench's defaults) on 2 worker threads, pass by pass, beside the same fit
 * on one thread, in interleaved rounds. For each pass of the pooled fit: its wall time as this
 * thread saw it (post to last answer), each worker's time in the pass (rowPassTask's kernelMs)
 * and how late the first worker started; the rest of the fit (the solver and the statistics, on
 * this thread) is the fit's time less its passes.
 *
 * Then whether the two cores are independent for this kernel: one worker runs a normal pass over
 * all the rows alone, then both run one over all the rows at the same time (each its own pass);
 * equal times mean the second core adds a whole core, so a pass split in two can take half as long.
 *
 * Run: npx tsx bench/pool-passes.ts [rows]   (ROUNDS=n, default 8). Writes bench/results/pool-passes.md
 * (the new run on top, earlier ones kept below).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { curveFit } from '../src/fit/curveFit';
import { rowPasses, rowPassSetup } from '../src/fit/parallel/rowParallelEvaluator';
import type { RowPassInput, RowPassOutput } from '../src/fit/parallel/rowPassTypes';
import type { BoundModel } from '../src/fit/cpuEvaluator';
import { compileModel } from '../src/model';
import { createNodePool } from '../src/parallel/node/nodePool';
import type { WorkerPool } from '../src/parallel/pool';
import { now } from '../src/solver/clock';

const rows = Number(process.argv[2]) || 1e6;
const rounds = Number(process.env.ROUNDS) || 8;
const EXPR = 'a*exp(-(x-mu)^2/(2*s^2)) + c';
const p0: Record<string, number> = { a: 2, mu: 0, s: 1, c: 0 };

/** The rows of speed-cpu.ts's shape (x on [−5, 5], truth (2.5, 0.3, 0.8, 0.1), noise σ 0.05; a seeded LCG and Box–Muller here). */
function gaussianRows(n: number): { x: Float64Array; y: Float64Array } {
  let seed = 7;
  const u = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 || 1e-12;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = -5 + (10 * i) / (n - 1);
    const noise = Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
    y[i] = 2.5 * Math.exp(-((x[i] - 0.3) ** 2) / (2 * 0.8 ** 2)) + 0.1 + 0.05 * noise;
  }
  return { x, y };
}

const compiled = compileModel(EXPR, { columns: ['x'] });
if (!compiled.ok) throw new Error(compiled.error.message);
const model = compiled.value;
const { x, y } = gaussianRows(rows);
const parameters = model.params.map((name) => ({ name, value: p0[name] }));

type Pool = WorkerPool<RowPassInput, RowPassOutput>;
const pool = createNodePool<RowPassInput, RowPassOutput>({ module: new URL('../src/fit/parallel/rowPassTask.ts', import.meta.url), bundledName: 'rowPassTask', size: 2 });
pool.warm();

interface PassRecord { kind: string; wallMs: number; workerMs: number[]; lateMs: number }
let record: PassRecord[] | null = null;
const mapped: Pool['map'] = pool.map.bind(pool);
(pool as { map: Pool['map'] }).map = async (inputs, options) => {
  const posted = performance.timeOrigin + performance.now();
  const t0 = now();
  const statuses = await mapped(inputs, options);
  const outputs = statuses.flatMap((s) => (s.ok ? [s.value] : []));
  record?.push({
    kind: inputs[0].pass + (inputs[0].out ? ' (+ values)' : ''),
    wallMs: now() - t0,
    workerMs: outputs.map((o) => o.kernelMs ?? NaN),
    lateMs: Math.min(...outputs.map((o) => o.startedAt ?? NaN)) - posted,
  });
  return statuses;
};
const passes = rowPasses(pool, model);

async function fit(pooled: boolean): Promise<{ ms: number; passes: PassRecord[] }> {
  record = pooled ? [] : null;
  const t0 = now();
  const result = await curveFit({ model, data: { vars: [x], y }, parameters, options: {}, rowPasses: pooled ? passes : undefined });
  const ms = now() - t0;
  if (result.nfev !== 6) throw new Error(`nfev ${result.nfev}, expected 6 (speed-cpu.ts's fit)`);
  const out = { ms, passes: record ?? [] };
  record = null;
  return out;
}

const loadStart = loadavg()[0].toFixed(2);
await fit(false);
await fit(true);
const serial: number[] = [];
const pooled: { ms: number; passes: PassRecord[] }[] = [];
for (let r = 0; r < rounds; r++) {
  serial.push((await fit(false)).ms);
  pooled.push(await fit(true));
}

// Independence of the cores: one worker alone, then both at once, each a normal pass over all rows.
const free = model.params.map((_, i) => i);
const bound: BoundModel = { kernels: model.kernels(free), data: { vars: [x], y, w: null }, rows, base: Float64Array.from(model.params.map((n) => p0[n])), free, loss: { name: 'linear', fScale: 1 } };
const setup = rowPassSetup(bound, { source: model.source, variables: model.variables });
const chunks = Math.ceil(rows / setup.chunkRows);
const whole: RowPassInput = { setup, pass: 'normal', p: Float64Array.from(model.params.map((n) => p0[n])), chunkStart: 0, chunkEnd: chunks };
const alone: number[] = [];
const together: number[] = [];
await mapped([whole, whole]);
for (let r = 0; r < rounds; r++) {
  for (const s of await mapped([whole])) if (s.ok) alone.push(s.value.kernelMs ?? NaN);
  for (const s of await mapped([whole, whole])) if (s.ok) together.push(s.value.kernelMs ?? NaN);
}
pool.close();

const best = (v: number[]) => Math.min(...v);
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const f1 = (v: number) => v.toFixed(1);
const bestPooled = pooled.reduce((a, b) => (b.ms < a.ms ? b : a));
const passSum = (p: PassRecord[]) => p.reduce((s, q) => s + q.wallMs, 0);

const lines = [
  `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  '',
  `Model \`${EXPR}\`, ${rows.toExponential(0)} rows, Fitbench's defaults (nfev 6), Node ${process.version}; load average ${loadStart} at the start, ${loadavg()[0].toFixed(2)} at the end. ${rounds} interleaved rounds after one warm-up fit of each.`,
  '',
  '| fit | best (ms) | median (ms) |',
  '|---|---:|---:|',
  `| one thread | ${f1(best(serial))} | ${f1(median(serial))} |`,
  `| 2 worker threads | ${f1(best(pooled.map((p) => p.ms)))} | ${f1(median(pooled.map((p) => p.ms)))} |`,
  '',
  `The best pooled fit, pass by pass (${f1(bestPooled.ms)} ms in all; its passes ${f1(passSum(bestPooled.passes))} ms, the rest, on this thread: ${f1(bestPooled.ms - passSum(bestPooled.passes))} ms):`,
  '',
  '| pass | wall (ms) | each worker in it (ms) | first worker started after (ms) |',
  '|---|---:|---|---:|',
  ...bestPooled.passes.map((p) => `| ${p.kind} | ${f1(p.wallMs)} | ${p.workerMs.map(f1).join(' / ')} | ${f1(p.lateMs)} |`),
  '',
  `A normal pass over all ${rows.toExponential(0)} rows in a worker: alone ${f1(best(alone))} / ${f1(median(alone))} ms, with the other worker running the same pass at the same time ${f1(best(together))} / ${f1(median(together))} ms (best / median; ratio of medians ${(median(together) / median(alone)).toFixed(2)}).`,
  '',
];
const text = lines.join('\n');
console.log(text);
const file = join(import.meta.dirname, 'results', 'pool-passes.md');
const title = '# Where a pooled CPU fit spends its time (bench/pool-passes.ts)\n\n';
const earlier = existsSync(file) ? readFileSync(file, 'utf8').replace(title, '') : '';
writeFileSync(file, title + text + '\n' + earlier);
