/**
 * The float64 work after a GPU phase, on this machine's CPU (issue 12, "the GPU end to end"):
 * curveFit with a GPU stand-in (test/f32Gpu.ts: the main phase in the GPU's f32 rounding, on the
 * CPU, so its time is not reported), then the float64 finish (src/fit/gpuFinish.ts), the
 * covariance and the statistics. Prints, per problem, the float64 passes after the GPU phase and
 * the best of N of: the finish (its phase's ms), the rest after it (covariance, statistics and
 * diagnostics: curveFit's fitMs less every phase's ms), and the two together. One thread, or a
 * worker pool with --workers N (the CLI's row passes). The GPU's own speed is measured on a GPU
 * machine (bench/gpu-e2e.sh), never here.
 *
 *   npx tsx bench/gpu-finish.ts [--reps 5] [--workers 0] [--rows 1e5,1e6]
 */
import { loadavg } from 'node:os';
import { f32Primary } from '../test/f32Gpu';
import { compileModel } from '../src/model/index';
import { curveFit } from '../src/fit/curveFit';
import { rowPasses, type RowPool } from '../src/fit/parallel/rowParallelEvaluator';
import type { RowPassInput, RowPassOutput } from '../src/fit/parallel/rowPassTypes';
import { createNodePool } from '../src/parallel/node/nodePool';
import type { FitResult } from '../src/fit/types';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const reps = Number(arg('reps', '5'));
const workers = Number(arg('workers', '0'));
const sizes = arg('rows', '1e5,1e6').split(',').map(Number);

function noisy(m: number, x: (i: number) => number, f: (x: number) => number, sd: number, seed: number) {
  let s = seed;
  const u = () => (s = (s * 16807) % 2147483647) / 2147483647;
  const xs = Float64Array.from({ length: m }, (_, i) => x(i));
  return { x: xs, y: xs.map((v) => f(v) + sd * Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u())) };
}

const problems = [
  {
    name: 'gaussian',
    text: 'a*exp(-(x-mu)^2/(2*s^2))+c',
    p0: { a: 2, mu: 0, s: 1, c: 0 },
    rows: (m: number) => noisy(m, (i) => -5 + (10 * i) / (m - 1), (v) => 3 * Math.exp(-((v - 0.5) ** 2) / 2.88) + 0.3, 0.05, 17),
  },
  {
    name: 'decay',
    text: 'a*exp(-x/tau)+c',
    p0: { a: 1, tau: 1, c: 0 },
    rows: (m: number) => noisy(m, (i) => (10 * i) / (m - 1), (v) => 5 * Math.exp(-v / 2.5) + 0.2, 0.02, 5),
  },
];

const pool: RowPool | null = workers > 0 ? createNodePool<RowPassInput, RowPassOutput>({ module: new URL('../src/fit/parallel/rowPassTask.ts', import.meta.url), size: workers }) : null;
const load = loadavg().map((v) => v.toFixed(2)).join(' ');
const lines = [
  `float64 work after a GPU phase (f32 stand-in), ${workers > 0 ? `${workers} row workers` : 'one thread'}, best of ${reps}; load average at start ${load}`,
  '',
  '| model | rows | passes after GPU (normal/dense/cost/values) | finish | finish ms | covariance + statistics ms | float64 after GPU ms |',
  '| --- | --- | --- | --- | --- | --- | --- |',
];
for (const p of problems) {
  const compiled = compileModel(p.text, { columns: ['x'] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const model = compiled.value;
  for (const m of sizes) {
    const { x, y } = p.rows(m);
    const passes = pool ? rowPasses(pool, { source: p.text, variables: ['x'] }) : undefined;
    let best = { finish: Infinity, rest: Infinity, total: Infinity };
    let last: FitResult | null = null;
    for (let r = 0; r < reps; r++) {
      const result = await curveFit({
        model,
        data: { vars: [x], y },
        parameters: Object.entries(p.p0).map(([name, value]) => ({ name, value })),
        primary: f32Primary,
        rowPasses: passes,
      });
      const finish = result.phases.filter((q) => q.backend === 'cpu').reduce((s, q) => s + q.ms, 0);
      const rest = result.fitMs - result.phases.reduce((s, q) => s + q.ms, 0);
      best = { finish: Math.min(best.finish, finish), rest: Math.min(best.rest, rest), total: Math.min(best.total, finish + rest) };
      last = result;
    }
    // (Code from before the count existed has no gpuFinish: its row says so.)
    const g = last!.gpuFinish;
    const counted = g ? `${g.float64Passes} (${g.passes.normal}/${g.passes.dense}/${g.passes.cost}/${g.passes.values})` : 'not counted';
    const path = g ? `${g.path}${g.valuesFused ? ', values fused' : ''}` : last!.phases.map((q) => `${q.role} ${q.nfev}`).join(', ');
    lines.push(`| ${p.name} | ${m.toExponential(0)} | ${counted} | ${path} | ${best.finish.toFixed(1)} | ${best.rest.toFixed(1)} | ${best.total.toFixed(1)} |`);
  }
}
lines.push('', `load average at end ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
console.log(lines.join('\n'));
await pool?.close();
