/**
 * What the plot says about an ODE model (issue 23) when it has no fresh curves to draw. The data
 * alone would be drawn as the y column against x, which for an ODE model's table (Hare, Lynx) is
 * a meaningless scatter; instead:
 *
 * - statements that do not parse keep the last curves that did on screen (refreshCurve keeps
 *   them), said in a note with the parser's message: `stale`;
 * - with no curves yet, the plot's place holds a sentence saying why (the parse error, the
 *   curve's error, the missing start values) instead of the scatter: `blank`.
 *
 * null: a closed-form model, no data, or an ODE model whose curves are drawn as they are.
 */
import { isOdeModel } from '../../model/index';
import type { AppState } from '../store';

export type OdePlotState = { readonly kind: 'stale' | 'blank'; readonly message: string } | null;

export function odePlotState(s: AppState): OdePlotState {
  if (!s.selection || !isOdeModel(s.modelText)) return null;
  const error = s.modelInfo.error;
  if (error) {
    const why = `The model does not parse: ${error.message}`;
    return s.curve?.ode ? { kind: 'stale', message: `${why}. The plot shows the last curves of the model that did.` } : { kind: 'blank', message: `${why}.` };
  }
  if (s.curve?.ode) return null;
  if (s.curveError) return { kind: 'blank', message: `The ODE model's curves cannot be drawn: ${s.curveError.message}` };
  if (s.params.some((p) => p.value === null)) return { kind: 'blank', message: 'Give every parameter a start value to draw the model\'s curves, or press Fit: it searches for the missing ones.' };
  return { kind: 'blank', message: 'Integrating the model…' };
}

/** Whether refreshCurve keeps the curves on screen although it cannot draw new ones: the last
 *  ODE curves while the statements do not parse. */
export function keepsOdeCurve(s: AppState): boolean {
  return s.curve?.ode != null && s.modelInfo.error !== null && isOdeModel(s.modelText);
}
