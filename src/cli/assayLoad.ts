/**
 * --interpolate's unknowns in the file (issue 26): rows with a usable y and an empty x cell, as in
 * GraphPad Prism. They are taken out of the fit (the standards are the other rows) and read off the
 * fitted curve. --where and --exclude-rows apply to them as to the standards. An x cell that holds
 * text ("abc") is not an unknown: the fit's strict rule names it as before. Replicates: with
 * --sample COL, consecutive unknown rows (no standard between) with the same COL cell are one
 * sample, read at their mean; without it each row is its own sample.
 */
import { findColumn, groupKeys, skipOf, type Column, type RowChoice, type Table } from '../data';
import type { UnknownSample } from '../fit/interpolate';
import { unknownRows, type UnknownRows } from '../fit/unknownRows';
import type { JobAssay } from '../job/steps/assay';
import type { CompiledModel } from '../model';
import type { FitCommand } from './args';
import { CliError } from './errors';
import { chooseY, dataError, type LoadedGroups } from './load';

/** The unknown rows and their samples (src/fit/unknownRows.ts). */
export type Unknowns = UnknownRows;

const column = (command: FitCommand, table: Table, name: string, option?: string): Column => {
  const found = findColumn(table, name);
  if (!found.ok) throw dataError(command.file, found.error, option);
  return found.value;
};

/** The unknown rows and their samples; a file without any is an error (nothing to interpolate). */
export function findUnknowns(command: FitCommand, table: Table, model: CompiledModel, rows: RowChoice, yName: string, groupOf?: (r: number) => string | null): Unknowns {
  if (model.variables.length !== 1) {
    throw new CliError(`--interpolate reads x off a curve of one variable; the model uses ${model.variables.join(', ')}. Fix the others with --where, or drop --interpolate.`);
  }
  const x = column(command, table, model.variables[0]);
  const y = column(command, table, yName);
  const sigma = command.sigma ? column(command, table, command.sigma) : null;
  const sample = command.assay.sample ? column(command, table, command.assay.sample, '--sample') : null;
  const found = unknownRows(table, { x, y, sigma, sample, skip: skipOf(rows), groupOf });
  if (!found.ok) throw new CliError(`${command.file}:${found.problem.line}: the unknown's ${sigma?.name} cell is not a positive number; a σ-weighted fit needs each unknown's σ.`);
  const { mask, samples, groups } = found.value;
  if (samples.length === 0) {
    throw new CliError(`--interpolate: ${command.file} has no unknowns: no row has a ${y.name} value and an empty ${x.name} cell. Leave the x cell of each unknown empty.`);
  }
  return { mask, samples, groups };
}

/** The job's assay request from the command (null when no assay option was given). */
export function jobAssay(command: FitCommand, model: CompiledModel, unknowns: Unknowns | null): JobAssay | null {
  const a = command.assay;
  if (!a.interpolate && !a.predict && !a.outliers && !a.bootstrap) return null;
  if (a.predict) {
    if (model.variables.length !== 1) throw new CliError(`--predict gives ŷ on a curve of one variable; the model uses ${model.variables.join(', ')}.`);
    const v = a.predict.variable;
    if (v !== null && v !== model.variables[0]) throw new CliError(`--predict: the model's variable is ${model.variables[0]}, not "${v}" (e.g. --predict ${model.variables[0]}=1,10,100).`);
  }
  return { unknowns: unknowns?.samples ?? null, predict: a.predict?.x ?? null, outliers: a.outliers, bootstrap: a.bootstrap };
}

/** The assay options are refused where they do not run (an ODE model, a streamed file). */
export function refuseAssay(command: FitCommand, where: string): void {
  const a = command.assay;
  const given = [a.interpolate ? '--interpolate' : '', a.predict ? '--predict' : '', a.outliers ? '--outliers' : '', a.bootstrap ? '--ci bootstrap' : ''].filter(Boolean);
  if (given.length > 0) throw new CliError(`${given.join(', ')} ${given.length === 1 ? 'does' : 'do'} not run with ${where} yet; drop ${given.length === 1 ? 'it' : 'them'}.`);
}

/** --interpolate with --group: the unknowns of each group (by key), and how many rows each has. */
export function groupUnknowns(command: FitCommand, loaded: LoadedGroups): { byGroup: Map<string, UnknownSample[]>; rows: Map<string, number> } {
  const { table, model, rows } = loaded;
  const keys = groupKeys(table, command.group as string);
  if (!keys.ok) throw dataError(command.file, keys.error, '--group');
  const { codes, keys: names } = keys.value;
  const found = findUnknowns(command, table, model, rows, chooseY(command, table, model.variables), (r) => (codes[r] >= 0 ? names[codes[r]] : null));
  const byGroup = new Map<string, UnknownSample[]>();
  const count = new Map<string, number>();
  found.samples.forEach((s, i) => {
    const g = found.groups[i];
    if (g === null) return; // in no group: counted with the ungrouped rows
    byGroup.set(g, [...(byGroup.get(g) ?? []), s]);
    count.set(g, (count.get(g) ?? 0) + s.lines.length);
  });
  return { byGroup, rows: count };
}
