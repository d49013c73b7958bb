/** The columns a model is written in, read off the page (pure selectors used by the model
 *  actions, the ties, VarPro's starts and the comparison card). */
import { variableNames } from '../../data/modelColumns';
import { isEquationModel, isOdeModel } from '../../model/index';
import { libraryModel } from '../library';
import { namedColumns } from '../modelColumns';
import { renameVariable } from '../rename';
import type { AppState } from '../store';

/** The names the model may use as variables: the chosen x columns (also before the data arrive,
 *  when a link named them), or `x` before there are any; with `text`, also the columns that text
 *  names, which are variables as soon as it is typed (they join x: state/modelColumns.ts); with an
 *  ODE model's text, the table's columns (its `~` lines may observe any of them). */
export function modelColumns(s: Pick<AppState, 'table' | 'mapping'>, text?: string): readonly string[] {
  const x = s.mapping.x.length > 0 ? s.mapping.x : ['x'];
  if (text === undefined || !s.table) return x;
  // An ODE model's `~` lines name data columns, any of the table's (issue 23).
  // So do an implicit model's (issue 24): its equation relates x and y, both columns.
  if (isOdeModel(text) || isEquationModel(text)) return variableNames(s.table.columns);
  const named = namedColumns({ modelText: text, table: s.table, modelNamedX: [] }, s.mapping) ?? [];
  return [...x, ...named.filter((name) => !x.includes(name))];
}

/** The library entry's expression written in the chosen x column. */
export function libraryText(id: string, s: Pick<AppState, 'table' | 'mapping'>): string | null {
  const def = libraryModel(id);
  return def ? renameVariable(def.expression, 'x', modelColumns(s)[0] ?? 'x') : null;
}
