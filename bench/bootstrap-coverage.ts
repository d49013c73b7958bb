/**
 * Bootstrap interval coverage on simulated standard curves (issue 26: target 95% ± 4%):
 * `npx tsx bench/bootstrap-coverage.ts [CURVES] [B]` writes bench/results/bootstrap-coverage.md.
 * The curves are bench/assay-coverage.ts's (4PL a = 0.05, b = 1.3, c = 12, d = 2.4, 9 doubling
 * doses 0.5 … 128 in duplicate, σ = 0.04, seeded); each is fitted, then bootstrapped with B
 * resamples of each kind (src/fit/bootstrap.ts), and each parameter's 95% percentile interval is
 * checked for the true value, beside the Wald interval of the same fit. Three intervals of each
 * bootstrap: percentile, BCa and studentized (src/fit/bootstrapIntervals.ts).
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { bootstrapFit, type BootstrapKind } from '../src/fit/bootstrap';
import { curveFit } from '../src/fit/curveFit';
import { compileModel } from '../src/model';
import { normal, rng } from '../test/random';

const CURVES = Number(process.argv[2] ?? 300);
const B = Number(process.argv[3] ?? 400);
const TRUE: Record<string, number> = { a: 0.05, b: 1.3, c: 12, d: 2.4 };
const f = (x: number) => TRUE.d + (TRUE.a - TRUE.d) / (1 + (x / TRUE.c) ** TRUE.b);
const x = Float64Array.from([0.5, 1, 2, 4, 8, 16, 32, 64, 128].flatMap((v) => [v, v]));
const compiled = compileModel('d + (a - d)/(1 + (x/c)^b)', { columns: ['x'] });
if (!compiled.ok) throw new Error(compiled.error.message);
const model = compiled.value;
const parameters = [{ name: 'a', value: 0.1 }, { name: 'b', value: 1 }, { name: 'c', value: 10 }, { name: 'd', value: 2 }];

async function coverage(kind: BootstrapKind, seed: number) {
  const uniform = rng(seed);
  const zero = () => ({ a: 0, b: 0, c: 0, d: 0 }) as Record<string, number>;
  const hits = { percentile: zero(), bca: zero(), studentized: zero() };
  const wald: Record<string, number> = { a: 0, b: 0, c: 0, d: 0 };
  let curves = 0;
  let failed = 0;
  for (let k = 0; k < CURVES; k++) {
    const y = Float64Array.from(x, (v) => f(v) + 0.04 * normal(uniform));
    const input = { model, data: { vars: [x], y }, parameters };
    const fit = await curveFit(input);
    if (!fit.success) continue;
    const boot = await bootstrapFit(input, fit, { kind, resamples: B, seed: k, level: 0.95, interval: 'bca' });
    curves++;
    failed += boot.failed;
    for (const p of fit.parameters) {
      const by = { percentile: boot.intervals, bca: boot.bca!, studentized: boot.studentized };
      for (const [interval, ci] of Object.entries(by)) {
        const [lo, hi] = ci[p.name];
        if (lo <= TRUE[p.name] && TRUE[p.name] <= hi) hits[interval as keyof typeof hits][p.name]++;
      }
      if (p.ciLower <= TRUE[p.name] && TRUE[p.name] <= p.ciUpper) wald[p.name]++;
    }
  }
  return { kind, curves, failed, hits, wald };
}

const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
const load = loadavg().map((v) => v.toFixed(2)).join(' ');
const t0 = Date.now();
const rows = [await coverage('residual', 11), await coverage('case', 12)];
const seconds = ((Date.now() - t0) / 1000).toFixed(0);
const table = [
  '# Issue 26: bootstrap interval coverage (target 95% ± 4%)',
  '',
  `\`npx tsx bench/bootstrap-coverage.ts ${CURVES} ${B}\` (${CURVES} curves, B = ${B} resamples each, ${seconds} s on this machine, load average ${load} at the start, ${new Date().toISOString().slice(0, 10)}).`,
  "The curves of bench/assay-coverage.ts (4PL, 18 points, σ = 0.04, seeded); the Wald interval of each fit beside it.",
  '',
  '| resampling | interval | curves | failed refits | a | b | c (EC50) | d |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.flatMap((r) => [
    ...(['percentile', 'bca', 'studentized'] as const).map((interval) => `| ${r.kind} | ${interval} | ${r.curves} | ${r.failed} | ${['a', 'b', 'c', 'd'].map((p) => pct(r.hits[interval][p] / r.curves)).join(' | ')} |`),
    `| ${r.kind} | Wald (the fit's own) | ${r.curves} | | ${['a', 'b', 'c', 'd'].map((p) => pct(r.wald[p] / r.curves)).join(' | ')} |`,
  ]),
  '',
].join('\n');
writeFileSync(new URL('./results/bootstrap-coverage.md', import.meta.url), table);
console.log(table);
