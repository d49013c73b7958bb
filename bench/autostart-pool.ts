/**
 * The start search's candidate scoring in one thread against a worker_threads pool (src/start/
 * poolScoring.ts), on NIST problems with many candidates: wall time of the whole search (scoring
 * and refinement; the pool's worker start-up included) and whether the results are identical.
 *
 * Run: npx tsx bench/autostart-pool.ts [starts] [workers]   (table also written to bench/results/autostart-pool.md)
 */
import { availableParallelism, loadavg } from 'node:os';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileModel } from '../src/model';
import { createNodePool } from '../src/parallel/node/nodePool';
import type { CandidateTaskInput } from '../src/start/candidateTask';
import type { ScoredRange } from '../src/start/candidates';
import { autoStart } from '../src/start/multistart';
import { loadNist } from '../test/nist';

const starts = Number(process.argv[2] ?? 65536);
const workers = Number(process.argv[3] ?? availableParallelism());
const lines = [
  `Start search, ${starts} candidates: one thread against a pool of ${workers} worker threads (Node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)} at the start: a machine shared with other work, so times are indicative)`,
  '',
  '| problem | rows | searched | serial ms | pool ms | speed-up | identical result |',
  '|---|---:|---:|---:|---:|---:|---|',
];
for (const name of ['MGH17', 'Gauss1', 'Lanczos3']) {
  const p = loadNist().find((q) => q.name === name)!;
  const compiled = compileModel(p.model, { columns: Object.keys(p.columns) });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const model = compiled.value;
  const data = { vars: model.variables.map((v) => p.columns[v].hi), y: p.y.hi };
  let t0 = performance.now();
  const serial = await autoStart(model, data, [], { starts });
  const serialMs = performance.now() - t0;
  const pool = createNodePool<CandidateTaskInput, ScoredRange>({ module: new URL('../src/start/candidateTask.ts', import.meta.url), size: workers });
  t0 = performance.now();
  const pooled = await autoStart(model, data, [], { starts, pool, poolMinCandidates: 1 });
  const poolMs = performance.now() - t0;
  pool.close();
  const same = pooled.candidates === serial.candidates && JSON.stringify(pooled.start) === JSON.stringify(serial.start) && pooled.fit.parameters.every((q, i) => q.value === serial.fit.parameters[i].value);
  lines.push(`| ${name} | ${p.y.hi.length} | ${serial.searched.length} | ${serialMs.toFixed(0)} | ${poolMs.toFixed(0)} | ${(serialMs / poolMs).toFixed(2)}× | ${same ? 'yes' : 'NO'} |`);
  console.log(lines[lines.length - 1]);
}
writeFileSync(join(import.meta.dirname, 'results', 'autostart-pool.md'), lines.join('\n') + '\n');
