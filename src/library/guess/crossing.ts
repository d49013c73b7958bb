/**
 * Where a monotone trend crosses a level, read from ranks: if y rises with x, the number k of
 * points below the level is the index at which the curve crosses it, whatever the noise does near
 * the crossing (a noisy curve crosses many times; the count of points below does not care). The
 * same reading works for unevenly spaced x, because k indexes the sorted samples.
 */
import type { Samples } from './samples';

/**
 * x at which a trend that rises (direction 1) or falls (−1) through `level` crosses it: the
 * midpoint between the k-th and (k+1)-th sorted x, clamped to the data.
 */
export function rankCrossing(s: Samples, level: number, direction: 1 | -1, x: ArrayLike<number> = s.x): number {
  if (s.n === 0) return 0;
  let k = 0;
  for (let i = 0; i < s.n; i++) if (direction * (s.y[i] - level) < 0) k++;
  if (k <= 0) return x[0];
  if (k >= s.n) return x[s.n - 1];
  return 0.5 * (x[k - 1] + x[k]);
}

/**
 * The x positions where a sigmoid from `low` to `high` (left to right) reaches the given
 * fractions of its rise: rankCrossing at low + f·(high − low) for each f.
 */
export function fractionCrossings(s: Samples, low: number, high: number, fractions: readonly number[], x: ArrayLike<number> = s.x): number[] {
  const direction = high >= low ? 1 : -1;
  return fractions.map((f) => rankCrossing(s, low + f * (high - low), direction, x));
}
