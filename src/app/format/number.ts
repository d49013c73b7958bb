/**
 * Numbers for people: a fixed number of significant digits, plain notation between 10⁻³ and 10⁶,
 * scientific notation with a real superscript outside it, a true minus sign, and symbols for the
 * non-finite values. `formatInput` is the plain-ASCII form for editable fields.
 */

const SUPERSCRIPT: Record<string, string> = { '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹', '-': '⁻' };

export const MINUS = '\u2212';

export function superscript(n: number): string {
  return String(n).replace(/[-0-9]/g, (c) => SUPERSCRIPT[c] ?? c);
}

export function withMinus(text: string): string {
  return text.replace(/^-/, MINUS);
}

function nonFinite(v: number): string | null {
  if (Number.isNaN(v)) return '—';
  if (v === Infinity) return '∞';
  if (v === -Infinity) return `${MINUS}∞`;
  return null;
}

/** True when v reads best in scientific notation. */
export function needsScientific(v: number): boolean {
  const a = Math.abs(v);
  return a !== 0 && (a < 1e-3 || a >= 1e6);
}

/** `sig` significant digits; trailing zeros dropped unless `keepZeros`. */
export function formatNumber(v: number, sig = 4, keepZeros = false): string {
  const bad = nonFinite(v);
  if (bad !== null) return bad;
  if (v === 0) return '0';
  if (needsScientific(v)) {
    const [mantissa, exp] = v.toExponential(sig - 1).split('e');
    const m = keepZeros ? mantissa : mantissa.replace(/\.?0+$/, '');
    return `${withMinus(m)}×10${superscript(Number(exp))}`;
  }
  const decimals = Math.max(0, sig - 1 - Math.floor(Math.log10(Math.abs(v))));
  let text = v.toFixed(Math.min(decimals, 20));
  if (!keepZeros && text.includes('.')) text = text.replace(/\.?0+$/, '');
  return withMinus(text);
}

/** Editable text: up to 10 significant digits, JavaScript's own number syntax (1e-7, 2.5). */
export function formatInput(v: number): string {
  if (v === Infinity) return '';
  if (v === -Infinity) return '';
  if (!Number.isFinite(v)) return '';
  return String(Number(v.toPrecision(10)));
}

/** A field's text as a number: '' is `empty`; a decimal comma is accepted; null when invalid. */
export function parseInput(text: string, empty: number): number | null {
  const t = text.trim().replace(/^[\u2212\u2013]/, '-').replace(/^(-?\d+),(\d+)$/, '$1.$2');
  if (t === '') return empty;
  if (/^[-+]?(inf|infinity|∞)$/i.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : null;
}
