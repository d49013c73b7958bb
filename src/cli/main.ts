/**
 * The fitbench command line: the same core as the page (src/data, src/model, src/fit), in Node.
 * `main` returns the exit code; input errors print one line naming the place and the fix.
 */
import { curveFit } from '../fit/curveFit';
import { FitInputError } from '../fit/parameters';
import { compileDerived, reportedQuantities } from '../fit/derived';
import { poissonFit, type PoissonFit } from '../fit/poissonMle';
import { profileIntervals } from '../fit/profileFit';
import { now } from '../solver/clock';
import { SolverInputError } from '../solver/options';
import { parseFitArgs } from './args';
import { selectBackend } from './backend';
import { CliError, EXIT } from './errors';
import { fitGroupsCommand } from './groupFit';
import { fileSize, isGrouped, loadProblem } from './load';
import { parseThreads, readTableParallel } from './parallelRead';
import { parameterTable } from './parameters';
import { rowWorkers } from './rowWorkers';
import { autoStart, DEFAULT_STARTS, type AutoStartResult } from '../start/index';
import { startSearchProgress } from './startProgress';
import { varproFit, type VarproPhase } from '../start/varpro';
import { createNodePool, defaultNodePoolSize } from '../parallel/node/nodePool';
import type { CandidateTaskInput } from '../start/candidateTask';
import type { ScoredRange } from '../start/candidates';
import { POOL_MIN_CANDIDATES } from '../start/poolScoring';
import { fitCompareModel } from './compareModel';
import { checkpointSubject, checkpointTarget, checkpointWriter, dataDigest, readCheckpoint, type CheckpointWriter } from './checkpoint';
import { cellDigest } from '../store/cellDigest';
import { jsonReport, textReport } from './report';
import { USAGE } from './usage';
import { visibleText } from '../data/visibleText';
import { defaultMemoryLimit } from './memoryLimit';
import { planMemory } from './streamLoad';
import { fitStreamed } from './streamedFit';
import { checkOutputTargets } from './outputTarget';
import { reportTarget, writeReport } from './writeReport';

async function fit(argv: readonly string[]): Promise<number> {
  const command = parseFitArgs(argv);
  if (command === 'help') {
    console.log(USAGE);
    return EXIT.ok;
  }
  const t0 = now();
  // A file that cannot or may not be written is said before the data are read, not after the fit.
  checkOutputTargets([command.file], [...(command.checkpoint ? [checkpointTarget(command.checkpoint.file)] : []), ...(command.report ? [reportTarget(command.report)] : [])]);
  // --memory-limit: a file whose columns would not fit is streamed from a temporary file.
  const plan = planMemory(command.file, command.memoryLimit ?? defaultMemoryLimit());
  if (plan.mode === 'stream') return fitStreamed(command, plan, t0);
  if (isGrouped(command)) return fitGroupsCommand(command);
  // A large file is parsed on several threads (parallelRead.ts), with the one-thread Table.
  const size = fileSize(command.file);
  const threads = parseThreads(size, command.workers);
  const parallel = await readTableParallel(command.file, size, threads);
  const { table, model, data, rows: chosenRows } = loadProblem(command, parallel ?? undefined);
  const parseMs = now() - t0;
  const parameters = parameterTable(command, model.params);
  // Derived expressions are checked before the fit, so a typo does not cost a long run.
  for (const d of command.derive) compileDerived(d, model.params);
  // Large fits spread their float64 passes over worker threads (closed when the fit ends); they
  // start now, while the GPU probe runs, so that the first pass does not wait for them.
  const rows = rowWorkers(model, data.rows, command.workers);
  const backend = await selectBackend(command.backend, data.rows, model);
  const t1 = now();
  let result;
  const input = { model, data, parameters, options: command.options, rowPasses: rows.rowPasses };
  let auto: AutoStartResult | null = null;
  let varpro: VarproPhase | null = null;
  // A free parameter without --p0 (or any --starts): the automatic start search (src/start). Given
  // starts are refined as one extra candidate; they do not narrow the search.
  const needsStart = parameters.some((p) => !p.fixed && (p.value === null || p.value === undefined));
  // A search over many rows takes seconds: it says so on stderr (startProgress.ts).
  const searchProgress = () => startSearchProgress(data.rows, parameters.filter((p) => !p.fixed && (p.value === null || p.value === undefined)).map((p) => p.name), command.starts ?? DEFAULT_STARTS);
  const notes = [...backend.notes];
  // Many start candidates (--starts ≥ 131072) are scored on worker threads, with the same result
  // (in the one-file bundle too: it is its own worker, bundledHost.ts); --workers sets how many
  // (0 or 1: in this process), at most the cores (workerCap.ts).
  const candidateWorkers = Math.min(command.workers ?? defaultNodePoolSize(), defaultNodePoolSize());
  const candidatePool =
    (command.starts ?? 0) >= POOL_MIN_CANDIDATES && candidateWorkers > 1
      ? createNodePool<CandidateTaskInput, ScoredRange>({ module: new URL('../start/candidateTask.ts', import.meta.url), bundledName: 'candidateTask', size: candidateWorkers })
      : null;
  // --checkpoint: the main phase saves its state as it runs; --resume continues a saved one.
  let writer: CheckpointWriter | null = null;
  let resumed: { nit: number; nfev: number } | null = null;
  let resume = null;
  let poisson: PoissonFit | null = null;
  if (command.checkpoint) {
    // The usable-cells digest, as a streamed fit of the same file takes it (streamLoad.ts), so a
    // checkpoint of either resumes the other; files saved with the older whole-column digest still resume.
    const cells = [...data.vars, data.y, ...(data.sigma ? [data.sigma] : [])];
    const subject = checkpointSubject(command.model, cellDigest(cells), parameters, command.options);
    const free = parameters.filter((p) => !p.fixed).length;
    resume = command.checkpoint.resume ? readCheckpoint(command.checkpoint.file, subject, free, dataDigest(cells)) : null;
    if (command.checkpoint.resume && !resume) notes.push(`No checkpoint at ${command.checkpoint.file} yet: the fit starts afresh and saves one there.`);
    if (resume) resumed = { nit: resume.nit, nfev: resume.nfev };
    writer = checkpointWriter(command.checkpoint.file, subject, command.checkpoint.everyMs);
  }
  try {
    if (command.mle === 'poisson') {
      // Missing starts come from the least-squares search; the likelihood is maximised from there.
      if (needsStart || command.starts !== null) auto = await autoStart(model, data, parameters, { starts: command.starts ?? undefined, seed: command.seed, fit: command.options, pool: candidatePool, onProgress: searchProgress() });
      const from = auto ? parameters.map((p) => (p.fixed ? p : { ...p, value: auto!.fit.parameters.find((q) => q.name === p.name)?.value ?? p.value })) : parameters;
      poisson = await poissonFit({ ...input, parameters: from });
      result = poisson.result;
      if (!poisson.converged) notes.push(`The Poisson reweighting did not settle in ${poisson.rounds} rounds: the estimates may not be the maximum-likelihood ones.`);
    } else if (command.varpro) {
      // The linear parameters need no start here: VarPro solves them at every nonlinear iterate.
      const v = await varproFit({ ...input, primary: backend.primary ?? undefined });
      result = v.fit;
      varpro = v.varpro;
    } else if (resume && writer) {
      result = await curveFit({ ...input, primary: backend.primary ?? undefined, checkpoint: { resume, onState: writer.onState } });
    } else if (needsStart || command.starts !== null) {
      if (writer) notes.push('The automatic start search is not checkpointed; give --p0 for every free parameter to checkpoint the whole fit.');
      auto = await autoStart(model, data, parameters, { starts: command.starts ?? undefined, seed: command.seed, fit: command.options, primary: backend.primary ?? undefined, pool: candidatePool, rowPasses: rows.rowPasses, onProgress: searchProgress() });
      result = auto.fit;
    } else {
      result = await curveFit({ ...input, primary: backend.primary ?? undefined, checkpoint: writer ? { onState: writer.onState } : undefined });
    }
    writer?.flush();
    const failed = writer?.failure();
    if (failed) notes.push(failed);
  } finally {
    backend.release();
    candidatePool?.close();
  }
  // Profile intervals refit on the CPU (many small fits); their time counts in fitMs.
  const profile = command.ci === 'profile' ? await profileIntervals(input, result) : null;
  // --compare-model: the second model on the same rows; its time counts in fitMs too.
  const compared = command.compareModel ? await fitCompareModel(command, table, chosenRows, { model, data, parameters, result }) : null;
  rows.close(); // idle workers are unref'd: an error before this line does not keep the CLI alive
  const fitMs = now() - t1;
  const derived = reportedQuantities(result, command.ties, command.derive);
  const facts = {
    file: command.file,
    model: command.model,
    rows: data.rows,
    filteredRows: chosenRows.filteredCount,
    excludedRows: chosenRows.excludedCount,
    y: data.names.y,
    sigma: data.names.sigma,
    backend: [...new Set(result.phases.map((p) => p.backend))].join('+'),
    parseMs,
    parseThreads: parallel ? threads : 1,
    fitMs,
    workers: rows.workers,
    notes,
    autoStart: auto,
    varpro,
    checkpoint: writer ? { ...writer.report(), resumed } : null,
    derived,
    modelComparison: compared,
    poisson: poisson ? { cash: poisson.cash, deviance: poisson.deviance, rounds: poisson.rounds, converged: poisson.converged, pearsonChi2: poisson.pearsonChi2, dispersion: poisson.dispersion, logLik: poisson.logLik, aic: poisson.aic, aicc: poisson.aicc, bic: poisson.bic } : null,
    memory: { limit: plan.limit, mode: 'memory' as const, estimateBytes: plan.estimateBytes, chunkRows: null, chunks: null, tempBytes: 0, passes: 0 },
  };
  if (command.report) writeReport({ path: command.report, model, data, options: command.options, result, profile, facts });
  console.log(command.json ? jsonReport(result, facts, profile) : textReport(result, facts, profile));
  return result.success ? EXIT.ok : EXIT.notConverged;
}

export async function main(argv: readonly string[]): Promise<number> {
  const [sub, ...rest] = argv;
  try {
    // No command is a usage error: the usage goes to stderr (exit 2); asked for, to stdout (exit 0).
    if (sub === undefined) {
      console.error(USAGE);
      return EXIT.usage;
    }
    if (sub === '-h' || sub === '--help' || sub === 'help') {
      console.log(USAGE);
      return EXIT.ok;
    }
    if (sub !== 'fit') throw new CliError(`Unknown command "${sub}"; the command is "fitbench fit DATA.csv --model EXPR" (see fitbench --help).`);
    return await fit(rest);
  } catch (error) {
    if (error instanceof CliError || error instanceof FitInputError || error instanceof SolverInputError) {
      console.error(`fitbench: ${visibleText(error.message)}`); // a key or name quoted in it may hold bidi controls
      return EXIT.usage;
    }
    throw error;
  }
}
