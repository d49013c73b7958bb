/**
 * Sigmoids: every S-shaped library model is a fixed unit step f((z − z₀)/w), rising from 0 to 1,
 * scaled and shifted linearly (z = x, or ln x for dose–response and Weibull curves). The
 * plateaus are read from the edges, the centre and width from rank crossings at fixed fractions
 * of the rise (crossing.ts), and both are then refined by a variable-projection search in which
 * the plateaus are solved exactly, so a curve that never reaches its plateaus is still guessed well.
 */
import { profileSearch, SEARCH_POINTS } from './profile';

/** The logistic function 1/(1 + e^(−u)), written to stay finite for any u. */
export function logistic(u: number): number {
  return u >= 0 ? 1 / (1 + Math.exp(-u)) : Math.exp(u) / (1 + Math.exp(u));
}

export interface SigmoidFit {
  readonly center: number;
  readonly width: number;
  /** [scale] or [scale, offset]: y ≈ scale·f((z − center)/width) (+ offset). */
  readonly coef: Float64Array;
}

/**
 * Variable-projection search over (centre, ln width) for y ≈ a·step((z − centre)/width) [+ b],
 * starting from rank-crossing seeds; null when no grid point gives a finite fit.
 */
export function sigmoidSearch(
  zAll: ArrayLike<number>,
  yAll: ArrayLike<number>,
  step: (u: number) => number,
  center: number,
  width: number,
  offset: boolean,
): SigmoidFit | null {
  // A sigmoid is broad: every k-th sample shows it as well as all of them do.
  const stride = Math.max(1, yAll.length / SEARCH_POINTS);
  const n = Math.min(yAll.length, SEARCH_POINTS);
  const z = Float64Array.from({ length: n }, (_, i) => zAll[Math.floor(i * stride)]);
  const y = Float64Array.from({ length: n }, (_, i) => yAll[Math.floor(i * stride)]);
  const one = new Float64Array(n).fill(1);
  const p = profileSearch(
    [
      { start: center, step: width / 2 },
      { start: width, step: 0.35, log: true },
    ],
    ([c, w]) => {
      const b = Float64Array.from({ length: n }, (_, i) => step((z[i] - c) / w));
      return offset ? [b, one] : [b];
    },
    y,
  );
  return p ? { center: p.theta[0], width: p.theta[1], coef: p.coef } : null;
}

/** |Δz| between two crossings as a width, or `fallback` when they coincide. */
export function widthBetween(z1: number, z2: number, perWidth: number, fallback: number): number {
  const w = Math.abs(z2 - z1) / perWidth;
  return w > 0 && Number.isFinite(w) ? w : fallback;
}
