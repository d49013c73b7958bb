/** The p-quantile (0 ≤ p ≤ 1) of values already sorted ascending, by linear interpolation (Hyndman & Fan's type 7: R's default, numpy's 'linear'). */
export function sortedQuantile(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}
