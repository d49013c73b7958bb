/**
 * Tied parameters in group and global fits (issue 10). The worker fits each group with the model
 * with the ties written in (state/ties.ts), so its rows hold only the fitted parameters; a tied
 * parameter is computed per group from that group's fitted values (lmfit's expr). The group
 * tables do not keep each group's covariance, so they show the value without an error and say so:
 * a group opened from the table (a full single fit) gives its delta-method error with the derived
 * quantities.
 */
import type { DerivedSpec } from '../fit/derived';
import { tieAt } from './ties';

/** Each tie's value for one group (NaN where it cannot be computed, as a failed group's values). */
export function groupTiedValues(ties: readonly DerivedSpec[] | undefined, names: readonly string[], params: ArrayLike<number>): number[] {
  if (!ties || ties.length === 0) return [];
  const values = new Map(names.map((n, j) => [n, Number.isFinite(params[j]) ? params[j] : null]));
  return ties.map((t) => tieAt(t, values) ?? NaN);
}

/** The sentence under a group table that has tied columns. */
export function tiedNote(ties: readonly DerivedSpec[], opened: boolean): string {
  const list = ties.map((t) => `${t.name} = ${t.expression}`).join(', ');
  const one = ties.length === 1;
  return `Tied: ${list}. ${one ? 'It is' : 'They are'} not fitted but computed from each group's fitted parameters, so the table shows no standard error for ${one ? 'it' : 'them'}${opened ? '; open a group for its delta-method error with the derived quantities' : ''}.`;
}
