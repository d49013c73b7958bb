/**
 * The rounding error of p = fl(x · y): x · y = p + productError(x, y, p) exactly (Dekker's
 * TwoProduct, T. J. Dekker, "A floating-point technique for extending the available precision",
 * Numer. Math. 18, 1971). model/doubleDouble.ts `twoProd` without its arrays, the same operations
 * in the same order, for the per-cell hot paths of the number reader; valid while the split cannot
 * overflow (|x|, |y| < 10^38 here), so twoProd's large-value branch never applies.
 */
const SPLITTER = 134217729; // 2^27 + 1: splits a double into two 26-bit halves

export function productError(x: number, y: number, p: number): number {
  let t = SPLITTER * x;
  const xh = t - (t - x);
  const xl = x - xh;
  t = SPLITTER * y;
  const yh = t - (t - y);
  const yl = y - yh;
  return ((xh * yh - p) + xh * yl + xl * yh) + xl * yl;
}
