/**
 * The verdict badge of a fit: the state's verdict (src/state/advice.ts), except that a converged
 * fit with parameters the data cannot determine is not shown green: its numbers are only partly
 * usable, and the badge says which parameters are not.
 */
import type { FitResult } from '../../fit/types';
import { verdict, VERDICT_TEXT, type Verdict } from '../../state/advice';

export interface VerdictBadge {
  readonly verdict: Verdict | 'undetermined';
  readonly className: string;
  readonly text: string;
}

export function verdictBadge(result: FitResult): VerdictBadge {
  const v = verdict(result);
  const undetermined = result.undetermined ?? [];
  if (v === 'converged' && undetermined.length > 0) {
    const names = undetermined.length > 1 ? `${undetermined.slice(0, -1).join(', ')} and ${undetermined.at(-1)}` : undetermined[0];
    return { verdict: 'undetermined', className: 'badge-undetermined', text: `Converged, but ${names} ${undetermined.length > 1 ? 'are' : 'is'} undetermined` };
  }
  return { verdict: v, className: `badge-${v}`, text: VERDICT_TEXT[v] };
}
