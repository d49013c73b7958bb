/**
 * Time constants of exponentials. A first estimate comes from the textbook linearisation
 * ln|y − c| = ln|A| − x/τ with the offset c read from the tail; it is biased when the tail has
 * not settled and useless in noise at the tail, so it only centres a variable-projection search
 * over τ (profile.ts) that then takes the offset, amplitude and any background exactly.
 */
import { lineFit } from './lineFit';
import { profileSearch, type Profile } from './profile';
import { backgroundBases, type Background } from './background';
import type { Samples } from './samples';
import { edgeMeans, xScale } from './stats';

/** τ from the slope of ln|y − c| over the points clearly above the tail; span/3 if that fails. */
export function logSlopeTimeConstant(s: Samples): number {
  const fallback = xScale(s) / 3;
  const { left, right } = edgeMeans(s);
  const drop = left - right;
  if (!(Math.abs(drop) > 0)) return fallback;
  const lx: number[] = [];
  const ly: number[] = [];
  for (let i = 0; i < s.n; i++) {
    const v = (s.y[i] - right) / drop;
    if (v > 0.1) {
      lx.push(s.x[i]);
      ly.push(Math.log(v));
    }
  }
  const slope = lineFit(lx, ly).slope;
  return slope < 0 && lx.length >= 2 ? -1 / slope : fallback;
}

/** exp(−(x − x₀)/τ) with x₀ the first sample: at most 1 over the data, so it never overflows. */
export function decayBasis(s: Samples, tau: number): Float64Array {
  const x0 = s.x[0];
  return Float64Array.from(s.x, (v) => Math.exp(-(v - x0) / tau));
}

/**
 * Best τ for y ≈ a·exp(−(x − x₀)/τ) + background, with coefficients [a, background…]; the
 * search spans about ×/÷40 around the log-slope seed and moves further if the best is at an edge.
 */
export function decayProfile(s: Samples, background: Background, seed = logSlopeTimeConstant(s)): Profile | null {
  const extra = backgroundBases(s, background);
  return profileSearch([{ start: seed, step: 0.9, log: true }], ([tau]) => [decayBasis(s, tau), ...extra], s.y);
}

/** Converts the amplitude at x₀ (the first sample) to the model's amplitude at x = 0. */
export function amplitudeAtZero(a: number, tau: number, x0: number): number {
  return a * Math.exp(x0 / tau);
}
