/**
 * Locating a peak in data minus a baseline: its sign (a dip is a negative peak), its top and
 * its full width at half maximum, read the way a spectroscopist reads them off a plot. The
 * residual is smoothed first (smooth.ts) so that a noise spike is not taken for the top.
 */
import { argMax } from './stats';

export interface PeakLocation {
  readonly index: number;
  readonly center: number;
  /** Signed height above the baseline. */
  readonly height: number;
  readonly fwhm: number;
}

/** +1 if the largest excursion from the baseline is upward, −1 if downward. */
export function peakSign(r: ArrayLike<number>): 1 | -1 {
  let hi = -Infinity;
  let lo = Infinity;
  for (let i = 0; i < r.length; i++) {
    hi = Math.max(hi, r[i]);
    lo = Math.min(lo, r[i]);
  }
  return hi >= -lo ? 1 : -1;
}

/** Where sign·r falls to half of its value at `top` on one side (linear interpolation), or null. */
function halfPoint(x: ArrayLike<number>, r: ArrayLike<number>, top: number, sign: 1 | -1, step: 1 | -1): number | null {
  const half = 0.5 * sign * r[top];
  for (let i = top + step; i >= 0 && i < r.length; i += step) {
    const v = sign * r[i];
    if (v <= half) {
      const prev = sign * r[i - step];
      const t = prev !== v ? (prev - half) / (prev - v) : 0.5;
      return x[i - step] + t * (x[i] - x[i - step]);
    }
  }
  return null;
}

/**
 * Full width at half maximum around index `top`, as twice the narrower half width: a shoulder
 * (a second, overlapping peak) widens only its own side. A side that never drops to half (a peak
 * cut by the data's edge) does not count; with neither, a quarter of the x range.
 */
export function fwhmAt(x: ArrayLike<number>, r: ArrayLike<number>, top: number, sign: 1 | -1): number {
  const n = x.length;
  const left = halfPoint(x, r, top, sign, -1);
  const right = halfPoint(x, r, top, sign, 1);
  const c = x[top];
  const halves = [left !== null ? c - left : Infinity, right !== null ? right - c : Infinity];
  const half = Math.min(...halves);
  const w = Number.isFinite(half) ? 2 * half : 0.25 * (x[n - 1] - x[0]);
  // Never narrower than the sampling can show.
  const resolution = n > 1 ? (x[n - 1] - x[0]) / (n - 1) : 0;
  return Math.max(w, resolution);
}

/** The highest point of sign·r among the allowed indices, with its FWHM; null if none allowed. */
export function locatePeak(
  x: ArrayLike<number>,
  r: ArrayLike<number>,
  sign: 1 | -1,
  allowed: (xi: number) => boolean = () => true,
): PeakLocation | null {
  const score = Array.from({ length: r.length }, (_, i) => (allowed(x[i]) ? sign * r[i] : -Infinity));
  const top = argMax(score);
  if (r.length === 0 || score[top] === -Infinity) return null;
  return { index: top, center: x[top], height: r[top], fwhm: fwhmAt(x, r, top, sign) };
}
