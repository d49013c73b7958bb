/** Column selection: the mapping applied to the table, dropped rows counted, data to draw. */
import { sigmaXColumns } from '../share/fingerprint';
import { dataCsv } from '../export/curveCsv';
import { selectColumns, type FitData } from '../data/selectColumns';
import { ALL_ROWS, skipOf } from '../data/chooseRows';
import { rowChoice, valueRange } from '../job/protocol/rowChoice';
import type { Table } from '../data/types';
import type { DataMapping, PlotRequest, SelectionSummary, Status, WorkerError } from './api';
import { excludedPoints } from '../plot/excluded';
import { buildSeries } from '../plot/series';
import { sameMapping, session } from './session';
import { rowsOf } from '../job/protocol/sigmaX';
import { streamedSelection } from '../job/browser/streamedColumns';
import type { StreamedTable } from '../job/browser/streamIngest';

const noData: WorkerError = { code: 'no-data', message: 'Load data first: drop a CSV, paste from a spreadsheet, or try a sample.', field: 'data' };

/** The selection for a mapping, reusing the current one when the mapping is unchanged. */
export function ensureSelection(mapping: DataMapping): { ok: true; value: FitData } | { ok: false; error: WorkerError } {
  if (!session.table) return { ok: false, error: noData };
  if (session.selection && sameMapping(session.mapping, mapping)) return { ok: true, value: session.selection };
  const choice = rowChoice(session.table, mapping.rows);
  if (!choice.ok) return choice;
  const picked = selectColumns(session.table, { x: mapping.x, y: mapping.y, sigma: mapping.sigma, skip: skipOf(choice.value) });
  if (!picked.ok) return { ok: false, error: { ...picked.error, field: 'mapping' } };
  const rows = mapping.rows ? { where: [...mapping.rows.where], exclude: [...mapping.rows.exclude] } : undefined;
  session.mapping = { x: [...mapping.x], y: mapping.y, sigma: mapping.sigma, ...(mapping.sigmaX ? { sigmaX: { ...mapping.sigmaX } } : {}), ...(rows ? { rows } : {}) };
  session.selection = picked.value;
  session.choice = choice.value;
  return picked;
}

/** The σ of the plotted x column on the selection's rows, where it is measured with error (issue 24). */
function plottedSigmaX(mapping: DataMapping, data: FitData, plotVar: number): Float64Array | null {
  const name = data.names.x[plotVar] ?? data.names.x[0];
  const column = name !== undefined ? mapping.sigmaX?.[name] : undefined;
  if (column === undefined || !session.table) return null;
  const values = rowsOf(session.table, data.lines, column);
  return values.ok ? values.value : null;
}

export function select(mapping: DataMapping, plot: PlotRequest): Status<SelectionSummary> {
  const picked = ensureSelection(mapping);
  if (!picked.ok) return picked;
  const data = picked.value;
  const choice = session.choice ?? ALL_ROWS;
  return {
    ok: true,
    value: {
      rows: data.rows,
      filteredCount: choice.filteredCount,
      excludedCount: choice.excludedCount,
      excluded: excludedPoints(session.table as Table, mapping, choice, plot.plotVar),
      dropped: data.dropped.slice(0, 500),
      droppedCount: data.droppedCount,
      ranges: data.vars.map((v, i) => ({ name: data.names.x[i] ?? '', ...valueRange(v) })),
      y: valueRange(data.y),
      data: buildSeries(data, data.y, plot, plottedSigmaX(mapping, data, plot.plotVar)),
      streamed: session.stream ? streamedSummary(session.stream, mapping) : null,
    },
  };
}

/** A streamed table's rows as the page reports them (the fit's, not the sample's). */
function streamedSummary(stream: StreamedTable, mapping: DataMapping): NonNullable<SelectionSummary['streamed']> {
  const picked = streamedSelection(stream, mapping);
  if (!picked.ok) return { rows: stream.rows, droppedCount: 0, dropped: [], problem: picked.problem };
  const { usable, dropped } = picked.value;
  return { rows: usable.rows, droppedCount: usable.dropped, dropped, problem: null };
}

/** The selected columns (x…, y, sigma), exactly the rows a fit uses, as CSV text with their names. */
export function exportDataCsv(mapping: DataMapping): Status<string> {
  const picked = ensureSelection(mapping);
  if (!picked.ok) return picked;
  const data = picked.value;
  const columns = data.names.x.map((name, i) => ({ name, values: data.vars[i] ?? new Float64Array(data.rows) }));
  columns.push({ name: data.names.y, values: data.y });
  if (data.names.sigma && data.sigma) columns.push({ name: data.names.sigma, values: data.sigma });
  // Errors in x (issue 24): each x's σ column too, on the same rows, for the exported script to read.
  for (const name of sigmaXColumns(mapping)) {
    if (columns.some((c) => c.name === name) || !session.table) continue;
    const values = rowsOf(session.table, data.lines, name);
    if (!values.ok) return values;
    columns.push({ name, values: values.value });
  }
  return { ok: true, value: dataCsv(columns) };
}

/** The selected columns as plain numbers, named as in the table. */
export function exportColumns(): Status<Record<string, number[]>> {
  const data = session.selection;
  if (!data) return { ok: false, error: noData };
  // Object.fromEntries defines own properties: `out[name] = …` with name "__proto__" would set the
  // prototype instead and lose the column.
  const entries: [string, number[]][] = data.names.x.map((name, i) => [name, Array.from(data.vars[i] ?? [])]);
  entries.push([data.names.y, Array.from(data.y)]);
  if (data.names.sigma && data.sigma) entries.push([data.names.sigma, Array.from(data.sigma)]);
  return { ok: true, value: Object.fromEntries(entries) };
}
