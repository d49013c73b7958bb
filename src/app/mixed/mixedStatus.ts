/**
 * The group fit bar's words in "Mixed effects" mode (issue 25): the button's label and the status
 * line (progress, error, outcome, or what to do first). Plain functions of the state, so the fit
 * bar only asks for them.
 */
import type { AppState } from '../../state/store';
import { effectiveRandom } from '../../state/selectors/groupFits';
import { globalProgressText } from '../../state/slices/batch';

export function mixedButtonLabel(s: AppState): string {
  if (s.mixedStatus === 'running') return 'Fitting mixed effects…';
  const random = effectiveRandom(s);
  return random.length > 0 ? `Fit mixed effects (${random.join(', ')} random)` : 'Fit mixed effects';
}

/** The status line's text and state ('' when there is nothing to say). */
export function mixedStatusText(s: AppState, searching: string | null): { text: string; state: string } {
  const state = s.mixedStatus;
  if (state === 'running') {
    if (searching) return { text: `Empty start values, all rows: ${searching}`, state };
    const p = s.mixedProgress;
    if (!p) return { text: 'Fitting the mixed-effects model…', state };
    if (p.phase === 'separate') return { text: globalProgressText(p), state };
    return { text: `Mixed-effects fit of ${p.total.toLocaleString('en-US')} groups: iteration ${p.iteration}`, state };
  }
  if (state === 'error' && s.mixedError) return { text: s.mixedError.message, state };
  if (state === 'cancelled') return { text: s.mixedError?.message ?? 'Cancelled.', state };
  if (state === 'done' && s.mixed) {
    const m = s.mixed.mixed;
    return { text: `Mixed-effects fit of ${m.groupsFitted} groups ${m.converged ? 'converged' : 'did not converge'} · ${m.random.join(', ')} random · logLik ${m.logLik.toFixed(3)}`, state };
  }
  if (effectiveRandom(s).length === 0) return { text: 'Mark the parameters that vary by group: switch them from "fixed" to "random" in their rows.', state: 'idle' };
  return { text: '', state };
}
