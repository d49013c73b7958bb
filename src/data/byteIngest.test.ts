import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createByteIngest, parseBytes } from './byteIngest';
import { parseDelimitedText } from './parseText';
import type { ParseOptions, Result, Table } from './types';

/** Every field of a parse result, with each double as its bit pattern (so −0, NaN and lo compare exactly). */
function canonical(r: Result<Table>): unknown {
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

/** The general path as the CLI used it: the file decoded by Node, then the text ingest. */
const textPath = (bytes: Uint8Array, options: ParseOptions) => parseDelimitedText(Buffer.from(bytes).toString('utf8'), options);

const number = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((v) => String(v)) },
  { weight: 3, arbitrary: fc.integer({ min: -99999, max: 99999 }).map((n) => (n / 1000).toFixed(3)) },
  { weight: 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => v.toExponential(18)) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => v.toPrecision(17)) },
  { weight: 1, arbitrary: fc.constantFrom('0', '-0', '+1.5', '.5', '5.', '1e999', '-1e-400', '007', '1E5', '2.5e-7') },
);

/** Cells that must leave the fast path: text, blanks, literals, quotes, odd bytes. */
const numericOdd = fc.constantFrom('', ' ', 'NaN', '-inf', ' 4 ', '\t7', '1e999'); // no categories: the fast path resumes
const oddCell = fc.oneof(
  { weight: 10, arbitrary: numericOdd },
  { weight: 10, arbitrary: fc.constantFrom('', ' ', 'abc', 'NaN', '-inf', 'Infinity', 'µ', '1.2.3', '1e', '--1', ' 4 ', '\t7', '5 6', '\u00a02', '1\r2') },
  { weight: 1, arbitrary: fc.constantFrom('"1.5"', '"a,b"', 'x"y') },
);

interface Layout {
  delimiter: string;
  decimalComma: boolean;
  newline: string;
  header: boolean;
  bom: boolean;
  cols: number;
  labels: boolean;
}

const layouts: fc.Arbitrary<Layout> = fc.record({
  delimiter: fc.constantFrom(',', '\t', ';', '|', ' ', '  '),
  decimalComma: fc.boolean(),
  newline: fc.constantFrom('\n', '\n', '\n', '\r\n', '\r\n', '\r'),
  header: fc.boolean(),
  bom: fc.boolean(),
  cols: fc.integer({ min: 1, max: 4 }),
  labels: fc.boolean(),
}).map((l) => ({ ...l, labels: l.labels && l.bom }));

/** One line: a row of cells, or a comment, blank line, short/long row. */
const lineKind = fc.constantFrom('row', 'row', 'row', 'row', 'row', 'row', 'row', 'row', 'odd', 'comment', 'blank', 'short', 'long', 'trailing');

function file(layout: Layout, kinds: string[], numbers: string[], odds: string[]): Uint8Array {
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

const files = fc.record({
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

describe('byte ingest: the same Table as the text ingest', () => {
  it('on generated files (numbers, text, blanks, comments, quotes, CR/CRLF, BOM, bad rows, decimal commas)', () => {
    let runs = 0;
    let fast = 0;
    fc.assert(
      fc.property(files, ({ layout, kinds, numbers, odds, slice, options }) => {
        const bytes = file(layout, kinds, numbers, odds);
        const ingest = createByteIngest(options);
        for (let i = 0; i < bytes.length && !ingest.error; i += slice) ingest.push(bytes.subarray(i, i + slice));
        expect(canonical(ingest.finish())).toEqual(canonical(textPath(bytes, options)));
        runs++;
        if (ingest.fastRows > 0) fast++;
      }),
      { numRuns: 300, seed: 12 },
    );
    expect(fast).toBeGreaterThan(runs / 10); // the comparison covers the fast path, not only the fallback
  });

  it('uses the fast path for plain numeric rows', () => {
    const rows = ['x,y', ...Array.from({ length: 5000 }, (_, i) => `${i / 7},${(i * 1.25).toExponential(3)}`)];
    const bytes = new TextEncoder().encode(rows.join('\n'));
    const ingest = createByteIngest();
    ingest.push(bytes);
    const parsed = ingest.finish();
    expect(canonical(parsed)).toEqual(canonical(textPath(bytes, {})));
    expect(ingest.fastRows).toBeGreaterThan(4800); // all but the sniffed head and the preview rows
  });

  it('switches to the text ingest at a quote and keeps line numbers', () => {
    const rows = Array.from({ length: 300 }, (_, i) => `${i},${i * 2}`);
    rows[250] = '"250","multi\nline"';
    const bytes = new TextEncoder().encode(rows.join('\n'));
    const parsed = parseBytes(bytes, {}, 64);
    expect(canonical(parsed)).toEqual(canonical(textPath(bytes, {})));
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.lines[251]).toBe(253); // the quoted record spans lines 251–252
  });

  it('reports errors where the text ingest does: NUL byte, too many fields, a line too long', () => {
    const base = Array.from({ length: 200 }, (_, i) => `${i},${i}`);
    const withNul = [...base.slice(0, 150), '1,\u00002', ...base.slice(150)].join('\n');
    const wide = [...base.slice(0, 150), Array.from({ length: 30 }, () => '1').join(','), ...base.slice(150)].join('\n');
    for (const [text, options] of [[withNul, {}], [wide, { maxColumns: 20 }], [wide, { maxRecordChars: 50 }]] as const) {
      const bytes = new TextEncoder().encode(text);
      const parsed = parseBytes(bytes, options, 100);
      expect(parsed.ok).toBe(false);
      expect(canonical(parsed)).toEqual(canonical(textPath(bytes, options)));
    }
  });
});

describe('byte ingest: columns sized from the file size', () => {
  const sized = (text: string) => {
    const bytes = new TextEncoder().encode(text);
    const parsed = parseBytes(bytes, { maxLoCells: 0 }, 1 << 16);
    expect(canonical(parsed)).toEqual(canonical(textPath(bytes, { maxLoCells: 0 })));
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.value;
  };

  it('allocates the columns once when the head is typical (no doubling, no copy)', () => {
    const t = sized(['x,y', ...Array.from({ length: 200000 }, (_, i) => `${(i % 1000) / 1000 + 1},${i % 7}.5`)].join('\n'));
    const capacity = (t.columns[0] as { values: Float64Array }).values.buffer.byteLength / 8;
    expect(capacity).toBeGreaterThanOrEqual(t.rowCount);
    expect(capacity).toBeLessThan(1.25 * t.rowCount);
  });

  it('reserves again, not doubling, when the head undersells the line length', () => {
    const head = Array.from({ length: 200 }, (_, i) => `${i + 123456789.123},${i}.123456789`);
    const rest = Array.from({ length: 200000 }, (_, i) => `${i % 10},${i % 3}`);
    const t = sized(['x,y', ...head, ...rest].join('\n'));
    const capacity = (t.columns[1] as { values: Float64Array }).values.buffer.byteLength / 8;
    // Reserved again from the rows per byte: the column is a view of that array, with a small spare.
    // Doubling instead would have left it ~30% empty, then trimmed by a copy (capacity = rows).
    expect(capacity).toBeGreaterThan(t.rowCount);
    expect(capacity).toBeLessThan(1.25 * t.rowCount);
  });
});
