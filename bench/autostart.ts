/**
 * Automatic starts on random models of the library's families (decays, peaks, sigmoids,
 * oscillations, rational, saturation) with random true parameters and 1% noise: success rate and
 * time of autoStart (no start values) against scipy.optimize.least_squares from all-ones starts and
 * from its own best of N random starts (N = the number of fits autoStart refines, 4, and 16).
 * Success: the cost reaches the cost at the true parameters (≤ truth·(1 + 1e-6)). Times are per
 * case, measured in one run on this machine.
 *
 * Run: npx tsx bench/autostart.ts [casesPerFamily]   (table also written to bench/results/autostart.md)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileModel } from '../src/model';
import { autoStart } from '../src/start';
import { rng } from '../test/random';

const normal = (r: () => number) => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());

const families: { name: string; text: string; py: string; draw: (r: () => number) => number[] }[] = [
  { name: 'decay', text: 'A*exp(-k*x) + c', py: 'p[0]*exp(-p[1]*x) + p[2]', draw: (r) => [(1 + 4 * r()) * (r() < 0.5 ? -1 : 1), 0.2 + 1.8 * r(), 2 * r() - 1] },
  { name: 'bi-exponential', text: 'A1*exp(-k1*x) + A2*exp(-k2*x)', py: 'p[0]*exp(-p[1]*x) + p[2]*exp(-p[3]*x)', draw: (r) => { const k1 = 0.1 + 0.4 * r(); return [1 + 3 * r(), k1, 1 + 3 * r(), k1 * (3 + 3 * r())]; } },
  { name: 'gaussian', text: 'A*exp(-(x - x0)^2/(2*s^2)) + c', py: 'p[0]*exp(-(x - p[1])**2/(2*p[2]**2)) + p[3]', draw: (r) => [1 + 4 * r(), 2 + 6 * r(), 0.3 + 1.2 * r(), r() - 0.5] },
  { name: 'lorentzian', text: 'A/(1 + ((x - x0)/g)^2) + c', py: 'p[0]/(1 + ((x - p[1])/p[2])**2) + p[3]', draw: (r) => [1 + 4 * r(), 2 + 6 * r(), 0.3 + 1.2 * r(), r() - 0.5] },
  { name: 'logistic', text: 'A/(1 + exp(-(x - x0)/s)) + c', py: 'p[0]/(1 + exp(-(x - p[1])/p[2])) + p[3]', draw: (r) => [1 + 4 * r(), 2 + 6 * r(), 0.2 + 1.3 * r(), r() - 0.5] },
  { name: 'damped sine', text: 'A*exp(-k*x)*sin(w*x + phi)', py: 'p[0]*exp(-p[1]*x)*sin(p[2]*x + p[3])', draw: (r) => [1 + 3 * r(), 0.05 + 0.3 * r(), 0.5 + 3.5 * r(), 2 * Math.PI * r() - Math.PI] },
  { name: 'rational', text: '(a + b*x)/(1 + c*x)', py: '(p[0] + p[1]*x)/(1 + p[2]*x)', draw: (r) => [2 * r() - 1, 1 + 3 * r(), 0.1 + 0.9 * r()] },
  { name: 'saturation', text: 'Vm*x/(K + x)', py: 'p[0]*x/(p[1] + x)', draw: (r) => [1 + 9 * r(), 0.2 + 4 * r()] },
];

const perFamily = Number(process.argv[2] ?? 10);
const r = rng(20261124);
const x = Float64Array.from({ length: 80 }, (_, i) => (10 * i) / 79);
interface Case { family: string; params: string[]; py: string; x: number[]; y: number[]; truthCost: number; autoCost: number; autoMs: number }
const cases: Case[] = [];
for (const f of families) {
  const c = compileModel(f.text, { columns: ['x'] });
  if (!c.ok) throw new Error(c.error.message);
  const model = c.value;
  for (let i = 0; i < perFamily; i++) {
    const truth = Float64Array.from(f.draw(r));
    const noise = 0.01 * Math.max(...Array.from(truth, Math.abs));
    const y = new Float64Array(x.length);
    model.kernels([]).evaluate(truth, [x], y, 0, x.length);
    let truthCost = 0;
    for (let j = 0; j < y.length; j++) {
      const e = noise * normal(r);
      y[j] += e;
      truthCost += 0.5 * e * e;
    }
    const t0 = performance.now();
    const fit = await autoStart(model, { vars: [x], y }, []);
    cases.push({ family: f.name, params: [...model.params], py: f.py, x: Array.from(x), y: Array.from(y), truthCost, autoCost: fit.fit.cost, autoMs: performance.now() - t0 });
  }
}
const dir = mkdtempSync(join(tmpdir(), 'autostart-bench-'));
writeFileSync(join(dir, 'cases.json'), JSON.stringify(cases));
const script = join(import.meta.dirname, 'autostart_scipy.py');
const run = (n: number) => JSON.parse(execFileSync('python3', [script, join(dir, 'cases.json'), String(n)], { encoding: 'utf8', maxBuffer: 1 << 26 })) as { ones: number; onesMs: number; random: number; randomMs: number }[];
const sp4 = run(4);
const sp16 = run(16);

const ok = (cost: number, truth: number) => cost <= truth * (1 + 1e-6);
const lines = [
  `autoStart (no start values, 256 candidates, 4 refined) vs scipy.optimize.least_squares (trf, defaults), ${perFamily} random cases per family, 80 points, 1% noise; Node ${process.version}.`,
  'Success = cost ≤ cost at the true parameters × (1 + 1e-6). Time = median ms per case.',
  '',
  '| family | autoStart ok | ms | scipy all-ones ok | ms | scipy best of 4 random ok | ms | scipy best of 16 random ok | ms |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
];
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const row = (name: string, idx: number[]) => {
  const n = idx.length;
  const count = (pick: (i: number) => boolean) => `${idx.filter(pick).length}/${n}`;
  lines.push(`| ${name} | ${count((i) => ok(cases[i].autoCost, cases[i].truthCost))} | ${median(idx.map((i) => cases[i].autoMs)).toFixed(1)} | ${count((i) => ok(sp4[i].ones, cases[i].truthCost))} | ${median(idx.map((i) => sp4[i].onesMs)).toFixed(1)} | ${count((i) => ok(sp4[i].random, cases[i].truthCost))} | ${median(idx.map((i) => sp4[i].randomMs)).toFixed(1)} | ${count((i) => ok(sp16[i].random, cases[i].truthCost))} | ${median(idx.map((i) => sp16[i].randomMs)).toFixed(1)} |`);
};
for (const f of families) row(f.name, cases.flatMap((c, i) => (c.family === f.name ? [i] : [])));
row('**all**', cases.map((_, i) => i));
console.log(lines.join('\n'));
if (!process.argv[3]) writeFileSync(join(import.meta.dirname, 'results', 'autostart.md'), lines.join('\n') + '\n');
