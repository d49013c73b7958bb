/**
 * The y range of the main plot. Plotly's autorange includes every trace, so a model far from the
 * data while the sliders are being tuned (or a start that overflows) would squash the data into
 * a line. When the curve strays more than one data span beyond the data, the range follows the
 * data (with a margin) and the curve leaves the frame; otherwise autorange decides.
 */

function extent(values: ArrayLike<number>, log: boolean): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!Number.isFinite(v) || (log && !(v > 0))) continue;
    const t = log ? Math.log10(v) : v;
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  return hi >= lo ? [lo, hi] : null;
}

/** An explicit range (in axis units: log10 on a log axis), or null for autorange. */
export function focusRange(data: ArrayLike<number> | null, curve: ArrayLike<number> | null, log: boolean): [number, number] | null {
  if (!data || !curve) return null;
  const d = extent(data, log);
  const c = extent(curve, log);
  if (!d || !c) return null;
  const span = d[1] - d[0] || Math.abs(d[0]) || 1;
  if (c[0] >= d[0] - span && c[1] <= d[1] + span) return null;
  const pad = 0.08 * span;
  return [Math.min(d[0], Math.max(c[0], d[0] - span)) - pad, Math.max(d[1], Math.min(c[1], d[1] + span)) + pad];
}
