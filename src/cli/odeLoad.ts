/**
 * An ODE model's data from the file (issue 23): the statements parsed against the file's columns
 * (errors with --model's line:column, or PATH:line:column for --model-file), the time column
 * (--time, else a column named t or time, else the x rule of a closed-form fit), and each
 * observed column's rows with their times and σ. With one state and no `~` line, --y (else the
 * default y) is observed as that state, with --sigma as its σ.
 *
 * Rows are read as a closed-form fit reads them (--where, --exclude-rows). One response is
 * strict (an unusable cell is an error naming its line); with several, a row's empty or unusable
 * cell leaves it out of that response only (responses are often measured at different times),
 * and a note says how many.
 */
import { defaultColumns, defaultY, tableCandidates } from '../data/defaultColumns';
import { variableNames } from '../data/modelColumns';
import { namedTimeColumn } from '../data/odeTime';
import { findColumn, skipOf, type Result, type RowChoice, type Table } from '../data';
import { compileDerived } from '../fit/derived';
import { observedRows, observeYLine, type OdeFitData } from '../fit/ode';
import { compileOde, parseStatements, type CompiledOde, type OdeModelSpec } from '../model';
import type { FitCommand } from './args';
import { CliError } from './errors';
import { dataError, loadRows, readTable } from './load';
import { modelPlace } from './modelText';
import { groupMasks } from './groupMasks';
import { unusableRowsMessage } from './unusableRows';

export interface LoadedOde {
  readonly table: Table;
  readonly model: CompiledOde;
  readonly data: OdeFitData;
  readonly rows: RowChoice;
  readonly time: string;
  /** Rows left by --where and --exclude-rows. */
  readonly rowCount: number;
  readonly notes: string[];
}

/** --time, else a column named t or time (any case), else the x rule among the columns the model does not observe. */
function timeColumn(command: FitCommand, table: Table, observed: readonly string[]): string {
  if (command.time !== null) {
    const found = findColumn(table, command.time);
    if (!found.ok) throw dataError(command.file, found.error, '--time');
    return found.value.name;
  }
  const named = namedTimeColumn(table.columns.map((c) => c.name));
  if (named) return named;
  const x = defaultColumns(tableCandidates(table).filter((c) => !observed.includes(c.name))).x;
  if (!x) throw new CliError(`${command.file}: no time column: name it with --time COL (no column is named t or time).`);
  return x;
}

function parse(command: FitCommand, text: string, columns: readonly string[]): OdeModelSpec {
  const spec = parseStatements(text, { columns });
  if (!spec.ok) throw new CliError(modelPlace(command, spec.error));
  return spec.value;
}

/** The spec, with `Y ~ X` (and `| SIGMA`) added for a one-state model without a `~` line. */
function observedSpec(command: FitCommand, table: Table, columns: readonly string[]): { spec: OdeModelSpec; time: string } {
  const spec = parse(command, command.model, columns);
  if (spec.observations.length > 0) {
    if (command.sigma !== null) throw new CliError(`--sigma: an ODE model names each response's σ column on its ~ line (COL ~ expr | SIGMACOL); write "| ${command.sigma}" there instead.`);
    if (command.y !== null) throw new CliError(`--y: the ODE model's ~ lines name its observed columns (${spec.observations.map((o) => o.column).join(', ')}); drop --y.`);
    return { spec, time: timeColumn(command, table, spec.observations.flatMap((o) => [o.column, ...(o.sigma ? [o.sigma] : [])])) };
  }
  const time = timeColumn(command, table, []);
  const y = command.y ?? defaultY(tableCandidates(table), [time, ...(command.sigma ? [command.sigma] : [])]);
  if (!y) throw new CliError(`${command.file}: no column left to observe; name it with --y COL, or write COL ~ ${spec.states[0].name} in the model.`);
  if (!findColumn(table, y).ok) throw new CliError(`--y: ${command.file} has no column "${y}"; its columns are ${columns.join(', ')}.`);
  return { spec: parse(command, `${command.model}\n${observeYLine(spec, y, command.sigma)}`, columns), time };
}

/** The statements parsed and compiled against the file's columns, the time column and the rows --where and --exclude-rows keep. */
function odeSetup(command: FitCommand, parsed: Result<Table>) {
  if (!parsed.ok) throw dataError(command.file, parsed.error);
  const table = parsed.value;
  const columns = variableNames(table.columns);
  const { spec, time } = observedSpec(command, table, columns);
  for (const d of command.derive) compileDerived(d, spec.params, columns);
  const rows = loadRows(command, table);
  const compiled = compileOde(spec);
  if (!compiled.ok) throw new CliError(modelPlace(command, compiled.error));
  return { table, spec, model: compiled.value, time, rows };
}

/** Each response's rows among those `skip` leaves: strict with one response, a note per response with several. */
function observed(command: FitCommand, table: Table, spec: OdeModelSpec, time: string, skip: Uint8Array | null, where = ''): { data: OdeFitData; notes: string[]; dropped: number } {
  const read = observedRows(table, spec.observations, time, skip);
  if (!read.ok) throw dataError(command.file, read.error);
  const several = read.value.length > 1;
  const notes: string[] = [];
  for (const [i, o] of read.value.entries()) {
    if (o.droppedCount > 0 && !several) throw new CliError(unusableRowsMessage(command.file, o.dropped, o.droppedCount, command.excludeRows.length > 0));
    const sigma = spec.observations[i].sigma;
    if (o.droppedCount > 0) notes.push(`${where}${o.column}: ${o.droppedCount} row${o.droppedCount === 1 ? '' : 's'} with an empty or unusable ${time}, ${o.column}${sigma ? ` or ${sigma}` : ''} cell left out of this response (first at line ${o.dropped[0]?.line ?? '?'}).`);
  }
  return { data: { observed: read.value }, notes, dropped: read.value.reduce((n, o) => n + o.droppedCount, 0) };
}

/** `parsed`: the file already parsed, else it is read here. */
export function loadOdeProblem(command: FitCommand, parsed: Result<Table> = readTable(command.file)): LoadedOde {
  const { table, spec, model, time, rows } = odeSetup(command, parsed);
  const { data, notes } = observed(command, table, spec, time, skipOf(rows));
  return { table, model, data, rows, time, rowCount: table.rowCount - rows.filteredCount - rows.excludedCount, notes };
}

/** An ODE model's per-group problem (--group COL): each group's responses, from the rows the filters keep, in the file's order of first appearance. */
export interface LoadedOdeGroups extends Omit<LoadedOde, 'data'> {
  readonly groupColumn: string;
  /** `dropped`: the group's rows left out of a response as unusable. */
  readonly groups: readonly { readonly key: string; readonly data: OdeFitData; readonly dropped: number }[];
  /** Rows (kept by the filters) whose group cell is empty: in no group. */
  readonly ungrouped: number;
}

export function loadOdeGroups(command: FitCommand & { readonly group: string }): LoadedOdeGroups {
  const { table, spec, model, time, rows } = odeSetup(command, readTable(command.file));
  const inFit = (name: string) => name === time || spec.observations.some((o) => o.column === name || o.sigma === name);
  const { column, groups: masks, ungrouped } = groupMasks(command, table, skipOf(rows), inFit);
  const notes: string[] = [];
  const groups = masks.map(({ key, skip }) => {
    const read = observed(command, table, spec, time, skip, `${column} ${key}: `);
    notes.push(...read.notes);
    return { key, data: read.data, dropped: read.dropped };
  });
  return { table, model, rows, time, rowCount: table.rowCount - rows.filteredCount - rows.excludedCount, notes, groupColumn: column, groups, ungrouped };
}
