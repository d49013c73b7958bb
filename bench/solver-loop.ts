/**
 * The one trust-region loop against the three loops it replaced (issue 22: the batch of small fits
 * within 5% of the old CPU time). Loads this tree and older checkouts of it into ONE process and
 * times them round after round, alternating (the order reversed every other round), so that load
 * from other jobs falls on all of them alike: CPU time of this process (process.cpuUsage), best
 * and median of the rounds, for
 *
 * - fitGroups in-process: 10 000 four-parameter logistic curves of 12 points (bench/batch.ts's
 *   groups and start), scipy's tolerances;
 * - SmallTrf.solve alone on the same groups (the GroupProblem of each tree), µs per fit.
 *
 * Every tree must give the same answers (the total nfev and Σcost are printed as a check).
 *
 * Run: git worktree add /tmp/base-c6091b4 c6091b4 && ln -s "$PWD/node_modules" /tmp/base-c6091b4/
 *      npx tsx bench/solver-loop.ts [rounds] [LABEL=]OLD_TREE... (this tree is always timed; default 9 rounds)
 * The table goes to stdout and to the top of bench/results/solver-loop.md (earlier runs kept below).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { PLATE_P0, plateGroups } from './plateGroups';

const args = process.argv.slice(2);
const rounds = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 9;
const here = resolve(import.meta.dirname, '..');
/** OLD_TREE, or LABEL=OLD_TREE to name it in the table. */
const trees = [...args.map((a) => (a.includes('=') ? { label: a.slice(0, a.indexOf('=')), path: resolve(a.slice(a.indexOf('=') + 1)) } : { label: a, path: resolve(a) })), { label: 'this tree', path: here }];
const G = 10_000;
const SOURCE = 'bottom + (top - bottom)*x^hill/(EC50^hill + x^hill)';

// bench/batch.ts's groups (bench/plateGroups.ts).
const { groups } = plateGroups(G);
const p0 = PLATE_P0;
const SCIPY_TOL = { ftol: 1.49012e-8, xtol: 1.49012e-8, gtol: 1e-8 };

interface Timed {
  label: string;
  batch: () => Promise<string>;
  solve: () => string;
  batchMs: number[];
  solveUs: number[];
  check: string;
}

async function load(label: string, tree: string): Promise<Timed> {
  const { fitGroups } = await import(join(tree, 'src/fit/batch/fitGroups.ts'));
  const { compileModel } = await import(join(tree, 'src/model/index.ts'));
  const { SmallTrf } = await import(join(tree, 'src/solver/smallTrf.ts'));
  const { GroupProblem } = await import(join(tree, 'src/fit/batch/groupProblem.ts'));
  const { makeLoss } = await import(join(tree, 'src/solver/loss.ts'));
  const compiled = compileModel(SOURCE, { columns: ['x'] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const model = compiled.value;
  const parameters = model.params.map((name: string) => ({ name, value: p0[name] }));
  const free = model.params.map((_: string, i: number) => i);
  const start = Float64Array.from(model.params, (name: string) => p0[name]);
  const problem = new GroupProblem(model.kernels(free), Float64Array.from(start), free, makeLoss('linear', 1));
  const ws = new SmallTrf(free.length, 12);
  const options = { ...SCIPY_TOL, maxNfev: 100 * free.length, xScale: 'jac' as const };
  const datas = groups.map((g) => ({ vars: g.data.vars, y: g.data.y, w: null }));
  return {
    label,
    batch: async () => {
      const result = await fitGroups({ model, groups, parameters, options: SCIPY_TOL });
      return `nfev ${result.nfev}`;
    },
    solve: () => {
      let nfev = 0;
      let cost = 0;
      for (const data of datas) {
        problem.use(data);
        ws.solve(problem, start, options);
        nfev += ws.nfev;
        cost += ws.cost;
      }
      return `nfev ${nfev}, Σcost ${cost}`;
    },
    batchMs: [],
    solveUs: [],
    check: '',
  };
}

const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const loadBefore = loadavg();
const timed: Timed[] = [];
for (const tree of trees) timed.push(await load(tree.label, tree.path));
for (const t of timed) {
  // JIT warm-up, untimed.
  await t.batch();
  t.solve();
}
for (let r = 0; r < rounds; r++) {
  for (const t of r % 2 === 0 ? timed : [...timed].reverse()) {
    let c0 = cpuMs();
    const batchCheck = await t.batch();
    t.batchMs.push(cpuMs() - c0);
    c0 = cpuMs();
    t.check = `${batchCheck}; solve: ${t.solve()}`;
    t.solveUs.push(((cpuMs() - c0) * 1000) / G);
  }
}
const loadAfter = loadavg();

const best = (a: number[]) => Math.min(...a);
const median = (a: number[]) => {
  const s = [...a].sort((p, q) => p - q);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ref = timed[0];
const head = '# The one trust-region loop vs the loops it replaced: the batch of small fits (issue 22)\n\n';
const lines = [
  `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  '',
  `\`npx tsx bench/solver-loop.ts ${process.argv.slice(2).map((a) => (/\s/.test(a) ? `"${a}"` : a)).join(' ')}\``,
  '',
  `${G} four-parameter logistic curves (\`${SOURCE}\`, 12 points each, bench/batch.ts's groups and start), scipy's tolerances (ftol = xtol = 1.49e-8, gtol = 1e-8).`,
  `All trees loaded into one Node ${process.version} process and timed round after round, alternating (order reversed every other round), ${rounds} rounds after an untimed warm-up:`,
  'CPU time of the process (process.cpuUsage), best and median. Ratios are to the first tree.',
  `Machine: ${cpus()[0]?.model ?? '?'}, ${cpus().length} cores shared with other jobs; load average (1, 5, 15 min) ${loadBefore.map((l) => l.toFixed(2)).join(', ')} before, ${loadAfter.map((l) => l.toFixed(2)).join(', ')} after.`,
  '',
  '| tree | fitGroups CPU best (ms) | median (ms) | best vs first | median vs first | SmallTrf.solve best (µs/fit) | median (µs/fit) | best vs first | median vs first |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...timed.map(
    (t) =>
      `| ${t.label} | ${best(t.batchMs).toFixed(1)} | ${median(t.batchMs).toFixed(1)} | ${(best(t.batchMs) / best(ref.batchMs)).toFixed(3)} | ${(median(t.batchMs) / median(ref.batchMs)).toFixed(3)} | ${best(t.solveUs).toFixed(2)} | ${median(t.solveUs).toFixed(2)} | ${(best(t.solveUs) / best(ref.solveUs)).toFixed(3)} | ${(median(t.solveUs) / median(ref.solveUs)).toFixed(3)} |`,
  ),
  '',
  'Same answers in every tree (fitGroups nfev; SmallTrf.solve nfev and Σcost):',
  '',
  ...timed.map((t) => `- ${t.label}: ${t.check}`),
];
const table = lines.join('\n');
console.log(table);
// The new run on top of the earlier ones (as bench/speed-cpu-trees.ts keeps them).
const out = join(import.meta.dirname, 'results', 'solver-loop.md');
const earlier = existsSync(out) ? readFileSync(out, 'utf8').replace(head, '') : '';
if (!process.env.SOLVER_LOOP_NO_WRITE) writeFileSync(out, head + table + '\n\n' + earlier);
