/**
 * NIST StRD side by side: scipy.optimize.least_squares(method='trf') (defaults, and tolerances 1e-15
 * with 3-point differences) against fitbench's defaults, on all 27 problems from both starts.
 * Prints min LRE over the parameters for each, and checks that fitbench's cost is never worse than
 * scipy's by more than 1e-6 relative where scipy succeeds (exit code 1 if it is).
 *
 * Run: npx tsx bench/nist-vs-scipy.ts   (table also written to bench/results/nist-vs-scipy.md)
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { curveFit } from '../src/fit/curveFit';
import { compileModel } from '../src/model';
import { loadNist, lre } from '../test/nist';

interface ScipyFit {
  name: string;
  start: 1 | 2;
  config: 'defaults' | 'tight-3point';
  x: number[];
  cost: number;
  status: number;
  success: boolean;
  nfev: number;
}

const root = join(import.meta.dirname, '..');
const scipy = JSON.parse(
  execFileSync('python3', [join(root, 'bench', 'nist_scipy.py'), join(root, 'fixtures', 'nist', 'nist_strd.json')], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  }),
) as ScipyFit[];

const minLre = (x: number[], cert: number[]) => Math.min(...x.map((v, i) => lre(v, cert[i])));
const lines = [
  '# NIST StRD: fitbench vs scipy.optimize.least_squares(method="trf")',
  '',
  'min LRE over the parameters (digits agreeing with the certified values; ≥ 6 is the bar). scipy uses',
  'finite differences, as `curve_fit` users do: its defaults (tol 1e-8, 2-point), and tol 1e-15 with 3-point.',
  'Cost ratio = fitbench cost / scipy-defaults cost.',
  '',
  '| problem | start | scipy defaults | scipy 1e-15/3-point | fitbench | fitbench nfev | cost ratio | check |',
  '|---|---:|---:|---:|---:|---:|---:|---|',
];
let violations = 0;
const counts = { defaults: 0, tight: 0, fitbench: 0 };
for (const p of loadNist()) {
  const compiled = compileModel(p.model, { columns: Object.keys(p.columns) });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const model = compiled.value;
  for (const start of [1, 2] as const) {
    const x0 = start === 1 ? p.start1 : p.start2;
    const r = await curveFit({
      model,
      data: { vars: model.variables.map((v) => p.columns[v].hi), varsLo: model.variables.map((v) => p.columns[v].lo), y: p.y.hi, yLo: p.y.lo },
      parameters: model.params.map((name) => ({ name, value: x0[p.params.indexOf(name)] })),
    });
    const ours = p.params.map((name) => r.parameters.find((q) => q.name === name)!.value);
    const sd = scipy.find((s) => s.name === p.name && s.start === start && s.config === 'defaults')!;
    const st = scipy.find((s) => s.name === p.name && s.start === start && s.config === 'tight-3point')!;
    const l = { defaults: minLre(sd.x, p.certified.values), tight: minLre(st.x, p.certified.values), ours: minLre(ours, p.certified.values) };
    counts.defaults += l.defaults >= 6 ? 1 : 0;
    counts.tight += l.tight >= 6 ? 1 : 0;
    counts.fitbench += l.ours >= 6 ? 1 : 0;
    const ratio = r.cost / sd.cost;
    const ok = !sd.success || r.cost <= sd.cost * (1 + 1e-6);
    if (!ok) violations++;
    const cell = (v: number, success = true) => `${v.toFixed(1)}${success ? '' : ' (failed)'}`;
    lines.push(
      `| ${p.name} | ${start} | ${cell(l.defaults, sd.success)} | ${cell(l.tight, st.success)} | ${cell(l.ours, r.success)} | ${r.nfev} | ${ratio.toPrecision(8)} | ${ok ? 'ok' : 'WORSE'} |`,
    );
  }
}
const total = loadNist().length * 2;
lines.push(
  '',
  `LRE ≥ 6 on every parameter: scipy defaults ${counts.defaults}/${total}, scipy 1e-15/3-point ${counts.tight}/${total}, fitbench ${counts.fitbench}/${total}.`,
  `Cost check (fitbench ≤ scipy·(1 + 1e-6) where scipy succeeds): ${violations === 0 ? 'passed' : `${violations} violations`}.`,
);
const table = lines.join('\n');
console.log(table);
writeFileSync(join(root, 'bench', 'results', 'nist-vs-scipy.md'), table + '\n');
process.exitCode = violations === 0 ? 0 : 1;
