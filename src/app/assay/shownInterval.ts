/**
 * Which bootstrap interval the results show (issue 26): the assay card's choice — percentile,
 * BCa (Efron, JASA 82:171, 1987) or studentized (bootstrap-t; Davison & Hinkley 1997, §5.2.1) —
 * picked from the fit's bootstrap. Percentile and studentized come with every bootstrap; BCa only
 * with a fit that asked for it (src/fit/bootstrap.ts), and picking it marks the results stale until
 * the refit. A fit without the chosen ends (BCa not asked for, or saved before studentized) shows
 * the percentile interval and names it, so that the header always says what the column holds.
 */
import type { AssaySettings } from '../../share/types';
import type { PageAssay } from '../../worker/api';

export type IntervalChoice = AssaySettings['interval'];
type Ends = Readonly<Record<string, readonly [number, number]>>;

/** The interval's name in the page's words. */
export const INTERVAL_WORDS: Readonly<Record<IntervalChoice, string>> = { percentile: 'percentile', bca: 'BCa', studentized: 'studentized' };

/** How each interval is made, for the column header's tooltip. */
export const INTERVAL_TITLES: Readonly<Record<IntervalChoice, string>> = {
  percentile: 'Percentile interval of the bootstrap refits’ values (the histograms below)',
  bca: 'BCa interval: the percentile interval at levels corrected for bias and skew (Efron 1987), its acceleration from the jackknife over rows',
  studentized: 'Studentized (bootstrap-t) interval: from each refit’s own standard error (Davison & Hinkley 1997, §5.2.1)',
};

export function shownInterval(b: Pick<NonNullable<PageAssay['bootstrap']>, 'intervals' | 'bca' | 'studentized'>, choice: IntervalChoice): { readonly interval: IntervalChoice; readonly ends: Ends } {
  const ends = choice === 'bca' ? b.bca : choice === 'studentized' ? b.studentized : b.intervals;
  return ends ? { interval: choice, ends } : { interval: 'percentile', ends: b.intervals };
}
