/**
 * Errors in both variables (issue 24): `fitbench fit DATA.csv --model "a + b*x" --sigma-x SX
 * --sigma SY` and implicit models `--model "(x-a)^2 + (y-b)^2 = R^2" --sigma-x x=SX,y=SY`, as a
 * fit job of data kind 'odr' (src/job, fit/odr), printed as every fit is, plus the JSON's `odr`
 * object (ODRPACK's names) and a line of the text report that says it is ODR.
 *
 * The columns: an explicit model's variables are its x columns as always, --y (or the default
 * rule) its response, --sigma its σy; --sigma-x COL gives the σ of the one x column, and
 * --sigma-x x1=s1,x2=s2 one per column (a column without one is exact). An implicit model names
 * every column it relates in the equation, all of them observed: --sigma-x COL gives them one σ
 * column, --sigma-x x=SX,y=SY one each, none gives unit weights; --y and --sigma do not apply.
 * What does not run with errors in x yet is refused here in the options' words, before the file
 * is read; the job's clash rules (validate.ts) hold the same list.
 */
import { selectColumns, skipOf, type Table } from '../data';
import { variableNames } from '../data/modelColumns';
import { runJob } from '../job/run';
import { nodeHost } from '../job/node/host';
import type { OdrJobData } from '../job/job';
import { odrJson } from '../job/report/odrJson';
import { compileEquation, isEquationModel, type CompiledModel } from '../model';
import { now } from '../solver/clock';
import type { FitCommand } from './args';
import { CliError, EXIT } from './errors';
import { chooseY, compileForTable, dataError, loadRows, readTable } from './load';
import { modelPlace } from './modelText';
import { singleJob } from './job';
import { jsonReport, textReport } from './report';
import { startSearchProgress } from './startProgress';
import { unusableRowsMessage } from './unusableRows';

/** Whether the command is an errors-in-x fit (--sigma-x, or a model that is one equation). */
export function isOdrCommand(command: FitCommand): boolean {
  if (command.sigmaX !== null || isEquationModel(command.model)) return true;
  if (command.deltas) throw new CliError('--deltas writes the δ per row of an errors-in-x fit: add --sigma-x COL (or fit an implicit model, lhs = rhs), or drop --deltas.');
  return false;
}

/** Options that do not run with errors in x yet, and why, in the options' words. */
function refusals(command: FitCommand, implicit: boolean): string | null {
  const odr = 'with errors in x (--sigma-x) or an implicit model';
  if (command.odeOptions.length > 0) return `${command.odeOptions.join(', ')} belong to an ODE model; drop them ${odr}.`;
  if (command.group !== null || command.wide) return `--group and --wide do not run ${odr} yet: fit one group at a time with --where COL=KEY.`;
  if (command.varpro) return `--varpro does not run ${odr} yet: drop --varpro.`;
  if (command.mle) return `--mle poisson does not run ${odr} (it is least squares over β and every δ): drop --mle.`;
  if ((command.options.loss ?? 'linear') !== 'linear') return `--loss ${command.options.loss} does not run ${odr} yet (least squares only): drop --loss.`;
  if (command.ties.length > 0) return `--tie does not run ${odr} yet: write the tied expression into the model.`;
  if (command.checkpoint) return `--checkpoint does not run ${odr} yet: drop --checkpoint and --resume.`;
  if (command.compareModel) return `--compare-model does not run ${odr} yet.`;
  if (command.report) return `--report does not run ${odr} yet: use --json or the text report.`;
  if (command.backend === 'gpu') return `--backend gpu: errors in x are fitted in float64 on the CPU; drop --backend gpu.`;
  if (command.options.weights !== undefined && command.options.weights !== 'sigma') return `--weights ${command.options.weights} does not run ${odr}: give σ columns (--sigma for y, --sigma-x for x).`;
  if (command.options.method !== undefined && command.options.method !== 'auto') return `--method ${command.options.method}: an errors-in-x fit solves its own (arrow) normal equations; drop --method.`;
  if (command.memoryLimit !== null) return `--memory-limit: streaming from disk does not run ${odr}; drop --memory-limit.`;
  if (implicit && command.y !== null) return `--y: an implicit model names every column it relates in its equation (all observed); drop --y.`;
  if (implicit && command.sigma !== null) return `--sigma: every column of an implicit model is observed; give each its σ with --sigma-x x=SX,y=SY (or one σ column for all with --sigma-x SX).`;
  return null;
}

/** --sigma-x as (model variable → σ column); every model variable named, none twice. */
export function parseSigmaX(text: string | null, variables: readonly string[], implicit: boolean): Map<string, string> {
  const out = new Map<string, string>();
  if (text === null) return out;
  const t = text.trim();
  if (t === '') throw new CliError('--sigma-x needs a column: --sigma-x SX, or --sigma-x x1=s1,x2=s2 with several x columns.');
  if (!t.includes('=')) {
    if (!implicit && variables.length > 1) throw new CliError(`--sigma-x ${t}: the model has ${variables.length} x columns (${variables.join(', ')}); say whose σ it is: --sigma-x ${variables[0]}=${t}.`);
    for (const v of variables) out.set(v, t);
    return out;
  }
  for (const part of t.split(',')) {
    const at = part.indexOf('=');
    const name = part.slice(0, at).trim();
    const column = part.slice(at + 1).trim();
    if (at < 0 || name === '' || column === '') throw new CliError(`--sigma-x: "${part.trim()}" is not COLUMN=SIGMACOLUMN (e.g. --sigma-x ${variables[0] ?? 'x'}=sx).`);
    if (!variables.includes(name)) throw new CliError(`--sigma-x ${name}=${column}: "${name}" is not a column of the model (its columns: ${variables.join(', ') || 'none'}).`);
    if (out.has(name)) throw new CliError(`--sigma-x names "${name}" twice; give each column's σ once.`);
    out.set(name, column);
  }
  return out;
}

function compileOdrModel(command: FitCommand, table: Table, implicit: boolean): CompiledModel {
  if (!implicit) return compileForTable(command, table);
  const compiled = compileEquation(command.model, { columns: variableNames(table.columns) });
  if (!compiled.ok) throw new CliError(command.modelFile === null ? `--model: ${compiled.error.message}${compiled.error.hint ? `; ${compiled.error.hint}` : ''}` : modelPlace(command, compiled.error));
  return compiled.value;
}

/** The file's columns for an errors-in-x job, strict as every CLI fit (an unusable cell stops it). */
function loadOdrData(command: FitCommand, implicit: boolean) {
  const parsed = readTable(command.file);
  if (!parsed.ok) throw dataError(command.file, parsed.error);
  const table = parsed.value;
  const model = compileOdrModel(command, table, implicit);
  const rows = loadRows(command, table);
  const sigmaOf = parseSigmaX(command.sigmaX, model.variables, implicit);
  const sigmaColumns = [...new Set(sigmaOf.values())];
  // The selection's roles must differ: an implicit model's last column stands in as "y".
  const y = implicit ? model.variables[model.variables.length - 1] : chooseY(command, table, [...model.variables, ...sigmaColumns]);
  const sigma = implicit ? null : command.sigma;
  const xs = [...new Set([...model.variables.filter((v) => v !== y || !implicit), ...sigmaColumns.filter((c) => c !== y && c !== sigma && !model.variables.includes(c))])];
  const selected = selectColumns(table, { x: xs, y, sigma, skip: skipOf(rows), share: true });
  if (!selected.ok) throw dataError(command.file, selected.error, '--sigma-x');
  const data = selected.value;
  if (data.dropped.length > 0) throw new CliError(unusableRowsMessage(command.file, data.dropped, data.droppedCount, command.excludeRows.length > 0));
  const column = (name: string): Float64Array => (name === y ? data.y : name === sigma ? data.sigma! : data.vars[xs.indexOf(name)]);
  const odr: OdrJobData = {
    kind: 'odr',
    model,
    implicit,
    vars: model.variables.map(column),
    y: implicit ? null : data.y,
    sigmaY: implicit ? null : data.sigma,
    sigmaX: model.variables.map((v) => (sigmaOf.has(v) ? column(sigmaOf.get(v)!) : null)),
    lines: data.lines,
  };
  return { model, odr, y, rows, count: data.rows, sigmaOf };
}

export async function fitOdrCommand(command: FitCommand, t0: number): Promise<number> {
  const implicit = isEquationModel(command.model);
  const refused = refusals(command, implicit);
  if (refused) throw new CliError(refused);
  const { model, odr, y, rows, count, sigmaOf } = loadOdrData(command, implicit);
  const parseMs = now() - t0;
  // The refusals above leave singleJob's ties, objective, VarPro and checkpoint at their plain values.
  const job = singleJob(command, model, odr);
  const run = await runJob(job, nodeHost({ startProgress: startSearchProgress }));
  const { result } = run;
  const fitted = run.odr!;
  const errors = model.variables.map((v) => `σ(${v}) = ${sigmaOf.get(v) ?? (implicit ? '1' : 'exact')}`).join(', ');
  const facts = {
    file: command.file,
    model: command.model,
    rows: count,
    filteredRows: rows.filteredCount,
    excludedRows: rows.excludedCount,
    y: implicit ? model.variables.join(',') : y,
    sigma: implicit ? null : command.sigma,
    backend: run.backend,
    parseMs,
    fitMs: run.fitMs,
    workers: run.workers,
    notes: run.notes,
    autoStart: run.autoStart,
    derived: run.derived,
    odrJson: odrJson(fitted, command.deltas),
  };
  if (command.json) console.log(jsonReport(result, facts, run.profile));
  else {
    const split = `Σ(δ/σx)² = ${fitted.sumSquaresDelta.toPrecision(7)}${implicit ? '' : ` + Σ(ε/σy)² = ${fitted.sumSquaresEps.toPrecision(7)}`}`;
    const how = implicit ? `implicit model, ${fitted.rounds} augmented-Lagrangian rounds, largest distance left ${(fitted.constraintViolation ?? NaN).toExponential(1)} σ` : 'explicit model, started from the ordinary fit';
    const line = `  ODR (orthogonal distance regression, errors in x and y; ODRPACK's statistics): ${errors}; ${split}; res_var = ${fitted.resVar.toPrecision(7)}; ${how}`;
    const report = textReport(result, facts, run.profile).split('\n');
    report.splice(report.findIndex((l) => l.startsWith('  nfev ')), 0, line);
    // An implicit model has no y: its header names the observed columns instead.
    if (implicit) report[0] = report[0].replace(`, y = ${facts.y}`, `, columns ${model.variables.join(', ')} (all observed)`);
    console.log(report.join('\n'));
  }
  return result.success ? EXIT.ok : EXIT.notConverged;
}
