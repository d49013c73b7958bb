/** Column selection: the mapping applied to the table, dropped rows counted, data to draw. */
import { dataCsv } from '../export/curveCsv';
import { selectColumns, type FitData } from '../data/selectColumns';
import type { ColumnMapping } from '../share/types';
import type { PlotRequest, SelectionSummary, Status, WorkerError } from './api';
import { buildSeries } from './series';
import { sameMapping, session } from './session';

function range(values: Float64Array): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { min, max };
}

const noData: WorkerError = { code: 'no-data', message: 'Load data first: drop a CSV, paste from a spreadsheet, or try a sample.', field: 'data' };

/** The selection for a mapping, reusing the current one when the mapping is unchanged. */
export function ensureSelection(mapping: ColumnMapping): { ok: true; value: FitData } | { ok: false; error: WorkerError } {
  if (!session.table) return { ok: false, error: noData };
  if (session.selection && sameMapping(session.mapping, mapping)) return { ok: true, value: session.selection };
  const picked = selectColumns(session.table, { x: mapping.x, y: mapping.y, sigma: mapping.sigma });
  if (!picked.ok) return { ok: false, error: { ...picked.error, field: 'mapping' } };
  session.mapping = { x: [...mapping.x], y: mapping.y, sigma: mapping.sigma };
  session.selection = picked.value;
  return picked;
}

export function select(mapping: ColumnMapping, plot: PlotRequest): Status<SelectionSummary> {
  const picked = ensureSelection(mapping);
  if (!picked.ok) return picked;
  const data = picked.value;
  return {
    ok: true,
    value: {
      rows: data.rows,
      dropped: data.dropped.slice(0, 500),
      droppedCount: data.droppedCount,
      ranges: data.vars.map((v, i) => ({ name: data.names.x[i] ?? '', ...range(v) })),
      y: range(data.y),
      data: buildSeries(data, data.y, plot),
    },
  };
}

/** The selected columns (x…, y, sigma), exactly the rows a fit uses, as CSV text with their names. */
export function exportDataCsv(mapping: ColumnMapping): Status<string> {
  const picked = ensureSelection(mapping);
  if (!picked.ok) return picked;
  const data = picked.value;
  const columns = data.names.x.map((name, i) => ({ name, values: data.vars[i] ?? new Float64Array(data.rows) }));
  columns.push({ name: data.names.y, values: data.y });
  if (data.names.sigma && data.sigma) columns.push({ name: data.names.sigma, values: data.sigma });
  return { ok: true, value: dataCsv(columns) };
}

/** The selected columns as plain numbers, named as in the table. */
export function exportColumns(): Status<Record<string, number[]>> {
  const data = session.selection;
  if (!data) return { ok: false, error: noData };
  const out: Record<string, number[]> = {};
  data.names.x.forEach((name, i) => (out[name] = Array.from(data.vars[i] ?? [])));
  out[data.names.y] = Array.from(data.y);
  if (data.names.sigma && data.sigma) out[data.names.sigma] = Array.from(data.sigma);
  return { ok: true, value: out };
}
