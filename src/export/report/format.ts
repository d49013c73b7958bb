/** Numbers in the report: `sig` significant digits, ×10ⁿ outside 10⁻³…10⁶, a true minus, symbols for non-finite values. */
const SUP: Record<string, string> = { '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹', '-': '⁻' };

export function reportNumber(v: number | null | undefined, sig = 6): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '—';
  if (v === Infinity) return '∞';
  if (v === -Infinity) return '−∞';
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a < 1e-3 || a >= 1e6) {
    const [m, e] = v.toExponential(sig - 1).split('e');
    return `${m.replace(/\.?0+$/, '').replace('-', '−')}×10${String(Number(e)).replace(/[-0-9]/g, (c) => SUP[c])}`;
  }
  return String(Number(v.toPrecision(sig))).replace('-', '−');
}

/** A p value as R prints it: 4 decimals, exponent form below 0.001. */
export function reportP(p: number | undefined): string {
  if (p === undefined || !Number.isFinite(p)) return '—';
  if (p < 1e-300) return '< 1e−300';
  return p < 1e-3 ? reportNumber(p, 3) : p.toFixed(4);
}

/** A full-precision attribute value (for machines reading the report back). */
export const attr = (v: number | null | undefined): string => (v === null || v === undefined ? '' : String(v));
