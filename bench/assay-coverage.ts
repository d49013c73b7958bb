/**
 * Issue 26's acceptance on simulations with known truth: `npx tsx bench/assay-coverage.ts [CURVES]`
 * writes bench/results/assay-coverage.md.
 *
 * Each simulated standard curve is the 4PL d + (a − d)/(1 + (x/c)^b) with a = 0.05, b = 1.3,
 * c = 12, d = 2.4 at 9 doses 0.5 … 128 (doubling) in duplicate, Gaussian noise σ = 0.04, fitted
 * by least squares from a = 0.1, b = 1, c = 10, d = 2 (the same every run: a seeded generator).
 *
 * - Interpolation: per curve, unknowns at true x drawn log-uniformly in [1, 64] (inside the
 *   standards), observed once or in triplicate; counted as covered when lower ≤ x ≤ upper (an open
 *   end, status no-interval-bound, reaches the range's end: it covers a true x inside the range).
 *   Target 95% ± 3%.
 * - ROUT (Q = 1%): two gross outliers planted per curve (±Kσ at random rows): the share of planted
 *   ones found (target ≥ 90%) and the share of other rows flagged; clean curves: the share of
 *   curves with any flag (target ≤ 3%).
 */
import { writeFileSync } from 'node:fs';
import { normal, rng } from '../test/random';
import { curveFit } from '../src/fit/curveFit';
import { interpolateUnknowns, type UnknownSample } from '../src/fit/interpolate';
import { ROBUST_ROUNDS, routFit } from '../src/fit/rout';
import { compileModel } from '../src/model';

const CURVES = Number(process.argv[2] ?? 1000);
const TRUE = { a: 0.05, b: 1.3, c: 12, d: 2.4 };
const SIGMA = 0.04;
const f = (x: number) => TRUE.d + (TRUE.a - TRUE.d) / (1 + (x / TRUE.c) ** TRUE.b);
const doses = [0.5, 1, 2, 4, 8, 16, 32, 64, 128].flatMap((x) => [x, x]);
const compiled = compileModel('d + (a - d)/(1 + (x/c)^b)', { columns: ['x'] });
if (!compiled.ok) throw new Error(compiled.error.message);
const model = compiled.value;
const parameters = [{ name: 'a', value: 0.1 }, { name: 'b', value: 1 }, { name: 'c', value: 10 }, { name: 'd', value: 2 }];
const weighing = { weights: 'sigma' as const, hasSigma: false, absoluteSigma: false };

/** Uniforms (mulberry32, seeded) and Box–Muller normals: the same draws every run. */
function generator(seed: number) {
  const uniform = rng(seed);
  return { uniform, gauss: () => normal(uniform) };
}

const x = Float64Array.from(doses);
const simulate = (gauss: () => number) => Float64Array.from(doses, (d) => f(d) + SIGMA * gauss());

async function interpolation(replicates: number, seed: number) {
  const { uniform, gauss } = generator(seed);
  let covered = 0;
  let total = 0;
  let open = 0;
  let unread = 0;
  let widthSum = 0;
  for (let k = 0; k < CURVES; k++) {
    const y = simulate(gauss);
    const fit = await curveFit({ model, data: { vars: [x], y }, parameters });
    if (!fit.success) continue;
    const truths = Array.from({ length: 5 }, () => Math.exp(Math.log(1) + uniform() * Math.log(64)));
    const samples: UnknownSample[] = truths.map((t, i) => ({ lines: [i], y: Array.from({ length: replicates }, () => f(t) + SIGMA * gauss()), sigma: null, sample: null }));
    const read = interpolateUnknowns(model, fit, x, samples, weighing);
    read.forEach((u, i) => {
      total++;
      if (u.x === null) return void unread++;
      if (u.status === 'no-interval-bound') open++;
      const lo = u.lower ?? 0.5;
      const hi = u.upper ?? 128;
      if (lo <= truths[i] && truths[i] <= hi) covered++;
      widthSum += Math.log(hi / lo);
    });
  }
  return { covered: covered / total, total, open, unread, meanLogWidth: widthSum / total };
}

async function rout(planted: number, kSigma: number, seed: number, rounds = ROBUST_ROUNDS) {
  const { uniform, gauss } = generator(seed);
  let found = 0;
  let plantedAll = 0;
  let falseFlags = 0;
  let cleanRows = 0;
  let curvesFlagged = 0;
  for (let k = 0; k < CURVES; k++) {
    const y = simulate(gauss);
    const at = new Set<number>();
    while (at.size < planted) at.add(Math.floor(uniform() * y.length));
    for (const i of at) y[i] += (uniform() < 0.5 ? -1 : 1) * kSigma * SIGMA;
    const input = { model, data: { vars: [x], y }, parameters };
    const ls = await curveFit(input);
    const r = await routFit(input, ls, 0.01, rounds);
    const flagged = new Set(r.indices);
    if (flagged.size > 0) curvesFlagged++;
    for (const i of at) if (flagged.has(i)) found++;
    for (const i of flagged) if (!at.has(i)) falseFlags++;
    plantedAll += planted;
    cleanRows += y.length - planted;
  }
  return { found: plantedAll ? found / plantedAll : NaN, falseRowRate: falseFlags / cleanRows, curvesFlagged: curvesFlagged / CURVES };
}

const pct = (v: number) => (Number.isFinite(v) ? `${(100 * v).toFixed(1)}%` : '—');
const t0 = Date.now();
const single = await interpolation(1, 1);
const triple = await interpolation(3, 2);
const clean = await rout(0, 0, 3);
const gross = await rout(2, 10, 4);
const six = await rout(2, 6, 5);
// The robust fit's adaptation (src/fit/rout.ts ROBUST_ROUNDS): Cauchy rounds before the test.
const sweep = [];
for (const rounds of [1, 2, 8]) sweep.push({ rounds, clean: await rout(0, 0, 3, rounds), gross: await rout(2, 10, 4, rounds), six: await rout(2, 6, 5, rounds) });
const seconds = ((Date.now() - t0) / 1000).toFixed(0);
const table = [
  '# Issue 26: coverage and ROUT on simulated standard curves',
  '',
  `\`npx tsx bench/assay-coverage.ts ${CURVES}\` (${CURVES} curves per row, ${seconds} s on this machine, ${new Date().toISOString().slice(0, 10)}). 4PL a = 0.05, b = 1.3,`,
  'c = 12, d = 2.4 at 9 doubling doses 0.5 … 128 in duplicate, σ = 0.04; seeded, so each run gives these numbers.',
  '',
  '## Interpolation: 95% inverse-prediction intervals (target 95% ± 3%)',
  '',
  '| unknowns | intervals | covered true x | open end (no-interval-bound) | no x̂ | mean ln(upper/lower) |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
  `| single reading, true x log-uniform in [1, 64] | ${single.total} | ${pct(single.covered)} | ${single.open} | ${single.unread} | ${single.meanLogWidth.toFixed(3)} |`,
  `| triplicate (mean, σ²/3) | ${triple.total} | ${pct(triple.covered)} | ${triple.open} | ${triple.unread} | ${triple.meanLogWidth.toFixed(3)} |`,
  '',
  '## ROUT, Q = 1% (targets: ≥ 90% of planted gross outliers found, ≤ 3% of clean curves flagged)',
  '',
  '| curves | planted found | other rows flagged | curves with any flag |',
  '| --- | ---: | ---: | ---: |',
  `| clean (no outlier) | — | ${pct(clean.falseRowRate)} | ${pct(clean.curvesFlagged)} |`,
  `| 2 outliers of ±10σ | ${pct(gross.found)} | ${pct(gross.falseRowRate)} | ${pct(gross.curvesFlagged)} |`,
  `| 2 outliers of ±6σ | ${pct(six.found)} | ${pct(six.falseRowRate)} | ${pct(six.curvesFlagged)} |`,
  '',
  `The robust fit's rounds (Cauchy fits, each with f_scale = RSDR of the fit before; the CLI runs ${ROBUST_ROUNDS}; 8 is`,
  'run to convergence, RSDR settled to 0.1%):',
  '',
  '| rounds | clean curves with any flag | ±10σ found | ±6σ found |',
  '| ---: | ---: | ---: | ---: |',
  ...sweep.map((s) => `| ${s.rounds} | ${pct(s.clean.curvesFlagged)} | ${pct(s.gross.found)} | ${pct(s.six.found)} |`),
  '',
].join('\n');
writeFileSync(new URL('./results/assay-coverage.md', import.meta.url), table);
console.log(table);
