/**
 * The fitbench command line: the same core as the page (src/data, src/model, src/fit), in Node.
 * `main` returns the exit code; input errors print one line naming the place and the fix.
 */
import { curveFit } from '../fit/curveFit';
import { FitInputError } from '../fit/parameters';
import { now } from '../solver/clock';
import { SolverInputError } from '../solver/options';
import { parseFitArgs } from './args';
import { selectBackend } from './backend';
import { CliError, EXIT } from './errors';
import { loadProblem } from './load';
import { parameterTable } from './parameters';
import { jsonReport, textReport } from './report';
import { USAGE } from './usage';

async function fit(argv: readonly string[]): Promise<number> {
  const command = parseFitArgs(argv);
  if (command === 'help') {
    console.log(USAGE);
    return EXIT.ok;
  }
  const t0 = now();
  const { model, data } = loadProblem(command);
  const parseMs = now() - t0;
  const parameters = parameterTable(command, model.params);
  const backend = await selectBackend(command.backend, data.rows, model);
  const t1 = now();
  let result;
  try {
    result = await curveFit({ model, data, parameters, options: command.options, primary: backend.primary ?? undefined });
  } finally {
    backend.release();
  }
  const fitMs = now() - t1;
  const facts = {
    file: command.file,
    model: command.model,
    rows: data.rows,
    y: data.names.y,
    sigma: data.names.sigma,
    backend: [...new Set(result.phases.map((p) => p.backend))].join('+'),
    parseMs,
    fitMs,
    notes: backend.notes,
  };
  console.log(command.json ? jsonReport(result, facts) : textReport(result, facts));
  return result.success ? EXIT.ok : EXIT.notConverged;
}

export async function main(argv: readonly string[]): Promise<number> {
  const [sub, ...rest] = argv;
  try {
    if (sub === undefined || sub === '-h' || sub === '--help' || sub === 'help') {
      console.log(USAGE);
      return sub === undefined ? EXIT.usage : EXIT.ok;
    }
    if (sub !== 'fit') throw new CliError(`Unknown command "${sub}"; the command is "fitbench fit DATA.csv --model EXPR" (see fitbench --help).`);
    return await fit(rest);
  } catch (error) {
    if (error instanceof CliError || error instanceof FitInputError || error instanceof SolverInputError) {
      console.error(`fitbench: ${error.message}`);
      return EXIT.usage;
    }
    throw error;
  }
}
