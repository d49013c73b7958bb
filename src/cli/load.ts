/**
 * Reads the data file, compiles the model against its column names and selects the columns, in
 * strict mode: any unusable cell is an error naming the file, line and column.
 */
import { readFileSync, statSync } from 'node:fs';
import { parseDelimitedText, selectColumns, type FitData, type Table } from '../data';
import { compileModel, type CompiledModel } from '../model';
import type { FitCommand } from './args';
import { CliError } from './errors';

export interface LoadedProblem {
  readonly table: Table;
  readonly model: CompiledModel;
  readonly data: FitData;
}

function readText(file: string): string {
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
  return readFileSync(file, 'utf8');
}

/** y: --y, else a column named y that the model does not use, else the last unused column. */
function chooseY(command: FitCommand, table: Table, variables: readonly string[]): string {
  if (command.y) return command.y;
  const unused = table.columns.map((c) => c.name).filter((n) => !variables.includes(n) && n !== command.sigma);
  if (unused.includes('y')) return 'y';
  const last = unused[unused.length - 1];
  if (!last) throw new CliError(`${command.file}: every column is used by the model; name the response column with --y.`);
  return last;
}

export function loadProblem(command: FitCommand): LoadedProblem {
  const parsed = parseDelimitedText(readText(command.file));
  if (!parsed.ok) {
    const where = parsed.error.line ? `${command.file}:${parsed.error.line}` : command.file;
    throw new CliError(`${where}: ${parsed.error.message}`);
  }
  const table = parsed.value;
  const names = table.columns.map((c) => c.name);
  const compiled = compileModel(command.model, { columns: names });
  if (!compiled.ok) throw new CliError(`--model: ${compiled.error.message}`);
  const model = compiled.value;
  if (model.variables.length === 0) {
    throw new CliError(
      `--model uses none of the columns of ${command.file} (${names.join(', ')}): every identifier became a parameter (${model.params.join(', ')}). Write the model in terms of a column name.`,
    );
  }
  const y = chooseY(command, table, model.variables);
  const selected = selectColumns(table, { x: [...model.variables], y, sigma: command.sigma });
  if (!selected.ok) {
    const where = selected.error.line ? `${command.file}:${selected.error.line}` : command.file;
    throw new CliError(`${where}: ${selected.error.message}`);
  }
  // The CLI is strict: a script must not fit silently on fewer rows than the file has.
  const first = selected.value.dropped[0];
  if (first) {
    const more = selected.value.droppedCount > 1 ? ` (${selected.value.droppedCount} unusable rows in all)` : '';
    const column = first.column ? `column "${first.column}": ` : '';
    throw new CliError(`${command.file}:${first.line}: ${column}${first.reason}; fix or remove the row${more}.`);
  }
  return { table, model, data: selected.value };
}
