/**
 * The layout shared by the text renderings of a fit's report (text.ts, groupText.ts, mixedText.ts,
 * assayText.ts): numbers as the reports print them, and columns padded to their widest cell.
 */

/** A number as the text reports print it: `digits` significant digits, exponents outside [1e-3, 1e7). */
export const num = (v: number, digits = 6): string => (Number.isFinite(v) ? (v === 0 ? '0' : Math.abs(v) >= 1e-3 && Math.abs(v) < 1e7 ? v.toPrecision(digits) : v.toExponential(digits - 1)) : String(v));

export interface TableLayout {
  /** What each line starts with. */
  readonly indent?: string;
  /** 'left': every cell padded on the right; 'numbers': the first column left, the others right-aligned. */
  readonly align?: 'left' | 'numbers';
  /** A line of dashes under the header. */
  readonly rule?: boolean;
}

/** The header and rows as lines of columns, each as wide as its widest cell; trailing blanks dropped. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[], { indent = '', align = 'left', rule = false }: TableLayout = {}): string[] {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const pad = (cell: string, c: number) => (align === 'numbers' && c > 0 ? cell.padStart(widths[c]) : cell.padEnd(widths[c]));
  const line = (cells: readonly string[]) => indent + cells.map(pad).join('  ').trimEnd();
  return [line(header), ...(rule ? [line(widths.map((w) => '-'.repeat(w)))] : []), ...rows.map(line)];
}
