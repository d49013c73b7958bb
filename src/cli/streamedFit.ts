/**
 * `fitbench fit` on a file whose columns exceed --memory-limit (issue 12): the model's columns are
 * stored in a temporary binary file (streamLoad.ts), every pass of the fit reads them chunk by
 * chunk (fit/stream), and the file is removed at the end, on an error too. The result is the
 * in-memory fit's (the passes sum in the same order); the JSON adds `memory`.
 *
 * --checkpoint and --resume work as in memory (checkpoint.ts): the data's fingerprint is the
 * usable-cells digest the ingest takes as it stores the pieces (src/store/cellDigest.ts), the one an
 * in-memory fit of the file takes, so a streamed fit's checkpoint resumes in memory and the reverse.
 */
import { curveFit } from '../fit/curveFit';
import { DEFAULT_CHUNK_ROWS } from '../fit/cpuEvaluator';
import { compileDerived, reportedQuantities } from '../fit/derived';
import { now } from '../solver/clock';
import { CHUNK_SHARE } from '../store/chunkPlan';
import type { FitCommand } from './args';
import type { TrfState } from '../solver/trfState';
import { checkpointSubject, checkpointWriter, readCheckpoint, type CheckpointWriter } from './checkpoint';
import { CliError, EXIT } from './errors';
import { compileForTable } from './load';
import { formatBytes } from './memoryLimit';
import { parameterTable } from './parameters';
import { jsonReport, textReport } from './report';
import { loadStreamed, streamRefusal, type MemoryPlan } from './streamLoad';
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
  const loaded = loadStreamed({ command, plan, model, freeParameters: free, onBytes: (read, rows) => progress.bytes(read, plan.fileBytes, rows) });
  try {
    const { source } = loaded;
    const parseMs = now() - t0;
    const t1 = now();
    const passes = { count: 0, onChunk: progress.chunk };
    const notes: string[] = [];
    let writer: CheckpointWriter | null = null;
    let resume: TrfState | null = null;
    if (command.checkpoint && loaded.digest) {
      const subject = checkpointSubject(command.model, loaded.digest, parameters, command.options);
      resume = command.checkpoint.resume ? readCheckpoint(command.checkpoint.file, subject, free) : null;
      if (command.checkpoint.resume && !resume) notes.push(`No checkpoint at ${command.checkpoint.file} yet: the fit starts afresh and saves one there.`);
      writer = checkpointWriter(command.checkpoint.file, subject, command.checkpoint.everyMs);
    }
    const data = { vars: model.variables.map(() => new Float64Array(0)), y: new Float64Array(0) };
    // The replicate groups' means may take the budget's share of a chunk (8 bytes each).
    const maxGroups = Math.floor(plan.limit / CHUNK_SHARE / 8);
    const result = await curveFit({ model, data, parameters, options: command.options, streamed: { source, sumRows: DEFAULT_CHUNK_ROWS, maxGroups, passes }, checkpoint: writer ? { resume, onState: writer.onState } : undefined });
    writer?.flush();
    const failed = writer?.failure();
    if (failed) notes.push(failed);
    const fitMs = now() - t1;
    const derived = reportedQuantities(result, command.ties, command.derive);
    const facts = {
      file: command.file,
      model: command.model,
      rows: source.rows,
      filteredRows: 0,
      excludedRows: 0,
      y: loaded.names.y,
      sigma: loaded.names.sigma,
      backend: 'cpu',
      parseMs,
      fitMs,
      workers: 0,
      notes,
      checkpoint: writer ? { ...writer.report(), resumed: resume ? { nit: resume.nit, nfev: resume.nfev } : null } : null,
      derived,
      memory: { limit: plan.limit, mode: 'stream' as const, estimateBytes: plan.estimateBytes, chunkRows: source.chunkRows, chunks: source.chunks, tempBytes: source.bytes, passes: passes.count },
    };
    console.log(command.json ? jsonReport(result, facts) : textReport(result, facts));
    return result.success ? EXIT.ok : EXIT.notConverged;
  } finally {
    loaded.columns.remove();
  }
}
