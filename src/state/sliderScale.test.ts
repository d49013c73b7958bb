import { describe, expect, it } from 'vitest';
import { atOpenEnd, fromPosition, roundToStep, sliderRange, SLIDER_STEPS, toPosition } from './sliderScale';

describe('slider scale', () => {
  it('uses finite bounds as the range, logarithmic for positive scales', () => {
    expect(sliderRange({ value: 3, min: 0, max: 10, positive: false })).toEqual({ lo: 0, hi: 10, log: false });
    expect(sliderRange({ value: 3, min: 0.1, max: 100, positive: true })).toEqual({ lo: 0.1, hi: 100, log: true });
  });

  it('opens a window around the value without bounds', () => {
    expect(sliderRange({ value: 4, min: -Infinity, max: Infinity, positive: true })).toEqual({ lo: 0.4, hi: 40, log: true });
    expect(sliderRange({ value: 5, min: -Infinity, max: Infinity, positive: false })).toEqual({ lo: -5, hi: 15, log: false });
    expect(sliderRange({ value: 0, min: -Infinity, max: Infinity, positive: false })).toEqual({ lo: -1, hi: 1, log: false });
    expect(sliderRange({ value: 5, min: 0, max: Infinity, positive: false }).lo).toBe(0);
    // A value below its lower bound: the window starts at the bound.
    expect(sliderRange({ value: 1, min: 10, max: Infinity, positive: false })).toEqual({ lo: 10, hi: 100, log: true });
    expect(sliderRange({ value: -3, min: 2, max: 2.5, positive: false })).toEqual({ lo: 2, hi: 2.5, log: true });
  });

  it('maps positions and values both ways', () => {
    const lin = { lo: -5, hi: 15, log: false };
    expect(toPosition(5, lin)).toBe(SLIDER_STEPS / 2);
    expect(fromPosition(SLIDER_STEPS / 2, lin)).toBe(5);
    const log = { lo: 0.1, hi: 1000, log: true };
    expect(toPosition(10, log)).toBe(SLIDER_STEPS / 2);
    expect(fromPosition(SLIDER_STEPS / 2, log)).toBeCloseTo(10, 6);
    expect(fromPosition(0, log)).toBe(0.1);
    expect(fromPosition(SLIDER_STEPS, log)).toBe(1000);
    expect(toPosition(1e9, log)).toBe(SLIDER_STEPS);
  });

  it('rounds slider values to readable digits', () => {
    expect(roundToStep(3.14000000001, 0.02)).toBe(3.14);
    expect(roundToStep(123456.789, 20)).toBe(123457);
    expect(roundToStep(0.000123456, 1e-6)).toBe(0.0001235);
  });

  it('knows when a drag ended at an open end', () => {
    const r = { lo: 0.4, hi: 40, log: true };
    expect(atOpenEnd(SLIDER_STEPS, r, { value: 40, min: 0, max: Infinity, positive: true })).toBe(true);
    expect(atOpenEnd(SLIDER_STEPS, r, { value: 40, min: 0, max: 40, positive: true })).toBe(false);
    expect(atOpenEnd(500, r, { value: 4, min: 0, max: Infinity, positive: true })).toBe(false);
  });
});
