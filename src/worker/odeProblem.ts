/**
 * An ODE model's fit problem in the worker (issue 23): the statements parsed against the table's
 * columns and compiled (cached: every slider move integrates the same system), the time column
 * (the x column the user picked), and each `~` line's column with its times and σ over the rows
 * the filters and exclusions keep (src/fit/ode/observedRows.ts, as the CLI's: a row whose cell is
 * empty or unusable leaves only the response it belongs to). A one-state model without a `~` line
 * observes the y column (and its σ column) as that state, as the CLI's --y and --sigma do.
 */
import { variableNames } from '../data/modelColumns';
import { skipOf } from '../data/chooseRows';
import { observedRows, observeYLine } from '../fit/ode';
import { parseStatements } from '../model';
import type { OdeProblem } from '../plot/odeShapes';
import type { DataMapping, Status, WorkerError } from './api';
import { compiledOde } from '../job/browser/pageModels';
import { compiledCache } from '../job/browser/compiledCache';
import { rowChoice } from '../job/protocol/rowChoice';
import { session } from './session';

export type { OdeProblem } from '../plot/odeShapes';

const observedTexts = compiledCache<string>();

/**
 * The text with `Y ~ X` (and `| SIGMA`) added for a one-state model without a `~` line; cached,
 * as the compiled model is, so that a slider move parses nothing.
 */
function observedText(text: string, mapping: DataMapping, columns: readonly string[]): string {
  return observedTexts(`${mapping.y}\u0002${mapping.sigma ?? ''}\u0002${text}`, columns, () => {
    const spec = parseStatements(text, { columns });
    const line = spec.ok && mapping.y !== '' ? observeYLine(spec.value, mapping.y, mapping.sigma) : null;
    return line === null ? text : `${text}\n${line}`;
  });
}

const noData: WorkerError = { code: 'no-data', message: 'Load data first: drop a CSV, paste from a spreadsheet, or try a sample.', field: 'data' };

/** The model and its observations over the session's table (the rows of `mapping.rows`). */
export function odeProblem(text: string, mapping: DataMapping): Status<OdeProblem> {
  const table = session.table;
  if (!table) return { ok: false, error: noData };
  if (session.stream) return { ok: false, error: { code: 'ode-stream', message: 'An ODE model is fitted with its rows in memory: this table is streamed from browser storage. Load a smaller file (or raise the memory budget) to fit an ODE model.', field: 'data' } };
  const time = mapping.x[0];
  if (!time) return { ok: false, error: { code: 'no-data', message: 'Choose the time column as x.', field: 'mapping' } };
  const columns = variableNames(table.columns);
  const model = compiledOde(observedText(text, mapping, columns), columns);
  if (!model.ok) return model;
  const choice = rowChoice(table, mapping.rows);
  if (!choice.ok) return choice;
  if (model.value.spec.observations.some((o) => o.column === time)) return { ok: false, error: { code: 'ode-time-observed', message: `"${time} ~ …" observes the time column: choose another x column as time, or observe another column.`, field: 'mapping' } };
  const observed = observedRows(table, model.value.spec.observations, time, skipOf(choice.value));
  if (!observed.ok) return { ok: false, error: { ...observed.error, field: 'mapping' } };
  const empty = observed.value.find((o) => o.y.length === 0);
  if (empty) return { ok: false, error: { code: 'no-rows', message: `${empty.column} has no row with a usable ${time} and ${empty.column}: check the columns and the row filters.`, field: 'mapping' } };
  return { ok: true, value: { model: model.value, data: { observed: observed.value }, time } };
}
