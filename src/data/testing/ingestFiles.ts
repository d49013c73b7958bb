/**
 * Generated delimited files for the ingest's equality tests (byteIngest.test.ts, rangeParse.test.ts):
 * numbers of every shape, odd cells, comments, blank, short and long rows, CR/CRLF, BOM, headers,
 * decimal commas; and a Table as plain data with each double as its bit pattern.
 */
import fc from 'fast-check';
import type { Result, Table } from '../types';

/** Every field of a parse result, with each double as its bit pattern (so −0, NaN and lo compare exactly). */
export function canonical(r: Result<Table>): unknown {
  if (!r.ok) return r;
  const bits = (a: Float64Array | null) => (a ? Array.from(new BigUint64Array(a.slice().buffer)) : null);
  const t = r.value;
  return {
    ...t,
    lines: Array.from(t.lines),
    columns: t.columns.map((c) => ({
      ...c,
      values: bits(c.values),
      lo: bits(c.lo),
      categories: c.categories ? { codes: Array.from(c.categories.codes), levels: c.categories.levels } : c.categories,
    })),
  };
}

export const number = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((v) => String(v)) },
  { weight: 3, arbitrary: fc.integer({ min: -99999, max: 99999 }).map((n) => (n / 1000).toFixed(3)) },
  { weight: 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => v.toExponential(18)) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => v.toPrecision(17)) },
  { weight: 1, arbitrary: fc.constantFrom('0', '-0', '+1.5', '.5', '5.', '1e999', '-1e-400', '007', '1E5', '2.5e-7') },
);

/** Cells that must leave the fast path: text, blanks, literals, quotes, odd bytes. */
export const numericOdd = fc.constantFrom('', ' ', 'NaN', '-inf', ' 4 ', '\t7', '1e999'); // no categories: the fast path resumes
export const oddCell = fc.oneof(
  { weight: 10, arbitrary: numericOdd },
  { weight: 10, arbitrary: fc.constantFrom('', ' ', 'abc', 'NaN', '-inf', 'Infinity', 'µ', '1.2.3', '1e', '--1', ' 4 ', '\t7', '5 6', '\u00a02', '1\r2') },
  { weight: 1, arbitrary: fc.constantFrom('"1.5"', '"a,b"', 'x"y') },
);

export interface Layout {
  delimiter: string;
  decimalComma: boolean;
  newline: string;
  header: boolean;
  bom: boolean;
  cols: number;
  labels: boolean;
}

export const layouts: fc.Arbitrary<Layout> = fc.record({
  delimiter: fc.constantFrom(',', '\t', ';', '|', ' ', '  '),
  decimalComma: fc.boolean(),
  newline: fc.constantFrom('\n', '\n', '\n', '\r\n', '\r\n', '\r'),
  header: fc.boolean(),
  bom: fc.boolean(),
  cols: fc.integer({ min: 1, max: 4 }),
  labels: fc.boolean(),
}).map((l) => ({ ...l, labels: l.labels && l.bom }));

/** One line: a row of cells, or a comment, blank line, short/long row. */
export const lineKind = fc.constantFrom('row', 'row', 'row', 'row', 'row', 'row', 'row', 'row', 'odd', 'comment', 'blank', 'short', 'long', 'trailing');

export function file(layout: Layout, kinds: string[], numbers: string[], odds: string[]): Uint8Array {
  const { delimiter, decimalComma, cols } = layout;
  const comma = decimalComma && delimiter !== ',';
  let n = 0;
  let o = 0;
  const num = () => {
    const s = numbers[n++ % numbers.length] as string;
    return comma ? s.replace('.', ',') : s;
  };
  const label = (r: number) => ['alpha', 'beta', 'gamma'][r % 3] as string;
  const lines: string[] = [];
  if (layout.header) lines.push(Array.from({ length: cols + (layout.labels ? 1 : 0) }, (_, i) => `col ${i}`).join(delimiter));
  kinds.forEach((kind, r) => {
    const cells = Array.from({ length: cols }, num);
    if (layout.labels) cells.push(label(r));
    if (kind === 'odd') cells[r % cells.length] = odds[o++ % odds.length] as string;
    if (kind === 'comment') lines.push(r % 5 ? ` # note ${r}` : `# a "quote`);
    else if (kind === 'blank') lines.push(r % 2 ? '' : '   ');
    else if (kind === 'short') lines.push(cells.slice(0, -1).join(delimiter));
    else if (kind === 'long') lines.push([...cells, num()].join(delimiter));
    else if (kind === 'trailing') lines.push(cells.join(delimiter) + delimiter);
    else lines.push(cells.join(delimiter));
  });
  const text = (layout.bom ? '\ufeff' : '') + lines.join(layout.newline) + (kinds.length % 2 ? layout.newline : '');
  return new TextEncoder().encode(text);
}

export const files = fc.record({
  layout: layouts,
  kinds: fc.integer({ min: 0, max: 400 }).chain((n) => fc.array(lineKind, { minLength: n, maxLength: n })),
  numbers: fc.array(number, { minLength: 1, maxLength: 50 }),
  odds: fc.oneof(fc.array(numericOdd, { minLength: 1, maxLength: 5 }), fc.array(oddCell, { minLength: 1, maxLength: 5 })),
  slice: fc.constantFrom(1, 7, 64, 4096, 1 << 20),
  options: fc.record({
    maxLoCells: fc.constantFrom(0, 150, 2e6),
    previewRows: fc.constantFrom(0, 5, 20),
    maxRecordChars: fc.constantFrom(60, 1 << 20, 1 << 20, 1 << 20),
  }),
});

