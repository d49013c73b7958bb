/**
 * CPU fit time against scipy.optimize.curve_fit(method='trf', default 2-point Jacobian) on a
 * Gaussian plus offset with 1e4, 1e5 and 1e6 points from the same start. Both run on this machine
 * in one invocation; the table goes to stdout and bench/results/speed-cpu.md.
 *
 * Run: npx tsx bench/speed-cpu.ts [sizes…]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { curveFit } from '../src/fit/curveFit';
import type { FitOptions } from '../src/fit/defaults';
import { compileModel } from '../src/model';
import { now } from '../src/solver/clock';

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
if (sizes.length === 0) sizes.push(1e4, 1e5, 1e6);
const dir = mkdtempSync(join(tmpdir(), 'fitbench-bench-'));

interface ScipyRow {
  n: number;
  seconds: number;
  params: number[];
  nfev: number;
  cost: number;
}
const scipy = JSON.parse(
  execFileSync('python3', [join(import.meta.dirname, 'gaussian_scipy.py'), dir, ...sizes.map(String)], { encoding: 'utf8', maxBuffer: 1 << 26 }),
) as ScipyRow[];

const compiled = compileModel('a*exp(-(x-mu)^2/(2*s^2)) + c', { columns: ['x'] });
if (!compiled.ok) throw new Error(compiled.error.message);
const model = compiled.value;
const p0 = { a: 2, mu: 0, s: 1, c: 0 };

const readF64 = (path: string) => {
  const b = readFileSync(path);
  return new Float64Array(b.buffer, b.byteOffset, b.byteLength / 8).slice();
};

async function timeFit(x: Float64Array, y: Float64Array, options: FitOptions) {
  let best = Infinity;
  let result: Awaited<ReturnType<typeof curveFit>> | null = null;
  const repeats = x.length <= 1e5 ? 5 : 3;
  for (let r = 0; r < repeats; r++) {
    const t0 = now();
    result = await curveFit({ model, data: { vars: [x], y }, parameters: model.params.map((name) => ({ name, value: p0[name as keyof typeof p0] })), options });
    best = Math.min(best, now() - t0);
  }
  return { ms: best, result: result! };
}

const variants: { label: string; options: FitOptions }[] = [
  { label: 'fitbench defaults (tol 1e-15, x_scale jac, auto)', options: {} },
  { label: 'fitbench with scipy settings (tol 1e-8, x_scale 1)', options: { ftol: 1e-8, xtol: 1e-8, gtol: 1e-8, xScale: 1 } },
];

const lines = [
  '# CPU fit time: fitbench vs scipy.optimize.curve_fit',
  '',
  `Model \`a*exp(-(x-mu)^2/(2*s^2)) + c\`, start (2, 0, 1, 0), truth (2.5, 0.3, 0.8, 0.1), noise σ = 0.05.`,
  `scipy ${execFileSync('python3', ['-c', 'import scipy; print(scipy.__version__)'], { encoding: 'utf8' }).trim()} curve_fit(method='trf') with its default 2-point Jacobian; fitbench in Node ${process.version}, analytic derivatives, one thread. Best of several runs each, same machine, same process run.`,
  '',
  '| points | scipy (ms) | scipy nfev | fitbench variant | fitbench (ms) | nfev | method | speed-up | max rel. param diff | cost rel. diff |',
  '|---:|---:|---:|---|---:|---:|---|---:|---:|---:|',
];
for (const row of scipy) {
  const x = readF64(join(dir, `gauss-${row.n}.x.f64`));
  const y = readF64(join(dir, `gauss-${row.n}.y.f64`));
  for (const v of variants) {
    const { ms, result } = await timeFit(x, y, v.options);
    const diff = Math.max(...result.parameters.map((p, i) => Math.abs(p.value - row.params[i]) / Math.abs(row.params[i])));
    const costDiff = (result.cost - row.cost) / row.cost;
    const method = result.phases.map((p) => `${p.role}:${p.linearization}`).join('+');
    lines.push(
      `| ${row.n.toExponential(0)} | ${(row.seconds * 1000).toFixed(1)} | ${row.nfev} | ${v.label} | ${ms.toFixed(1)} | ${result.nfev} | ${method} | ${((row.seconds * 1000) / ms).toFixed(1)}× | ${diff.toExponential(1)} | ${costDiff.toExponential(1)} |`,
    );
  }
}
lines.push('', 'Speed-up = scipy time / fitbench time (higher is better). Target: ≥ 3× at 1e6 points.');
const table = lines.join('\n');
console.log(table);
writeFileSync(join(import.meta.dirname, 'results', 'speed-cpu.md'), table + '\n');
rmSync(dir, { recursive: true, force: true });
