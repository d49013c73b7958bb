/**
 * bench/speed-cpu.ts's CPU fit (a Gaussian plus offset, 1e4…1e6 rows, one thread, from the same
 * start) with this tree's curveFit beside older checkouts' in ONE process, so that issue 22's
 * "bench/speed-cpu.ts within 5% of today" is measured side by side rather than against a table
 * written on another day at another load. Rounds alternate the trees (order reversed every other
 * round); CPU time of the process (process.cpuUsage: one thread, so it is the fit's) and wall
 * time, best and median. Every tree must give the same nfev and parameters (checked, printed).
 *
 * Run: git worktree add /tmp/base-c6091b4 c6091b4 && ln -s "$PWD/node_modules" /tmp/base-c6091b4/
 *      npx tsx bench/speed-cpu-trees.ts [rounds] [LABEL=]OLD_TREE...   (this tree is always timed)
 * The table goes to stdout and to the top of bench/results/speed-cpu-trees.md. THIS_TREE_FIRST=1
 * loads this tree first (the load order is one more source of noise: run both orders).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const rounds = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 7;
const here = resolve(import.meta.dirname, '..');
const trees = [...args.map((a) => (a.includes('=') ? { label: a.slice(0, a.indexOf('=')), path: resolve(a.slice(a.indexOf('=') + 1)) } : { label: a, path: resolve(a) })), { label: 'this tree', path: here }];
const sizes = process.env.SIZES ? process.env.SIZES.split(',').map(Number) : [1e4, 1e5, 1e6];
const EXPR = 'a*exp(-(x-mu)^2/(2*s^2)) + c';
const p0: Record<string, number> = { a: 2, mu: 0, s: 1, c: 0 };
const variants = [
  { label: 'defaults (tol 1e-15, x_scale jac)', options: {} },
  { label: 'scipy settings (tol 1e-8, x_scale 1)', options: { ftol: 1e-8, xtol: 1e-8, gtol: 1e-8, xScale: 1 } },
];

/** speed-cpu's data: truth (2.5, 0.3, 0.8, 0.1), x evenly on [−5, 5], noise σ 0.05 (a fixed LCG, Box–Muller). */
function gaussian(n: number): { x: Float64Array; y: Float64Array } {
  let seed = 12345;
  const u = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) + 1) / 2147483649;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = -5 + (10 * i) / (n - 1);
    const z = Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
    y[i] = 2.5 * Math.exp(-((x[i] - 0.3) ** 2) / (2 * 0.8 * 0.8)) + 0.1 + 0.05 * z;
  }
  return { x, y };
}

interface Fit { cpu: number; wall: number; nfev: number; params: number[] }
type Run = (x: Float64Array, y: Float64Array, options: object) => Promise<Fit>;

async function load(tree: string): Promise<Run> {
  const { curveFit } = await import(join(tree, 'src/fit/curveFit.ts'));
  const { compileModel } = await import(join(tree, 'src/model/index.ts'));
  const compiled = compileModel(EXPR, { columns: ['x'] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const model = compiled.value;
  return async (x, y, options) => {
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    const r = await curveFit({ model, data: { vars: [x], y }, parameters: model.params.map((name: string) => ({ name, value: p0[name] })), options });
    const wall = performance.now() - w0;
    const c = process.cpuUsage(c0);
    return { cpu: (c.user + c.system) / 1000, wall, nfev: r.nfev, params: r.parameters.map((p: { value: number }) => p.value) };
  };
}

const loadAvg = () => loadavg().map((v) => v.toFixed(2)).join(', ');
const best = (v: number[]) => Math.min(...v);
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const before = loadAvg();
// THIS_TREE_FIRST=1 loads (and JIT-compiles) this tree before the older ones; the table keeps its
// order and ratios. Two copies of the same tree in one process differed by up to 10–25% in best CPU
// at 1e5–1e6 rows on the shared 2-core machine (bench/results/speed-cpu-trees.md, 2026-12-03): the
// position of a tree is one more source of noise, which runs in both orders average out.
const thisFirst = Boolean(process.env.THIS_TREE_FIRST);
const loadOrder = thisFirst ? [trees.length - 1, ...trees.slice(0, -1).map((_, i) => i)] : trees.map((_, i) => i);
const runs: Run[] = new Array(trees.length);
for (const t of loadOrder) runs[t] = await load(trees[t].path);
const lines: string[] = [];
const checks: string[] = [];
lines.push(`| rows | settings | tree | CPU best (ms) | CPU median (ms) | wall best (ms) | best vs first | median vs first | nfev |`, '|---:|---|---|---:|---:|---:|---:|---:|---:|');
for (const n of sizes) {
  const { x, y } = gaussian(n);
  const r = n >= 1e6 ? rounds : rounds + 4;
  for (const v of variants) {
    const cpu = trees.map(() => [] as number[]);
    const wall = trees.map(() => [] as number[]);
    const last: Fit[] = [];
    for (let t = 0; t < trees.length; t++) last[t] = await runs[t](x, y, v.options); // warm-up
    for (let k = 0; k < r; k++) {
      const order = trees.map((_, i) => i);
      if (k % 2) order.reverse();
      for (const t of order) {
        const f = await runs[t](x, y, v.options);
        cpu[t].push(f.cpu);
        wall[t].push(f.wall);
        last[t] = f;
      }
    }
    const same = last.every((f) => f.nfev === last[0].nfev && f.params.every((p, i) => p === last[0].params[i]));
    checks.push(`- ${n.toExponential(0)} rows, ${v.label}: ${same ? 'same nfev and parameters (bit for bit) in every tree' : 'ANSWERS DIFFER: ' + last.map((f, t) => `${trees[t].label}: nfev ${f.nfev}, ${f.params.join(', ')}`).join('; ')}`);
    for (let t = 0; t < trees.length; t++) {
      lines.push(`| ${n.toExponential(0)} | ${v.label} | ${trees[t].label} | ${best(cpu[t]).toFixed(1)} | ${median(cpu[t]).toFixed(1)} | ${best(wall[t]).toFixed(1)} | ${(best(cpu[t]) / best(cpu[0])).toFixed(3)} | ${(median(cpu[t]) / median(cpu[0])).toFixed(3)} | ${last[t].nfev} |`);
    }
  }
}
const after = loadAvg();
const report = [
  `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  '',
  `\`${thisFirst ? 'THIS_TREE_FIRST=1 ' : ''}npx tsx bench/speed-cpu-trees.ts ${process.argv.slice(2).join(' ')}\`${thisFirst ? ' (this tree loaded first)' : ''}: bench/speed-cpu.ts's model \`${EXPR}\` from (2, 0, 1, 0), one thread, trees in one process, ${rounds} interleaved rounds at 1e6 (${rounds + 4} below) after a warm-up; ratios to the first tree.`,
  `Node ${process.version}; ${cpus()[0]?.model ?? 'CPU'} (${cpus().length} cores, shared); load average (1, 5, 15 min) ${before} before, ${after} after.`,
  '',
  ...lines,
  '',
  ...checks,
  '',
].join('\n');
console.log(report);
const out = join(here, 'bench/results/speed-cpu-trees.md');
const head = '# The CPU fit of bench/speed-cpu.ts, this tree beside older ones in one process (issue 22)\n\n';
const old = existsSync(out) ? readFileSync(out, 'utf8').replace(head, '') : '';
writeFileSync(out, head + report + '\n' + old);
