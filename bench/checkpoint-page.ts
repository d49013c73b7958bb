/**
 * Checkpoints in the page (issue 12): the cost of the IndexedDB saves of a long fit, measured in
 * headless Chromium in a Web Worker (where the page's fits run), through the checkpoint harness
 * (e2e/harness/checkpoint.ts): the e2e spec's fit (two Gaussian peaks, 10⁶ rows by default, poor
 * start, dense QR) without checkpoints, saving every 2 s (the page's setting) and after every
 * iteration, interleaved, medians of 3; then a fit resumed from the state saved halfway. "save ms"
 * is the time the fit's own thread spends on saves (the data's fingerprint at the first save, the
 * records, starting the writes); "write ms" is IndexedDB's time to commit them, beside the fit.
 *
 *   npx tsx bench/checkpoint-page.ts [rows]
 *
 * Replaces the "In the page" section of bench/results/checkpoint.md (bench/checkpoint.ts keeps it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import type { CheckpointBenchRequest, CheckpointBenchRun } from '../e2e/harness/checkpointWorker';
import { openSession } from '../e2e/lib/harness';

declare const window: { fitbenchCheckpoint: { fit(r: CheckpointBenchRequest): Promise<CheckpointBenchRun> } };

export const PAGE_SECTION = '## In the page (bench/checkpoint-page.ts)';
const rows = Number(process.argv[2] ?? 1e6);
const loadAtStart = loadavg()[0];
const median = (v: number[]) => [...v].sort((p, q) => p - q)[Math.floor(v.length / 2)];

const session = await openSession({ path: 'e2e/harness/checkpoint.html', readyGlobal: 'fitbenchCheckpoint', webgpu: false });
try {
  const fit = (r: Omit<CheckpointBenchRequest, 'rows'>) => session.page.evaluate((q) => window.fitbenchCheckpoint.fit(q), { rows, ...r });
  await fit({ everyMs: 0 }); // warm the kernels, the digest and IndexedDB once
  const runs: Record<'none' | 'every2s' | 'every0', CheckpointBenchRun[]> = { none: [], every2s: [], every0: [] };
  for (let k = 0; k < 3; k++) {
    runs.none.push(await fit({ everyMs: null }));
    runs.every2s.push(await fit({ everyMs: 2000 }));
    runs.every0.push(await fit({ everyMs: 0 }));
    console.log(JSON.stringify({ k, none: runs.none[k].ms, every2s: runs.every2s[k], every0: runs.every0[k].ms }));
  }
  const whole = runs.none[0];
  const half = Math.floor(whole.nit / 2);
  await fit({ everyMs: 0, keepAt: half });
  const resumed = await fit({ everyMs: 0, resume: true });
  const maxRel = Math.max(...whole.params.map((q, i) => Math.abs(resumed.params[i] - q) / Math.abs(q)));
  const plainMs = median(runs.none.map((r) => r.ms));
  const row = (label: string, v: CheckpointBenchRun[]) => {
    const save = median(v.map((r) => r.saveMs));
    const walls = v.map((r) => r.ms);
    return `| ${label} | ${median(walls).toFixed(0)} / ${Math.min(...walls).toFixed(0)} | ${v[0].nit} | ${v[0].nfev} | ${median(v.map((r) => r.saves))} | ${save.toFixed(2)} | ${median(v.map((r) => r.writeMs)).toFixed(1)} | ${((100 * save) / plainMs).toFixed(3)} % |`;
  };
  const perSave = median(runs.every0.map((r) => r.saveMs / Math.max(1, r.saves)));
  const perWrite = median(runs.every0.map((r) => r.writeMs / Math.max(1, r.saves)));
  const lines = [
    PAGE_SECTION,
    '',
    `Headless Chromium ${session.browser.version()}, the fit and its IndexedDB saves in a Web Worker on the page's CPU evaluator (passes yield every 30 ms); ${rows.toLocaleString('en-US')} rows, two Gaussian peaks + offset (7 parameters) from a poor start, dense QR (the e2e spec's fit); ${availableParallelism()} cores, load ${loadAtStart.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end (other builds on the machine); medians of 3 interleaved runs. "save ms": time on the fit's thread (the data's fingerprint at the first save, the records, starting the writes; IndexedDB’s structured clone of the record, a few small arrays, runs in the put and is not counted); "write ms": from starting each write to its commit, beside the fit; "save share": save ms over the median fit without checkpoints. Wall times under this load vary by more than the saves cost: read the save share.`,
    '',
    '| run | wall ms (median / min) | nit | nfev | saves | save ms | write ms | save share |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    row('no checkpoint', runs.none),
    row('IndexedDB every 2 s (the page)', runs.every2s),
    row('IndexedDB after every iteration', runs.every0),
    `| resumed after iteration ${half} of ${whole.nit} | ${resumed.ms.toFixed(0)} | ${resumed.nit} | ${resumed.nfev - (resumed.resumedNfev ?? 0)} after resuming | — | — | — | — |`,
    '',
    `One save after every iteration: ${perSave.toFixed(3)} ms on the fit's thread (the fingerprint of the first included), ${perWrite.toFixed(1)} ms to commit. Resumed parameters vs uninterrupted: max relative difference ${maxRel.toExponential(2)}.`,
    '',
  ];
  console.log(lines.join('\n'));
  const file = new URL('./results/checkpoint.md', import.meta.url);
  const before = readFileSync(file, 'utf8');
  const at = before.indexOf(PAGE_SECTION);
  // The sections after it (bench/checkpoint-stream.ts) stay as they were.
  const next = at >= 0 ? before.indexOf('\n## ', at + 1) : -1;
  writeFileSync(file, (at >= 0 ? before.slice(0, at) : before.trimEnd() + '\n\n') + lines.join('\n') + (next >= 0 ? before.slice(next) : ''));
} finally {
  await session.close();
}
