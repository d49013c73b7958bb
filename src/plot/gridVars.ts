/**
 * Which model variables a smooth curve on a grid of the plotted variable can be drawn with (issue
 * 13): the plotted one takes the grid; any other variable must hold one value over the rows shown
 * (a dose per subject once the rows are filtered to one subject), and is held at it. When another
 * variable varies, the model is drawn at the data points only.
 */
import type { FitData } from '../data/selectColumns';
import type { CompiledModel } from '../model/index';

/** The value a column holds on every row, or null when it varies (NaN counts as varying). */
export function constantValue(column: Float64Array): number | null {
  if (column.length === 0) return null;
  const v = column[0];
  if (!Number.isFinite(v)) return null;
  for (let i = 1; i < column.length; i++) if (column[i] !== v) return null;
  return v;
}

/** Per model variable, the value it is held at on the grid (null: the plotted variable), or null
 *  when some other variable varies over the rows. */
export function heldVariables(model: CompiledModel, data: FitData, plotVar: number): (number | null)[] | null {
  const plotted = data.names.x[plotVar];
  const held: (number | null)[] = [];
  for (const name of model.variables) {
    if (name === plotted) {
      held.push(null);
      continue;
    }
    const column = data.vars[data.names.x.indexOf(name)];
    const value = column ? constantValue(column) : null;
    if (value === null) return null;
    held.push(value);
  }
  return held;
}

/** The model's variable columns on `grid`: the grid itself, or a held value repeated. */
export function gridColumns(held: readonly (number | null)[], grid: Float64Array): Float64Array[] {
  return held.map((v) => (v === null ? grid : new Float64Array(grid.length).fill(v)));
}
