/**
 * Bootstrap interval coverage on simulated standard curves (issue 26: target 95% ± 4%).
 *
 *   npx tsx bench/bootstrap-coverage.ts CURVES B residual|case   one resampling kind → a JSON part
 *   npx tsx bench/bootstrap-coverage.ts --table                   both parts → bench/results/bootstrap-coverage.md
 *
 * (The two kinds run as two processes so that they can run side by side.)
 *
 * The design is an ELISA standard curve as a kit lays it out: 8 standards, a two-fold serial
 * dilution 0.75 … 96 (the top standard and seven dilutions), each in triplicate wells (n = 24,
 * k = 4, 20 degrees of freedom). It was chosen before any run, for being the common plate layout,
 * not for its coverage: the truth is the 4PL of bench/assay-coverage.ts, d + (a − d)/(1 + (x/c)^b)
 * with a = 0.05, b = 1.3, c = 12, d = 2.4 (c inside the standards, whose geometric middle is 8.5),
 * Gaussian noise σ = 0.04 OD, homoscedastic as the residual bootstrap assumes. Each curve is fitted
 * by least squares from a = 0.1, b = 1, c = 10, d = 2, then bootstrapped with B resamples
 * (src/fit/bootstrap.ts: residual resampling of the leverage-adjusted, centred residuals, or case
 * resampling), and each parameter's 95% percentile, BCa and studentized intervals
 * (src/fit/bootstrapIntervals.ts) and the fit's own Wald (t) interval are checked for the true
 * value. The generator is seeded: the same curves every run.
 *
 * Monte Carlo error: a share p of N curves has standard error √(p(1 − p)/N), 1.1 points at
 * p = 0.95 and N = 400; the table prints it beside the shares.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { bootstrapFit, type BootstrapKind } from '../src/fit/bootstrap';
import { curveFit } from '../src/fit/curveFit';
import { compileModel } from '../src/model';
import { normal, rng } from '../test/random';

const TRUE: Record<string, number> = { a: 0.05, b: 1.3, c: 12, d: 2.4 };
const NAMES = ['a', 'b', 'c', 'd'];
const SIGMA = 0.04;
const STANDARDS = [96, 48, 24, 12, 6, 3, 1.5, 0.75];
const f = (x: number) => TRUE.d + (TRUE.a - TRUE.d) / (1 + (x / TRUE.c) ** TRUE.b);
const x = Float64Array.from(STANDARDS.flatMap((v) => [v, v, v]));
const compiled = compileModel('d + (a - d)/(1 + (x/c)^b)', { columns: ['x'] });
if (!compiled.ok) throw new Error(compiled.error.message);
const model = compiled.value;
const parameters = [{ name: 'a', value: 0.1 }, { name: 'b', value: 1 }, { name: 'c', value: 10 }, { name: 'd', value: 2 }];
const INTERVALS = ['percentile', 'bca', 'studentized'] as const;
const part = (kind: string) => new URL(`./results/.bootstrap-coverage-${kind}.json`, import.meta.url);

interface Part {
  kind: BootstrapKind;
  curves: number;
  resamples: number;
  failed: number;
  seconds: number;
  load: string;
  hits: Record<string, Record<string, number>>;
}

async function coverage(kind: BootstrapKind, curves: number, B: number): Promise<Part> {
  const t0 = Date.now();
  const load = loadavg().map((v) => v.toFixed(2)).join(' ');
  const uniform = rng(kind === 'residual' ? 11 : 12);
  const hits: Part['hits'] = Object.fromEntries([...INTERVALS, 'wald'].map((i) => [i, Object.fromEntries(NAMES.map((p) => [p, 0]))]));
  let fitted = 0;
  let failed = 0;
  for (let k = 0; k < curves; k++) {
    const y = Float64Array.from(x, (v) => f(v) + SIGMA * normal(uniform));
    const input = { model, data: { vars: [x], y }, parameters };
    const fit = await curveFit(input);
    if (!fit.success) continue;
    // interval 'bca': the jackknife runs, so all three intervals come back.
    const boot = await bootstrapFit(input, fit, { kind, resamples: B, seed: k, level: 0.95, interval: 'bca' });
    fitted++;
    failed += boot.failed;
    const by: Record<string, Record<string, [number, number]>> = { percentile: boot.intervals, bca: boot.bca!, studentized: boot.studentized };
    for (const p of fit.parameters) {
      const inside = ([lo, hi]: [number, number]) => lo <= TRUE[p.name] && TRUE[p.name] <= hi;
      for (const interval of INTERVALS) if (inside(by[interval][p.name])) hits[interval][p.name]++;
      if (inside([p.ciLower, p.ciUpper])) hits.wald[p.name]++;
    }
    if ((k + 1) % 50 === 0) console.error(`${kind}: ${k + 1} of ${curves} curves, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  return { kind, curves: fitted, resamples: B, failed, seconds: (Date.now() - t0) / 1000, load, hits };
}

function table(parts: Part[]): string {
  const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
  const mc = (n: number) => (100 * Math.sqrt((0.95 * 0.05) / n)).toFixed(1);
  const inside = (share: number) => (share >= 0.91 && share <= 0.99 ? '' : ' ✗');
  return [
    '# Issue 26: bootstrap interval coverage (target 95% ± 4%)',
    '',
    ...parts.map((r) => `- \`npx tsx bench/bootstrap-coverage.ts ${r.curves} ${r.resamples} ${r.kind}\`: ${r.curves} curves, B = ${r.resamples}, ${r.seconds.toFixed(0)} s, load average ${r.load} at the start, ${new Date().toISOString().slice(0, 10)}.`),
    '',
    `Design: 8 standards, two-fold dilutions 0.75 … 96, triplicate wells (n = 24), 4PL a = 0.05, b = 1.3, c = 12, d = 2.4, σ = ${SIGMA} (bench docblock).`,
    'Residual resampling draws the leverage-adjusted, centred residuals eᵢ/√(1 − hᵢᵢ) − mean (Davison & Hinkley 1997, §6.2.3).',
    `Monte Carlo standard error of one share at 95%: ±${mc(parts[0].curves)} points (√(0.95·0.05/N)); ✗ marks a share outside 91–99%.`,
    '',
    '| resampling | interval | curves | failed refits | a | b | c (EC50) | d |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...parts.flatMap((r) =>
      [...INTERVALS, 'wald'].map((interval) => {
        const cells = NAMES.map((p) => {
          const share = r.hits[interval][p] / r.curves;
          return `${pct(share)}${inside(share)}`;
        });
        return `| ${r.kind} | ${interval === 'wald' ? "Wald (the fit's own t)" : interval} | ${r.curves} | ${interval === 'wald' ? '' : r.failed} | ${cells.join(' | ')} |`;
      }),
    ),
    '',
  ].join('\n');
}

if (process.argv[2] === '--table') {
  const parts = ['residual', 'case'].map((kind) => JSON.parse(readFileSync(part(kind), 'utf8')) as Part);
  const md = table(parts);
  writeFileSync(new URL('./results/bootstrap-coverage.md', import.meta.url), md);
  console.log(md);
} else {
  const [curves, B, kind] = [Number(process.argv[2] ?? 400), Number(process.argv[3] ?? 400), (process.argv[4] ?? 'residual') as BootstrapKind];
  const out = await coverage(kind, curves, B);
  writeFileSync(part(kind), JSON.stringify(out));
  console.log(JSON.stringify(out));
}
