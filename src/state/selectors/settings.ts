/** Selectors of the solver options panel. */
import { fScaleProblem } from '../../fit/defaults';
import type { SolverSettings } from '../../share/types';

/** f_scale's field is off under the linear loss (which has no soft margin), unless its value is
 *  one the fit refuses whatever the loss (fit/defaults.ts): a setting that stops every fit must
 *  never be out of the user's reach. */
export function fScaleDisabled(settings: Pick<SolverSettings, 'loss' | 'fScale'>): boolean {
  return settings.loss === 'linear' && fScaleProblem(settings.fScale) === null;
}
