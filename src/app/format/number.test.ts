import { describe, expect, it } from 'vitest';
import { formatInput, formatNumber, parseInput } from './number';
import { formatValueError } from './valueError';

describe('formatNumber', () => {
  it('uses significant digits, a true minus and scientific notation outside 1e-3…1e6', () => {
    expect(formatNumber(86.6221, 5)).toBe('86.622');
    expect(formatNumber(0.99274, 4)).toBe('0.9927');
    expect(formatNumber(-12.5, 4)).toBe('−12.5');
    expect(formatNumber(1.5e-7, 3)).toBe('1.5×10⁻⁷');
    expect(formatNumber(-2.5e9, 3)).toBe('−2.5×10⁹');
    expect(formatNumber(1000, 4)).toBe('1000');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(NaN)).toBe('—');
    expect(formatNumber(-Infinity)).toBe('−∞');
    expect(formatNumber(4.2, 4, true)).toBe('4.200');
  });
});

describe('field text', () => {
  it('round-trips values and understands what people type', () => {
    expect(formatInput(1008.4768451234)).toBe('1008.476845');
    expect(formatInput(5.5e-9)).toBe('5.5e-9');
    expect(formatInput(Infinity)).toBe('');
    expect(parseInput('', -Infinity)).toBe(-Infinity);
    expect(parseInput(' 2,5 ', NaN)).toBe(2.5);
    expect(parseInput('−3', NaN)).toBe(-3);
    expect(parseInput('1e-3', NaN)).toBe(0.001);
    expect(parseInput('inf', NaN)).toBe(Infinity);
    expect(parseInput('abc', NaN)).toBeNull();
    expect(parseInput('1e', NaN)).toBeNull();
  });
});

describe('formatValueError', () => {
  it('rounds the error to two digits and the value to the same place', () => {
    expect(formatValueError(4.14949, 0.0703)).toEqual({ value: '4.149', error: '0.070', exponent: '' });
    expect(formatValueError(1008.4768, 12.93)).toEqual({ value: '1008', error: '13', exponent: '' });
    expect(formatValueError(238.942129, 2.707)).toEqual({ value: '238.9', error: '2.7', exponent: '' });
    expect(formatValueError(123456, 1234)).toEqual({ value: '123500', error: '1200', exponent: '' });
  });
  it('shares a power of ten for very small or large numbers', () => {
    expect(formatValueError(5.5015643e-4, 7.26e-6)).toEqual({ value: '5.502', error: '0.073', exponent: '×10⁻⁴' });
    expect(formatValueError(-3.2e7, 4.1e5)).toEqual({ value: '−3.200', error: '0.041', exponent: '×10⁷' });
  });
  it('writes no ×10⁰ when a tiny error makes the form scientific at a value of order one', async () => {
    const { valueErrorText } = await import('./valueError');
    const ve = formatValueError(4.19999999875, 6.8e-10);
    expect(ve).toEqual({ value: '4.19999999875', error: '0.00000000068', exponent: '' });
    expect(valueErrorText(ve)).toBe('4.19999999875 ± 0.00000000068');
    expect(valueErrorText(formatValueError(5.5015643e-4, 7.26e-6))).toBe('(5.502 ± 0.073)×10⁻⁴');
  });
  it('says when the error is unknown or undetermined', () => {
    expect(formatValueError(2, NaN).error).toBe('');
    expect(formatValueError(2, Infinity).error).toBe('∞');
  });
});

describe('formatInterval', () => {
  it('rounds both ends like the value', async () => {
    const { formatInterval } = await import('./valueError');
    expect(formatInterval(4.0093, 4.2897, 0.0703)).toBe('[4.009, 4.290]');
    expect(formatInterval(5.35e-4, 5.65e-4, 7.3e-6)).toBe('[5.350, 5.650]×10⁻⁴');
  });
});
