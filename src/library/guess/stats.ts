/** Order statistics and summaries of sorted samples, each total: empty input gives 0, not NaN. */
import type { Samples } from './samples';

export function mean(v: ArrayLike<number>, from = 0, to = v.length): number {
  if (to <= from) return 0;
  let s = 0;
  for (let i = from; i < to; i++) s += v[i];
  return s / (to - from);
}

export function median(v: ArrayLike<number>): number {
  if (v.length === 0) return 0;
  const s = Float64Array.from(v).sort();
  const h = s.length >> 1;
  return s.length % 2 === 1 ? s[h] : 0.5 * (s[h - 1] + s[h]);
}

export function argMax(v: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < v.length; i++) if (v[i] > v[best]) best = i;
  return best;
}

/** max x − min x of sorted samples (0 for fewer than two). */
export function span(s: Samples): number {
  return s.n > 1 ? s.x[s.n - 1] - s.x[0] : 0;
}

/** A positive length scale of x: the span, or |x| or 1 when the span is zero. */
export function xScale(s: Samples): number {
  const w = span(s);
  if (w > 0) return w;
  const a = s.n > 0 ? Math.abs(s.x[0]) : 0;
  return a > 0 ? a : 1;
}

/** A positive scale of y: its range, or |mean| or 1 when y is constant. */
export function yScale(s: Samples): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < s.n; i++) {
    lo = Math.min(lo, s.y[i]);
    hi = Math.max(hi, s.y[i]);
  }
  if (hi > lo) return hi - lo;
  const a = Math.abs(mean(s.y));
  return a > 0 ? a : 1;
}

/**
 * Mean y of the first and of the last `fraction` of the points (at least one each): the
 * plateaus of a sigmoid, the baseline under a centred peak.
 */
export function edgeMeans(s: Samples, fraction = 0.1): { left: number; right: number; k: number } {
  const k = Math.max(1, Math.min(s.n, Math.round(s.n * fraction)));
  return { left: mean(s.y, 0, k), right: mean(s.y, s.n - k, s.n), k };
}
