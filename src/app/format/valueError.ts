/**
 * A value with its standard error, rounded the way a paper prints it: the error to two
 * significant digits and the value to the same decimal place, with a shared power of ten when
 * the numbers are very large or small: 4.203 ± 0.035, 1000 ± 12, (5.502 ± 0.073)×10⁻⁴.
 */
import { formatNumber, needsScientific, superscript, withMinus } from './number';

export interface ValueError {
  readonly value: string;
  readonly error: string;
  /** '×10⁻⁴' when both share a power of ten, else ''. */
  readonly exponent: string;
}

export function formatValueError(value: number, error: number): ValueError {
  if (!Number.isFinite(value)) return { value: formatNumber(value), error: '', exponent: '' };
  if (Number.isNaN(error)) return { value: formatNumber(value, 6), error: '', exponent: '' };
  if (!Number.isFinite(error)) return { value: formatNumber(value, 6), error: '∞', exponent: '' };
  if (error <= 0) return { value: formatNumber(value, 8), error: '0', exponent: '' };
  // Place of the error's second significant digit.
  const place = Math.floor(Math.log10(error)) - 1;
  const scientific = needsScientific(value) || needsScientific(error) || (value === 0 && needsScientific(error));
  if (!scientific) {
    const decimals = Math.min(12, Math.max(0, -place));
    const scale = 10 ** Math.max(0, place);
    const round = (v: number) => (place > 0 ? (Math.round(v / scale) * scale).toFixed(0) : v.toFixed(decimals));
    return { value: withMinus(round(value)), error: round(error), exponent: '' };
  }
  const e = Math.floor(Math.log10(Math.max(Math.abs(value), error)));
  const decimals = Math.min(12, Math.max(0, e - place));
  const f = 10 ** e;
  // A power of 0 is no power: (4.19999999875 ± 0.00000000068)×10⁰ reads better without it.
  return { value: withMinus((value / f).toFixed(decimals)), error: (error / f).toFixed(decimals), exponent: e === 0 ? '' : `×10${superscript(e)}` };
}

/** "4.149 ± 0.070", or "(5.502 ± 0.073)×10⁻⁴": the power applies to both numbers. */
export function valueErrorText(ve: ValueError): string {
  return ve.exponent ? `(${ve.value} ± ${ve.error})${ve.exponent}` : `${ve.value} ± ${ve.error}`;
}

/** An interval rounded like its value: to the place of the error's second digit. */
export function formatInterval(lower: number, upper: number, error: number): string {
  const a = formatValueError(lower, error);
  const b = formatValueError(upper, error);
  if (!a.error || !b.error || a.error === '∞' || a.exponent !== b.exponent) return `[${formatNumber(lower, 4)}, ${formatNumber(upper, 4)}]`;
  return `[${a.value}, ${b.value}]${a.exponent}`;
}
