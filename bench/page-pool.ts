/**
 * The page's row workers (issue 12, "all cores"; job/browser/rowWorkers.ts) against the fit worker's
 * own thread, in headless Chromium through the page-pool harness (e2e/harness/pagePool.ts: a fit
 * worker that starts nested row workers as the app's does): 10⁶ Gaussian rows (4 parameters,
 * standard start), normal equations, one thread vs 2 row workers with shared columns (the harness
 * page is cross-origin isolated) vs 2 row workers holding copies of their rows, interleaved,
 * medians of 5 after one warm-up round. It checks that each pooled fit equals the one-thread fit
 * bit for bit (parameters, cost) and prints one table.
 *
 *   npx tsx bench/page-pool.ts [rows] [workers]
 *
 * Writes bench/results/page-pool.md.
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import type { PagePoolRequest, PagePoolRun } from '../e2e/harness/pagePoolWorker';
import { openSession } from '../e2e/lib/harness';

declare const window: { fitbenchPagePool: { fit(r: PagePoolRequest): Promise<PagePoolRun>; isolated: boolean; cores: number } };

const rows = Number(process.argv[2] ?? 1e6);
const workers = Number(process.argv[3] ?? 2);
const ROUNDS = 5;
const loadAtStart = loadavg();
const median = (v: number[]) => [...v].sort((p, q) => p - q)[Math.floor(v.length / 2)];

const session = await openSession({ path: 'e2e/harness/pagePool.html', readyGlobal: 'fitbenchPagePool', webgpu: false });
try {
  const fit = (r: Partial<PagePoolRequest>) => session.page.evaluate((q) => window.fitbenchPagePool.fit(q), { rows, seed: 3, method: 'normal' as const, workers: 0, columns: null, cancelAfterMs: null, ...r });
  const variants = [
    { label: 'one thread (the fit worker)', request: { workers: 0 } },
    { label: `${workers} row workers, shared columns`, request: { workers, columns: 'shared' as const } },
    { label: `${workers} row workers, held copies`, request: { workers, columns: 'held' as const } },
  ];
  // Warm-up round: the problem, the kernels, the row workers' start (their first fit is timed apart).
  const first: PagePoolRun[] = [];
  for (const v of variants) first.push(await fit(v.request));
  const runs = variants.map(() => [] as PagePoolRun[]);
  for (let k = 0; k < ROUNDS; k++) {
    for (const [i, v] of variants.entries()) runs[i].push(await fit(v.request));
    console.log(JSON.stringify({ k, wallMs: runs.map((r) => Math.round(r[k].wallMs)), solverMs: runs.map((r) => Math.round(r[k].solverMs)) }));
  }
  const one = runs[0][0];
  const same = runs.map((rs) => rs.every((r) => r.cost === one.cost && r.parameters.every((p, i) => p === one.parameters[i])));
  const isolated = await session.page.evaluate(() => window.fitbenchPagePool.isolated);
  const base = median(runs[0].map((r) => r.wallMs));
  const lines = [
    '# The page\'s row workers: one thread vs a pool (bench/page-pool.ts)',
    '',
    `Headless Chromium ${session.browser.version()} (page cross-origin isolated: ${isolated}), the page-pool harness: a fit worker that fits as the app's does (job/browser/backend.ts, job/browser/rowWorkers.ts) and starts its row workers as nested workers. ${rows.toLocaleString('en-US')} Gaussian rows (a·exp(−(x−mu)²/(2s²)) + c, standard start), normal equations, ${one.nfev} evaluations (nfev); ${availableParallelism()} cores (navigator.hardwareConcurrency ${await session.page.evaluate(() => window.fitbenchPagePool.cores)}), load average ${loadAtStart.map((l) => l.toFixed(2)).join(' / ')} (1 / 5 / 15 min) at the start and ${loadavg().map((l) => l.toFixed(2)).join(' / ')} at the end: the machine is shared with other jobs. One warm-up round (its times are the \"first fit\" column: the pooled ones include starting the row workers), then ${ROUNDS} interleaved rounds; wall time of the whole fit (statistics included) measured in the fit worker.`,
    '',
    '| run | wall ms (median) | min | max | solver phases ms (median) | speed (one thread = 1) | first fit ms (cold workers) | same parameters and cost, bit for bit |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...variants.map((v, i) => {
      const w = runs[i].map((r) => r.wallMs);
      return `| ${v.label} | ${median(w).toFixed(0)} | ${Math.min(...w).toFixed(0)} | ${Math.max(...w).toFixed(0)} | ${median(runs[i].map((r) => r.solverMs)).toFixed(0)} | ${(base / median(w)).toFixed(2)} | ${first[i].wallMs.toFixed(0)} | ${same[i] ? 'yes' : 'NO'} |`;
    }),
    '',
  ];
  const text = lines.join('\n');
  console.log(text);
  writeFileSync(new URL('./results/page-pool.md', import.meta.url), text);
} finally {
  await session.close();
}
