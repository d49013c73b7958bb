/**
 * Reads the data file, compiles the model against its column names, applies the row filters
 * (--where) and exclusions (--exclude-rows), and selects the columns, in strict mode: any unusable
 * cell among the rows left is an error naming the file, line and column. With --group or --wide,
 * `loadGroupedProblem` splits the rows into one dataset per group instead; there an unusable row
 * drops from its group and is counted (a plate with one empty well must not stop 95 fits).
 */
import { statSync } from 'node:fs';
import {
  ALL_ROWS,
  chooseRows,
  findColumn,
  groupKeys,
  wideYColumns,
  selectColumns,
  skipOf,
  splitGroups,
  splitWide,
  type FitData,
  type GroupSplit,
  type Result,
  type RowChoice,
  type Table,
} from '../data';
import { defaultY, tableCandidates } from '../data/defaultColumns';
import { readTableFile } from '../data/node/readTable';
import { dataError } from '../job/node/dataError';
import { compileModel, type CompiledModel } from '../model';
import { tieParameters } from '../fit/ties';
import { compileDerived } from '../fit/derived';
import type { FitCommand } from './args';
import { CliError } from './errors';
import { unusableRowsMessage } from './unusableRows';
import { pickGroups } from './pickGroups';
import { variableNames } from '../data/modelColumns';
import { modelPlace } from './modelText';

export interface LoadedProblem {
  readonly table: Table;
  readonly model: CompiledModel;
  readonly data: FitData;
  /** The rows --where and --exclude-rows took out (counts and masks). */
  readonly rows: RowChoice;
}

/** A grouped problem: one dataset per group, each a GroupInput (src/fit/groupInput.ts). */
export interface LoadedGroups {
  readonly table: Table;
  readonly model: CompiledModel;
  /** How the rows were split: by a group column, or one group per y column of a wide file. */
  readonly by: 'column' | 'wide';
  /** groups (key, data, excludedCount, filteredCount) and the rows in no group. */
  readonly split: GroupSplit;
  readonly rows: RowChoice;
  /** What --groups left out and why (keys whose rows the filters all drop). */
  readonly warnings: string[];
}

/** Whether the command asks for a grouped fit (--group or --wide). */
export const isGrouped = (command: FitCommand): boolean => command.group !== null || command.wide;

export { dataError } from '../job/node/dataError';

/** The file parsed on this thread (src/data/node/readTable.ts), its size checked first. */
export const readTable = (file: string): Result<Table> => readTableFile(file, fileSize(file));

export function fileSize(file: string): number {
  let size: number;
  try {
    const stat = statSync(file);
    if (stat.isDirectory()) throw new CliError(`${file}: is a directory; give a CSV, TSV or text data file.`);
    size = stat.size;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`${file}: no such file; check the path.`);
  }
  if (size > 1.5e9) throw new CliError(`${file}: ${(size / 1e9).toFixed(1)} GB is more than the CLI reads in one go (1.5 GB).`);
  return size;
}

/**
 * y: --y, else the page's default (data/defaultColumns.ts): a column named y that the model does
 * not use, else the last unused numeric column that is no identifier (a run counter, an ID).
 */
export function chooseY(command: FitCommand, table: Table, variables: readonly string[]): string {
  if (command.y) return command.y;
  const used = [...variables, ...(command.group ? [command.group] : []), ...(command.sigma ? [command.sigma] : [])];
  const y = defaultY(tableCandidates(table), used);
  if (!y) throw new CliError(`${command.file}: every column is used by the model; name the response column with --y.`);
  return y;
}

/** The file parsed (or `parsed`: the parallel parse's Table) and the model compiled against its columns. */
function loadTableAndModel(command: FitCommand, parsed: Result<Table> = readTable(command.file)): { table: Table; model: CompiledModel } {
  if (!parsed.ok) throw dataError(command.file, parsed.error);
  return { table: parsed.value, model: compileForTable(command, parsed.value) };
}

/** The model compiled against the table's column names (a streamed file: those of its first piece). */
export function compileForTable(command: FitCommand, table: Table): CompiledModel {
  const names = variableNames(table.columns);
  // --tie b=2*a: b is replaced by (2*a) in the model, which then has one parameter fewer.
  const compiled = compileModel(tieParameters(command.model, names, command.ties), { columns: names });
  if (!compiled.ok) throw new CliError(command.modelFile === null ? `--model: ${compiled.error.message}` : modelPlace(command, compiled.error));
  const model = compiled.value;
  // --derive is of the parameters: a column's name, as its name or in it, is refused here.
  for (const d of command.derive) compileDerived(d, model.params, names);
  if (model.variables.length === 0) {
    throw new CliError(
      `--model uses none of the columns of ${command.file} (${names.join(', ')}): every identifier became a parameter (${model.params.join(', ')}). Write the model in terms of a column name.`,
    );
  }
  return model;
}

/** --where and --exclude-rows against the table. */
export function loadRows(command: FitCommand, table: Table): RowChoice {
  if (command.where.length === 0 && command.excludeRows.length === 0) return ALL_ROWS;
  const chosen = chooseRows(table, { where: command.where, exclude: command.excludeRows });
  if (!chosen.ok) throw dataError(command.file, chosen.error, chosen.error.code === 'bad-rows' ? '--exclude-rows' : '--where');
  return chosen.value;
}

/**
 * `parsed`: the file already parsed (readTableParallel), else it is read here on one thread.
 * `leaveOut`: rows kept out of the fit besides --where and --exclude-rows (--interpolate's unknowns).
 */
export function loadProblem(command: FitCommand, parsed?: Result<Table>, leaveOut?: (table: Table, model: CompiledModel, rows: RowChoice, y: string) => Uint8Array): LoadedProblem {
  const { table, model } = loadTableAndModel(command, parsed);
  const rows = loadRows(command, table);
  const y = chooseY(command, table, model.variables);
  const out = leaveOut?.(table, model, rows, y);
  const chosen = skipOf(rows);
  const skip = out ? out.map((v, r) => v | (chosen?.[r] ?? 0)) : chosen;
  // share: the fit only reads the columns, so a file whose rows are all kept is held once.
  const selected = selectColumns(table, { x: [...model.variables], y, sigma: command.sigma, skip, share: true });
  if (!selected.ok) throw dataError(command.file, selected.error);
  // The CLI is strict: a script must not fit silently on fewer rows than the file has.
  if (selected.value.dropped.length > 0) {
    throw new CliError(unusableRowsMessage(command.file, selected.value.dropped, selected.value.droppedCount, command.excludeRows.length > 0));
  }
  return { table, model, data: selected.value, rows };
}

/** The y columns of a wide fit: --y's comma-separated list, else every other numeric column. */
function wideYs(command: FitCommand, table: Table, variables: readonly string[]): string[] {
  if (command.y) return command.y.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const used = [...variables, ...(command.sigma ? [command.sigma] : []), ...command.where.map((w) => w.column)];
  const ys = wideYColumns(table, used);
  if (ys.length === 0) throw new CliError(`${command.file}: --wide found no y columns besides the model's variables; list them with --y A1,A2,….`);
  return ys;
}

/**
 * --group COL or --wide: the rows split into one dataset per group, with per-group counts of
 * filtered, excluded and dropped rows. A group with no usable row is kept (the engine reports it
 * as failed, with the reason); a split with no group at all is an error. --groups keeps the
 * groups it names (pickGroups.ts).
 */
export function loadGroupedProblem(command: FitCommand): LoadedGroups {
  const { table, model } = loadTableAndModel(command);
  const rows = loadRows(command, table);
  const x = [...model.variables];
  if (command.group !== null) {
    const group = findColumn(table, command.group);
    if (!group.ok) throw dataError(command.file, group.error, '--group');
  }
  const split = command.group !== null
    ? splitGroups(table, { x, y: chooseY(command, table, model.variables), sigma: command.sigma, group: command.group, rows })
    : splitWide(table, { x, ys: wideYs(command, table, model.variables), sigma: command.sigma, rows });
  if (!split.ok) throw dataError(command.file, split.error, split.error.code === 'unknown-column' || split.error.code === 'duplicate-column' ? undefined : '--group');
  if (split.value.groups.length === 0) {
    const why = rows.filteredCount > 0 ? `the --where filters leave no row with a group (${rows.filteredCount} rows filtered out)` : `every row's ${JSON.stringify(command.group)} cell is empty`;
    throw new CliError(`${command.file}: no groups: ${why}.`);
  }
  let picked = { split: split.value, warnings: [] as string[] };
  if (command.groups !== null) {
    const all = command.group !== null ? groupKeys(table, command.group) : null;
    if (all && !all.ok) throw dataError(command.file, all.error, '--group');
    const allKeys = all ? all.value.keys : split.value.groups.map((g) => g.key);
    picked = pickGroups(split.value, command.groups, allKeys, all ? `column ${JSON.stringify(all.value.column.name)}` : 'the wide file');
  }
  return { table, model, by: command.group !== null ? 'column' : 'wide', split: picked.split, rows, warnings: picked.warnings };
}
