/**
 * --compare-model EXPR: the second model compiled against the file's columns, on the first model's
 * rows (the same y, σ, weights, --where and --exclude-rows), with its --compare-p0/-bounds/-fix, as
 * the job's `compareModel`: the job fits it after the first and compares the two (src/job/compare.ts).
 */
import { selectColumns, skipOf, type FitData, type RowChoice, type Table } from '../data';
import type { ParameterSpec } from '../fit/parameters';
import { compareClash, fittedCount, type CompareModel } from '../job/compare';
import { compileModel, type CompiledModel } from '../model';
import type { FitCommand } from './args';
import { CliError } from './errors';
import { parameterTable } from './parameters';

export function compareModelOf(command: FitCommand, table: Table, rows: RowChoice, first: { readonly model: CompiledModel; readonly data: FitData; readonly parameters: readonly ParameterSpec[] }): CompareModel {
  const spec = command.compareModel!;
  const names = table.columns.map((c) => c.name);
  const compiled = compileModel(spec.model, { columns: names });
  if (!compiled.ok) throw new CliError(`--compare-model: ${compiled.error.message}`);
  const model = compiled.value;
  if (model.variables.length === 0) throw new CliError(`--compare-model uses none of the columns of ${command.file} (${names.join(', ')}); write it in terms of a column name, as the first model.`);
  const selected = selectColumns(table, { x: [...model.variables], y: first.data.names.y, sigma: command.sigma, skip: skipOf(rows), share: true });
  if (!selected.ok) throw new CliError(`--compare-model: ${command.file}: ${selected.error.message}`);
  const bad = selected.value.dropped[0];
  if (bad) throw new CliError(`--compare-model: ${command.file}:${bad.line}: ${bad.column ? `column "${bad.column}": ` : ''}${bad.reason}; both models must be fitted to the same rows: fix or exclude the row.`);
  const parameters = parameterTable({ p0: spec.p0, bounds: spec.bounds, fix: spec.fix, ties: [] }, model.params, 'compare-');
  const second: CompareModel = { model: spec.model, compiled: model, data: selected.value, parameters, nested: spec.nested };
  if (compareClash({ first: { model: command.model, compiled: first.model, parameters: first.parameters }, second })) throw new CliError(`--nested: both models fit ${fittedCount(second)} parameters; a nested model fits fewer than the model it is nested in.`);
  return second;
}
