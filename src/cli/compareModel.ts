/**
 * --compare-model EXPR: a second model fitted to the rows of the first (the same y, σ, weights,
 * --where and --exclude-rows), then compared with it (src/fit/compare/compareModels.ts): the
 * F test when one model is established as nested in the other, AICc always, the verdict in words.
 * Its start values come from --compare-p0, else from the automatic start search, like the first's.
 */
import { selectColumns, skipOf, type FitData, type RowChoice, type Table } from '../data';
import { compareModels, fitSummary, modelLabel } from '../fit/compare/compareModels';
import { findNesting, type ModelForm } from '../fit/compare/nesting';
import { curveFit } from '../fit/curveFit';
import type { ParameterSpec } from '../fit/parameters';
import type { FitResult } from '../fit/types';
import { compileModel, type CompiledModel } from '../model';
import { autoStart } from '../start/index';
import type { FitCommand } from './args';
import { CliError } from './errors';
import { parameterTable } from './parameters';

import type { ComparedFit } from '../job/report/facts';

export type { ComparedFit };

const formOf = (model: CompiledModel, parameters: readonly ParameterSpec[]): ModelForm => ({
  ast: model.ast,
  fixed: new Map(parameters.filter((p) => p.fixed).map((p) => [p.name, p.value as number])),
});

/** The second model compiled against the file's columns, on the first model's rows. */
function loadSecond(command: FitCommand, table: Table, rows: RowChoice, first: FitData): { model: CompiledModel; data: FitData } {
  const text = command.compareModel!.model;
  const names = table.columns.map((c) => c.name);
  const compiled = compileModel(text, { columns: names });
  if (!compiled.ok) throw new CliError(`--compare-model: ${compiled.error.message}`);
  const model = compiled.value;
  if (model.variables.length === 0) throw new CliError(`--compare-model uses none of the columns of ${command.file} (${names.join(', ')}); write it in terms of a column name, as the first model.`);
  const selected = selectColumns(table, { x: [...model.variables], y: first.names.y, sigma: command.sigma, skip: skipOf(rows), share: true });
  if (!selected.ok) throw new CliError(`--compare-model: ${command.file}: ${selected.error.message}`);
  const bad = selected.value.dropped[0];
  if (bad) throw new CliError(`--compare-model: ${command.file}:${bad.line}: ${bad.column ? `column "${bad.column}": ` : ''}${bad.reason}; both models must be fitted to the same rows: fix or exclude the row.`);
  return { model, data: selected.value };
}

export async function fitCompareModel(
  command: FitCommand,
  table: Table,
  rows: RowChoice,
  first: { readonly model: CompiledModel; readonly data: FitData; readonly parameters: readonly ParameterSpec[]; readonly result: FitResult },
): Promise<ComparedFit> {
  const spec = command.compareModel!;
  const { model, data } = loadSecond(command, table, rows, first.data);
  const parameters = parameterTable({ p0: spec.p0, bounds: spec.bounds, fix: spec.fix, ties: [] }, model.params, 'compare-');
  const needsStart = parameters.some((p) => !p.fixed && (p.value === null || p.value === undefined));
  const result = needsStart || command.starts !== null
    ? (await autoStart(model, data, parameters, { starts: command.starts ?? undefined, seed: command.seed, fit: command.options })).fit
    : await curveFit({ model, data, parameters, options: command.options });
  const firstForm = formOf(first.model, first.parameters);
  const secondForm = formOf(model, parameters);
  let nesting = findNesting(firstForm, secondForm);
  let by: 'structure' | 'user' = 'structure';
  if (!nesting && spec.nested) {
    // The user's word: the model with fewer fitted parameters is the simpler one.
    const k1 = first.result.free.length;
    const k2 = result.free.length;
    if (k1 === k2) throw new CliError(`--nested: both models fit ${k1} parameters; a nested model fits fewer than the model it is nested in.`);
    nesting = { simpler: k2 < k1 ? 1 : 0, constants: new Map() };
    by = 'user';
  }
  const summary = (text: string, params: readonly ParameterSpec[], r: FitResult) => fitSummary(modelLabel(text, params.filter((p) => p.fixed).map((p) => [p.name, p.value as number])), r);
  const comparison = compareModels(summary(command.model, first.parameters, first.result), summary(spec.model, parameters, result), nesting ? { by, nesting } : null);
  return { model: spec.model, result, comparison };
}
