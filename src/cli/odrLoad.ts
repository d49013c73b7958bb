/**
 * An errors-in-x fit's columns from the file (issue 24): the model compiled against the file's
 * columns (an implicit model as its equation), --sigma-x read as each model column's σ column,
 * and the columns of a set of rows (all that --where and --exclude-rows keep, or one group's),
 * strict as every CLI fit: an unusable cell stops it, naming its line.
 */
import { selectColumns, type Table } from '../data';
import { variableNames } from '../data/modelColumns';
import { odrRowsOf, type OdrRows } from '../job/job';
import { compileEquation, type CompiledModel } from '../model';
import type { FitCommand } from './args';
import { CliError } from './errors';
import { chooseY, compileForTable, dataError, loadRows, readTable } from './load';
import { modelPlace } from './modelText';
import { unusableRowsMessage } from './unusableRows';

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

/** The file, model and column roles of an errors-in-x job, and the rows --where and --exclude-rows keep. */
export function odrSetup(command: FitCommand, implicit: boolean) {
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
  return { table, model, implicit, rows, sigmaOf, y, sigma, xs };
}

/** The columns of the rows `skip` leaves, strict as every CLI fit (an unusable cell stops it, naming its line). */
export function odrColumns(command: FitCommand, s: ReturnType<typeof odrSetup>, skip: Uint8Array | null): { readonly columns: OdrRows; readonly count: number } {
  const { model, implicit, y, sigma, xs, sigmaOf } = s;
  const selected = selectColumns(s.table, { x: xs, y, sigma, skip, share: true });
  if (!selected.ok) throw dataError(command.file, selected.error, '--sigma-x');
  const data = selected.value;
  if (data.dropped.length > 0) throw new CliError(unusableRowsMessage(command.file, data.dropped, data.droppedCount, command.excludeRows.length > 0));
  const column = (name: string): Float64Array => (name === y ? data.y : name === sigma ? data.sigma! : data.vars[xs.indexOf(name)]);
  const columns = odrRowsOf(data, model.variables, implicit, column, (v) => (sigmaOf.has(v) ? column(sigmaOf.get(v)!) : null));
  return { columns, count: data.rows };
}

/** `σ(x) = sx, …`: each model column's error, as the reports say it. */
export const odrErrors = (s: Pick<ReturnType<typeof odrSetup>, 'model' | 'sigmaOf' | 'implicit'>): string => s.model.variables.map((v) => `σ(${v}) = ${s.sigmaOf.get(v) ?? (s.implicit ? '1' : 'exact')}`).join(', ');
