/**
 * Slider scales. A slider moves over a fixed range [lo, hi] that is chosen when the value is set
 * by other means (typing, Guess, a fit), so the range does not move under the pointer while
 * dragging. Strictly positive scale parameters get a logarithmic slider, so that a decay time can
 * be swept from 0.1 to 10 with the same feel as from 10 to 1000.
 */

export const SLIDER_STEPS = 1000;

export interface SliderRange {
  readonly lo: number;
  readonly hi: number;
  readonly log: boolean;
}

export interface RangeInput {
  /** null: an empty start value (the range is as for 0 within the bounds). */
  readonly value: number | null;
  readonly min: number;
  readonly max: number;
  readonly positive: boolean;
}

/** The range for a value: its bounds when both are finite, else a window around the value
 *  (a value outside its bounds is first brought inside them). */
export function sliderRange({ value, min, max, positive }: RangeInput): SliderRange {
  const raw = value !== null && Number.isFinite(value) ? value : 0;
  const v = Math.min(Math.max(raw, min), max);
  // Log for a positive scale (unless the user allowed negative values) or a positive lower bound.
  const log = v > 0 && (positive ? !(Number.isFinite(min) && min < 0) : min > 0);
  if (Number.isFinite(min) && Number.isFinite(max) && min < max && (!log || min > 0)) return { lo: min, hi: max, log };
  if (log) {
    const lo = Math.max(v / 10, min > 0 ? min : 0);
    const hi = Math.min(v * 10, max);
    return hi > lo ? { lo, hi, log } : { lo, hi: lo * 100, log };
  }
  const span = v !== 0 ? Math.abs(v) * 2 : 1;
  const lo = Math.max(v - span, min);
  const hi = Math.min(v + span, max);
  return hi > lo ? { lo, hi, log: false } : { lo, hi: lo + Math.max(1, Math.abs(lo)), log: false };
}

/** Slider position (0…SLIDER_STEPS) of a value, clamped to the range. */
export function toPosition(value: number, r: SliderRange): number {
  let t: number;
  if (r.log) t = (Math.log(value) - Math.log(r.lo)) / (Math.log(r.hi) - Math.log(r.lo));
  else t = (value - r.lo) / (r.hi - r.lo);
  if (!Number.isFinite(t)) t = 0.5;
  return Math.round(Math.min(1, Math.max(0, t)) * SLIDER_STEPS);
}

/** The value at a slider position, rounded to a readable number of digits for its step. */
export function fromPosition(position: number, r: SliderRange): number {
  const t = Math.min(1, Math.max(0, position / SLIDER_STEPS));
  const raw = r.log ? Math.exp(Math.log(r.lo) + t * (Math.log(r.hi) - Math.log(r.lo))) : r.lo + t * (r.hi - r.lo);
  if (position <= 0) return r.lo;
  if (position >= SLIDER_STEPS) return r.hi;
  const step = r.log ? raw * (Math.log(r.hi / r.lo) / SLIDER_STEPS) : (r.hi - r.lo) / SLIDER_STEPS;
  return roundToStep(raw, step);
}

/** Rounds to one digit finer than the step, so 3.1400000001 reads 3.14. */
export function roundToStep(value: number, step: number): number {
  if (!(step > 0) || !Number.isFinite(value)) return value;
  const quantum = 10 ** (Math.floor(Math.log10(step)) - 1);
  return Number((Math.round(value / quantum) * quantum).toPrecision(15));
}

/** At an end of the range with room beyond: the range should be re-centred on release. */
export function atOpenEnd(position: number, r: SliderRange, input: RangeInput): boolean {
  return (position <= 0 && r.lo > input.min) || (position >= SLIDER_STEPS && r.hi < input.max);
}
