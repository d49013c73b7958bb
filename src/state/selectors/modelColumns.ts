/** The columns a model is written in, read off the page (pure selectors used by the model
 *  actions, the ties, VarPro's starts and the comparison card). */
import { libraryModel } from '../library';
import { renameVariable } from '../rename';
import type { AppState } from '../store';

/** The names the model may use as variables: the chosen x columns (also before the data arrive,
 *  when a link named them), or `x` before there are any. */
export function modelColumns(s: Pick<AppState, 'table' | 'mapping'>): readonly string[] {
  return s.mapping.x.length > 0 ? s.mapping.x : ['x'];
}

/** The library entry's expression written in the chosen x column. */
export function libraryText(id: string, s: Pick<AppState, 'table' | 'mapping'>): string | null {
  const def = libraryModel(id);
  return def ? renameVariable(def.expression, 'x', modelColumns(s)[0] ?? 'x') : null;
}
