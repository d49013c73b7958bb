/**
 * CSV text for exports (RFC 4180 fields, "\n" line ends). Numbers are written as the shortest
 * decimal that reads back as the same double (ECMAScript Number::toString), so an exported table
 * loses nothing; a missing value (NaN: no standard error for a fixed parameter) is an empty cell
 * and ±Infinity is `inf`/`-inf`, which numpy, pandas, R and spreadsheets read as numbers.
 */

/** A field, quoted only when it has to be (comma, quote, CR/LF, or spaces at either end). */
export function csvField(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvNumber(v: number): string {
  if (Number.isNaN(v)) return '';
  if (v === Infinity) return 'inf';
  if (v === -Infinity) return '-inf';
  return String(v);
}

export type Cell = string | number | boolean;

function cell(c: Cell): string {
  if (typeof c === 'number') return csvNumber(c);
  if (typeof c === 'boolean') return c ? 'true' : 'false';
  return csvField(c);
}

/** Header and rows → CSV text, ending with a newline. */
export function csvTable(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const lines = [header.map(csvField).join(',')];
  for (const r of rows) lines.push(r.map(cell).join(','));
  return `${lines.join('\n')}\n`;
}

/** Columns of equal length → rows; throws RangeError when they differ (a caller bug). */
export function columnsToRows(columns: readonly ArrayLike<number>[], what: string): number[][] {
  const n = columns[0]?.length ?? 0;
  columns.forEach((c, j) => {
    if (c.length !== n) throw new RangeError(`${what}: column ${j + 1} has ${c.length} values, the first has ${n}`);
  });
  return Array.from({ length: n }, (_, i) => columns.map((c) => c[i]));
}
