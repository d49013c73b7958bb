/**
 * `fitbench fit` on a file whose columns exceed --memory-limit (issue 12): the model's columns are
 * stored in a temporary binary file (src/job/node/streamIngest.ts), every pass of the fit reads them chunk by
 * chunk (fit/stream), and the file is removed at the end, on an error too. The result is the
 * in-memory fit's (the passes sum in the same order); the JSON adds `memory`.
 *
 * --checkpoint and --resume work as in memory (checkpoint.ts): the data's fingerprint is the
 * usable-cells digest the ingest takes as it stores the pieces (src/store/cellDigest.ts), the one an
 * in-memory fit of the file takes, so a streamed fit's checkpoint resumes in memory and the reverse.
 */
import { budgetedRows } from '../fit/stream/streamedRows';
import { compileDerived } from '../fit/derived';
import { nodeHost } from '../job/node/host';
import { runJob } from '../job/run';
import { now } from '../solver/clock';
import type { FitCommand } from './args';
import { fileCheckpoints } from './checkpoint';
import { CliError, EXIT } from './errors';
import { singleJob } from './job';
import { chooseY, compileForTable } from './load';
import { formatBytes } from './memoryLimit';
import { parameterTable } from './parameters';
import { jsonReport } from '../job/report/json';
import { textReport } from '../job/report/text';
import { streamRefusal, type MemoryPlan } from './streamLoad';
import { loadStreamed } from '../job/node/streamIngest';
import { progressLines } from './streamProgress';

export async function fitStreamed(command: FitCommand, plan: MemoryPlan, t0: number): Promise<number> {
  const first = plan.first!;
  const model = compileForTable(command, first.table);
  const parameters = parameterTable(command, model.params);
  for (const d of command.derive) compileDerived(d, model.params);
  const refusal = streamRefusal(command, parameters);
  if (refusal) {
    const estimate = formatBytes(plan.estimateBytes ?? 0);
    const fix = refusal.fix ? `: ${refusal.fix}.` : `. Raise --memory-limit above ${estimate}, or drop what needs it.`;
    throw new CliError(`${command.file}: about ${estimate} in memory is more than --memory-limit ${formatBytes(plan.limit)}, so the columns are streamed from disk, where ${refusal.what}${fix}`);
  }
  const free = parameters.filter((p) => !p.fixed).length;
  const progress = progressLines();
  const loaded = loadStreamed({ file: command.file, plan, y: chooseY(command, first.table, model.variables), sigma: command.sigma, weights: command.options.weights ?? 'sigma', digest: command.checkpoint !== null, model, freeParameters: free, onBytes: (read, rows) => progress.bytes(read, plan.fileBytes, rows) });
  try {
    const { source } = loaded;
    const parseMs = now() - t0;
    const passes = { count: 0, onChunk: progress.chunk };
    const job = singleJob(command, model, { kind: 'stream', model, rows: source.rows, streamed: budgetedRows(source, plan.limit, passes), digest: loaded.digest });
    const run = await runJob(job, nodeHost({ checkpoints: command.checkpoint ? fileCheckpoints(command.checkpoint.file, command.checkpoint.everyMs) : undefined }));
    const facts = {
      file: command.file,
      model: command.model,
      rows: source.rows,
      filteredRows: 0,
      excludedRows: 0,
      y: loaded.names.y,
      sigma: loaded.names.sigma,
      backend: run.backend,
      parseMs,
      fitMs: run.fitMs,
      workers: 0,
      notes: run.notes,
      checkpoint: run.checkpoint,
      derived: run.derived,
      memory: { limit: plan.limit, mode: 'stream' as const, estimateBytes: plan.estimateBytes, chunkRows: source.chunkRows, chunks: source.chunks, tempBytes: source.bytes, passes: passes.count },
    };
    console.log(command.json ? jsonReport(run.result, facts) : textReport(run.result, facts));
    return run.result.success ? EXIT.ok : EXIT.notConverged;
  } finally {
    loaded.columns.remove();
  }
}
