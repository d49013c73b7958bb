/**
 * A centred moving average (boxcar) over the sorted samples, used only to locate features (peak
 * tops, half-maximum points) in noise; the amplitudes are re-estimated on the raw data afterwards.
 * The half-width grows with n (about n/200, at most 8) so that few points are never blurred.
 */
export function boxcar(y: Float64Array, halfWidth = Math.min(8, Math.floor(y.length / 200))): Float64Array {
  const n = y.length;
  if (halfWidth <= 0 || n < 3) return Float64Array.from(y);
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i] + y[i];
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const from = Math.max(0, i - halfWidth);
    const to = Math.min(n, i + halfWidth + 1);
    out[i] = (prefix[to] - prefix[from]) / (to - from);
  }
  return out;
}
