/** The statuses of an interpolated unknown (src/stats/inversePrediction.ts) in words for the table. */
import type { InverseStatus } from '../stats/inversePrediction';

export const STATUS_WORDS: Readonly<Record<InverseStatus, string>> = {
  ok: 'read off the curve; the interval is where a new reading’s 95% prediction interval holds this y',
  'above-range': 'y is above what the curve reaches over the standards’ x range: dilute and measure again, or add higher standards',
  'below-range': 'y is below what the curve reaches over the standards’ x range: add lower standards',
  'not-monotone': 'the curve takes this y more than once over the standards’ range, so x is not one number',
  'no-interval-bound': 'read off the curve, but the prediction band does not close inside the standards’ range on one side: that end is open',
  'not-finite': 'the curve or its variance is not a finite number here',
  'not-fitted': 'its group was not fitted, so there is no curve to read it from',
};

export const STATUS_SHORT: Readonly<Record<InverseStatus, string>> = {
  ok: 'ok',
  'above-range': 'above range',
  'below-range': 'below range',
  'not-monotone': 'not monotone',
  'no-interval-bound': 'open interval',
  'not-finite': 'not finite',
  'not-fitted': 'not fitted',
};
