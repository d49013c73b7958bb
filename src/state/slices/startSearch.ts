/**
 * Start search slice (issue 11): "Auto start" looks for starting values on the data for any
 * model (src/start through the worker), and so does Fit when some start values are empty. The
 * page shows its progress, then what it found in words: how many candidates, how many
 * refinements reached the best minimum, and the other minima.
 */
import type { AutoStartOutcome, AutoStartStep, WorkerError } from '../../worker/api';

export interface StartSearch {
  /** The model text and data it searched for: the notice is shown while they are on screen. */
  readonly model: string;
  readonly dataEpoch: number;
  /** What started it: the Auto start button, or Fit or a group fit (each group or global) with
   *  empty start values (`empty` names them). */
  readonly trigger: 'button' | 'fit' | 'groups';
  readonly empty: readonly string[];
  readonly status: 'running' | 'done' | 'cancelled' | 'error';
  readonly progress: AutoStartStep | null;
  readonly outcome: AutoStartOutcome | null;
  readonly error: WorkerError | null;
}

export interface StartSearchSlice {
  /** The last search (null: none since the model or the data changed). */
  readonly startSearch: StartSearch | null;
}

export const initialStartSearch: StartSearchSlice = { startSearch: null };

/** "Searching: 128 / 256 candidates" or "Refining: 2 / 4 starts". */
export function searchProgressText(p: AutoStartStep | null): string {
  if (!p) return 'Searching for starting values…';
  return p.phase === 'search' ? `Searching: ${p.done.toLocaleString('en-US')} / ${p.total.toLocaleString('en-US')} candidates` : `Refining: ${p.done} / ${p.total} starts`;
}

/** What a finished search found, in words: χ² or RSS (2·cost) for the plain loss, else the
 *  robust loss's cost ½Σρ(fᵢ²) as the solver reports it. */
export function searchSummary(o: AutoStartOutcome, weighted: boolean, robust: boolean): string {
  const stat = robust ? 'cost' : weighted ? 'χ²' : 'RSS';
  const value = (cost: number) => (robust ? cost : 2 * cost).toPrecision(4);
  const agreed = o.refined > 1 ? `; ${o.sameMinimum} of ${o.refined} refined starts reached it` : '';
  const others = o.others.length > 0 ? ` Other minima: ${o.others.map((m) => `${stat} ${value(m.cost)}`).join(', ')}.` : '';
  const cut = o.cancelled ? ' Cancelled before every start was refined.' : '';
  const sampled = o.scoredRows !== undefined && o.rows !== undefined && o.scoredRows < o.rows ? ` (ranked on ${o.scoredRows.toLocaleString('en-US')} evenly spaced samples of the ${o.rows.toLocaleString('en-US')} rows; refined on all)` : '';
  return `Best of ${o.candidates.toLocaleString('en-US')} candidates${sampled}: ${stat} ${value(o.cost)}${agreed}.${others}${cut}`;
}
