/**
 * The σ columns of an errors-in-variables fit on the page (issue 24): each x column's σ (the
 * mapping's sigmaX) read on the selection's rows, as they are in the file. They do not go through
 * the selection's row rules: ODR has no "drop the row" (a row's δ is a parameter), so a σ that is
 * empty, not finite or ≤ 0 reaches the job, which names its line and says what to do
 * (src/fit/odr/odrRows.ts). The job's columns are then assembled by job.ts `odrRowsOf`, as the CLI's.
 */
import { findColumn } from '../../data/findColumn';
import type { FitData } from '../../data/selectColumns';
import type { Table } from '../../data/types';
import type { DataMapping } from './request';
import type { Status } from './status';

/** A column's values on the rows at `lines` (the selection's physical lines, in table order). */
export function rowsOf(table: Table, lines: Int32Array, name: string): Status<Float64Array> {
  const found = findColumn(table, name);
  if (!found.ok) return { ok: false, error: { code: 'sigma-x', message: `σ of x: ${found.error.message}`, field: 'mapping' } };
  const values = found.value.values;
  const out = new Float64Array(lines.length);
  // Both line lists ascend (the selection keeps the table's order): one pass.
  for (let r = 0, i = 0; i < lines.length; i++) {
    while (r < table.rowCount && table.lines[r] !== lines[i]) r++;
    out[i] = r < table.rowCount ? values[r] : NaN;
  }
  return { ok: true, value: out };
}

/**
 * σ of each of the model's variables on the selection's rows, in the model's order (null: exact,
 * or unit weights in an implicit model): an x column's from sigmaX; y's (an implicit model's
 * last column) from the σ picker, the selection's sigma.
 */
export function variableSigmas(table: Table, data: FitData, mapping: DataMapping, variables: readonly string[]): Status<(Float64Array | null)[]> {
  const out: (Float64Array | null)[] = [];
  for (const v of variables) {
    if (v === data.names.y) {
      out.push(data.sigma);
      continue;
    }
    const column = mapping.sigmaX?.[v];
    if (column === undefined) {
      out.push(null);
      continue;
    }
    if (column === v || column === data.names.y || data.names.x.includes(column)) {
      return { ok: false, error: { code: 'sigma-x', message: `The σ of "${v}" is the column "${column}", which the fit already uses as ${column === data.names.y ? 'y' : 'x'}: choose a separate σ column.`, field: 'mapping' } };
    }
    const values = rowsOf(table, data.lines, column);
    if (!values.ok) return values;
    out.push(values.value);
  }
  return { ok: true, value: out };
}

/** Whether the page's request is an errors-in-x fit: some x has a σ column (an equation is one too). */
export function hasSigmaX(mapping: Pick<DataMapping, 'x' | 'sigmaX'>): boolean {
  return mapping.x.some((x) => mapping.sigmaX?.[x] !== undefined);
}
