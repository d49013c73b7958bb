/**
 * What a strict Content-Security-Policy costs: the generated float64 kernels (new Function) against
 * the tape interpreter that replaces them where the policy forbids code generation
 * (src/model/interpretedKernels.ts), side by side in one run: one `normal` pass (JᵀJ, Jᵀf, cost)
 * and a whole curveFit, for a Gaussian + offset and a damped sine, with scipy's tolerance-free
 * defaults of Fitbench. The table goes to stdout and bench/results/kernels-csp.md.
 *
 * Run: npx tsx bench/kernels-csp.ts [rows]
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { curveFit } from '../src/fit/curveFit';
import { compileModel, normalLength } from '../src/model';
import { setCodegen } from '../src/model/kernels';
import { LINEAR_LOSS } from '../src/solver/loss';
import { now } from '../src/solver/clock';
import { timed } from '../e2e/harness/timing';

const rows = Number(process.argv[2]) || 100_000;

interface Case {
  readonly name: string;
  readonly model: string;
  readonly truth: number[];
  readonly start: number[];
  readonly x: (i: number) => number;
}

const CASES: Case[] = [
  { name: 'gaussian (4)', model: 'a*exp(-(x-mu)^2/(2*s^2)) + c', truth: [2.5, 0.3, 0.8, 0.1], start: [2, 0, 1, 0], x: (i) => -5 + (10 * i) / rows },
  { name: 'damped sine (5)', model: 'A*exp(-x/tau)*sin(w*x + phi) + c', truth: [2, 3, 4, 0.5, 0.2], start: [1.5, 2.5, 3.9, 0.4, 0], x: (i) => (10 * i) / rows },
];

async function measure(c: Case, generated: boolean) {
  setCodegen(generated);
  const compiled = compileModel(c.model, { columns: ['x'] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const model = compiled.value;
  const x = Float64Array.from({ length: rows }, (_, i) => c.x(i));
  const clean = new Float64Array(rows);
  model.kernels([]).evaluate(Float64Array.from(c.truth), [x], clean, 0, rows);
  const y = clean.map((v, i) => v + 0.05 * Math.sin(i * 12.9898));
  const kern = model.kernels();
  if (kern.kind !== (generated ? 'generated' : 'interpreted')) throw new Error('wrong kernels');
  const acc = new Float64Array(normalLength(kern.k));
  const p = Float64Array.from(c.start);
  const data = { vars: [x], y, w: null };
  kern.normal(p, data, LINEAR_LOSS, acc, 0, rows); // compile / warm up
  const passMs = await timed(7, () => kern.normal(p, data, LINEAR_LOSS, acc.fill(0), 0, rows));
  const t0 = now();
  const r = await curveFit({ model, data: { vars: [x], y }, parameters: model.params.map((name, i) => ({ name, value: c.start[i] })) });
  const fitMs = now() - t0;
  return { passMs, fitMs, values: r.parameters.map((q) => q.value), nfev: r.nfev };
}

const lines = [
  '# Generated CPU kernels vs the tape interpreter (the strict-CSP fallback)',
  '',
  `Node ${process.version}, one thread, ${rows.toExponential(0)} rows, same process run. "normal pass" is one`,
  'linearization (JᵀJ, Jᵀf, cost; median of 7); "fit" is curveFit end to end with the defaults.',
  '',
  '| model (k) | normal pass, generated ms | normal pass, interpreted ms | ratio | fit, generated ms | fit, interpreted ms | ratio | nfev | max rel. param diff |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
];
for (const c of CASES) {
  const g = await measure(c, true);
  const i = await measure(c, false);
  const diff = Math.max(...g.values.map((v, j) => Math.abs(v - i.values[j]) / Math.abs(v)));
  lines.push(
    `| ${c.name} | ${g.passMs.toFixed(2)} | ${i.passMs.toFixed(2)} | ${(i.passMs / g.passMs).toFixed(1)}× | ${g.fitMs.toFixed(0)} | ${i.fitMs.toFixed(0)} | ${(i.fitMs / g.fitMs).toFixed(1)}× | ${g.nfev} / ${i.nfev} | ${diff.toExponential(1)} |`,
  );
}
setCodegen(null);
lines.push('', 'Ratio = interpreted / generated (how much slower the fallback is).');
const text = lines.join('\n') + '\n';
process.stdout.write(text);
writeFileSync(join(import.meta.dirname, 'results', 'kernels-csp.md'), text);
