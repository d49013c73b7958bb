/**
 * The fitbench command line: the same core as the page (src/data, src/model, src/fit), in Node.
 * `main` returns the exit code; input errors print one line naming the place and the fix.
 */
import { FitInputError } from '../fit/parameters';
import { runJob } from '../job/run';
import { JobInputError } from '../job/validate';
import { nodeHost } from '../job/node/host';
import { now } from '../solver/clock';
import { SolverInputError } from '../solver/options';
import { parseFitArgs } from './args';
import { CliError, EXIT } from './errors';
import { fitGroupsCommand } from './groupFit';
import { fileSize, isGrouped, loadProblem } from './load';
import { parseThreads, readTableParallel } from '../data/node/parallelRead';
import { singleJob } from './job';
import { startSearchProgress } from './startProgress';
import { compareModelOf } from './compareModel';
import { checkpointTarget, fileCheckpoints } from './checkpoint';
import { jsonReport } from '../job/report/json';
import { textReport } from '../job/report/text';
import { USAGE } from './usage';
import { visibleText } from '../data/visibleText';
import { defaultMemoryLimit, planMemory } from '../store/node/filePlan';
import { fitStreamed } from './streamedFit';
import { checkOutputTargets } from './outputTarget';
import { reportTarget, writeReport } from './writeReport';
import { isOdeModel, withModelFile } from './modelText';
import { fitOdeCommand } from './odeCommand';
import { fitOdrCommand, isOdrCommand } from './odrCommand';
import type { RowChoice, Table } from '../data';
import type { CompiledModel } from '../model';
import { findUnknowns, jobAssay, refuseAssay, type Unknowns } from './assayLoad';

async function fit(argv: readonly string[]): Promise<number> {
  const parsed = parseFitArgs(argv);
  if (parsed === 'help') {
    console.log(USAGE);
    return EXIT.ok;
  }
  const t0 = now();
  const command = withModelFile(parsed);
  // Errors in x (--sigma-x) or an implicit model (one equation, lhs = rhs): issue 24, odrCommand.ts.
  // Of the assay options only --predict runs there (odrCommand.ts refuses the others).
  if (isOdrCommand(command)) return fitOdrCommand(command, t0);
  // Statements (dX/dt = …, COL ~ …) are an ODE model (issue 23): a job of its own data kind.
  if (isOdeModel(command.model)) {
    // Of the assay options only --predict runs there (each response at new times, odeCommand.ts).
    refuseAssay({ ...command, assay: { ...command.assay, predict: null } }, 'an ODE model');
    return fitOdeCommand(command, t0);
  }
  if (command.odeOptions.length > 0) throw new CliError(`${command.odeOptions.join(', ')} belong${command.odeOptions.length === 1 ? 's' : ''} to an ODE model (statements such as dA/dt = -k*A; A(0) = A0); drop ${command.odeOptions.length === 1 ? 'it' : 'them'} for a closed-form model.`);
  // A file that cannot or may not be written is said before the data are read, not after the fit.
  checkOutputTargets([command.file], [...(command.checkpoint ? [checkpointTarget(command.checkpoint.file)] : []), ...(command.report ? [reportTarget(command.report)] : [])]);
  // --memory-limit: a file whose columns would not fit is streamed from a temporary file.
  const plan = planMemory(command.file, command.memoryLimit ?? defaultMemoryLimit());
  if (plan.mode === 'stream') {
    refuseAssay(command, 'a file streamed from disk (--memory-limit)');
    return fitStreamed(command, plan, t0);
  }
  if (isGrouped(command)) return fitGroupsCommand(command);
  // A large file is parsed on several threads (parallelRead.ts), with the one-thread Table.
  const size = fileSize(command.file);
  const threads = parseThreads(size, command.workers);
  const parallel = await readTableParallel(command.file, size, threads);
  // --interpolate: rows with a y and an empty x are unknowns, kept out of the fit (assayLoad.ts).
  let unknowns: Unknowns | null = null;
  const leaveOut = command.assay.interpolate ? (t: Table, m: CompiledModel, r: RowChoice, y: string) => (unknowns = findUnknowns(command, t, m, r, y)).mask : undefined;
  const { table, model, data, rows: chosenRows } = loadProblem(command, parallel ?? undefined, leaveOut);
  const parseMs = now() - t0;
  const job = { ...singleJob(command, model, data), assay: jobAssay(command, model, unknowns) };
  // --compare-model: the second model on the same rows, fitted and compared by the job.
  const compareModel = command.compareModel ? compareModelOf(command, table, chosenRows, { model, data, parameters: job.parameters }) : undefined;
  // A search over many rows takes seconds: it says so on stderr (startProgress.ts).
  const host = nodeHost({ startProgress: startSearchProgress, checkpoints: command.checkpoint ? fileCheckpoints(command.checkpoint.file, command.checkpoint.everyMs) : undefined });
  const run = await runJob(compareModel ? { ...job, compareModel } : job, host);
  const { result, profile } = run;
  const facts = {
    file: command.file,
    model: command.model,
    rows: data.rows,
    filteredRows: chosenRows.filteredCount,
    excludedRows: chosenRows.excludedCount,
    y: data.names.y,
    sigma: data.names.sigma,
    backend: run.backend,
    parseMs,
    parseThreads: parallel ? threads : 1,
    fitMs: run.fitMs,
    workers: run.workers,
    notes: run.notes,
    autoStart: run.autoStart,
    varpro: run.varpro,
    checkpoint: run.checkpoint,
    derived: run.derived,
    modelComparison: run.modelComparison ?? null,
    poisson: run.poisson,
    memory: { limit: plan.limit, mode: 'memory' as const, estimateBytes: plan.estimateBytes, chunkRows: null, chunks: null, tempBytes: 0, passes: 0 },
    assay: run.assay,
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
    if (error instanceof CliError || error instanceof FitInputError || error instanceof SolverInputError || error instanceof JobInputError) {
      console.error(`fitbench: ${visibleText(error.message)}`); // a key or name quoted in it may hold bidi controls
      return EXIT.usage;
    }
    throw error;
  }
}
