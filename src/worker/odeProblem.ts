/**
 * An ODE model's fit problem in the worker (issue 23): the statements parsed against the table's
 * columns and compiled (cached: every slider move integrates the same system), the time column
 * (the x column the user picked), and each `~` line's column with its times and σ over the rows
 * the filters and exclusions keep. As in the CLI (src/cli/odeLoad.ts), a row whose cell is empty
 * or unusable leaves only the response it belongs to. A one-state model without a `~` line
 * observes the y column (and its σ column) as that state, as the CLI's --y and --sigma do.
 */
import { variableNames } from '../data/modelColumns';
import { selectColumns } from '../data/selectColumns';
import { skipOf } from '../data/chooseRows';
import type { ObservedColumn } from '../fit/ode';
import { compileOde, parseStatements, type CompiledOde } from '../model/index';
import type { OdeProblem } from '../plot/odeShapes';
import type { DataMapping, Status, WorkerError } from './api';
import { rowChoice } from './select';
import { session } from './session';

export type { OdeProblem } from '../plot/odeShapes';

const compiledOdes = new Map<string, Status<CompiledOde>>();
const LIMIT = 8;

function compiledOde(text: string, columns: readonly string[]): Status<CompiledOde> {
  const key = `${columns.join('\u0001')}\u0000${text}`;
  const hit = compiledOdes.get(key);
  if (hit) return hit;
  const spec = parseStatements(text, { columns });
  const out: Status<CompiledOde> = !spec.ok
    ? { ok: false, error: { code: spec.error.code, message: spec.error.message, field: 'model' } }
    : (() => {
        const c = compileOde(spec.value);
        return c.ok ? { ok: true as const, value: c.value } : { ok: false as const, error: { code: c.error.code, message: c.error.message, field: 'model' as const } };
      })();
  compiledOdes.set(key, out);
  if (compiledOdes.size > LIMIT) compiledOdes.delete(compiledOdes.keys().next().value as string);
  return out;
}

/** The text with `Y ~ X` (and `| SIGMA`) added for a one-state model without a `~` line. */
function observedText(text: string, mapping: DataMapping, columns: readonly string[]): string {
  const spec = parseStatements(text, { columns });
  if (!spec.ok || spec.value.observations.length > 0 || spec.value.states.length !== 1 || mapping.y === '') return text;
  return `${text}\n${mapping.y} ~ ${spec.value.states[0].name}${mapping.sigma ? ` | ${mapping.sigma}` : ''}`;
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
  const skip = skipOf(choice.value);
  const observed: ObservedColumn[] = [];
  for (const o of model.value.spec.observations) {
    if (o.column === time) return { ok: false, error: { code: 'ode-time-observed', message: `"${o.column} ~ …" observes the time column: choose another x column as time, or observe another column.`, field: 'mapping' } };
    const picked = selectColumns(table, { x: [time], y: o.column, sigma: o.sigma ?? null, skip });
    if (!picked.ok) return { ok: false, error: { ...picked.error, field: 'mapping' } };
    const s = picked.value;
    if (s.rows === 0) return { ok: false, error: { code: 'no-rows', message: `${o.column} has no row with a usable ${time} and ${o.column}: check the columns and the row filters.`, field: 'mapping' } };
    observed.push({ column: o.column, time: s.vars[0], y: s.y, sigma: s.sigma, lines: s.lines });
  }
  return { ok: true, value: { model: model.value, data: { observed }, time } };
}
