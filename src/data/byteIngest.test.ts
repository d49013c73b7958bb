import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sweep } from '../../test/sweep';
import { createByteIngest, parseBytes } from './byteIngest';
import { parseDelimitedText } from './parseText';
import type { ParseOptions } from './types';
import { canonical, file, files } from './testing/ingestFiles';

/** The general path as the CLI used it: the file decoded by Node, then the text ingest. */
const textPath = (bytes: Uint8Array, options: ParseOptions) => parseDelimitedText(Buffer.from(bytes).toString('utf8'), options);

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
      { numRuns: sweep(300, 100), seed: 12 },
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

  it('takes the fast path after a quoted header (R write.csv) or quoted cells in the head', () => {
    const body = Array.from({ length: 3000 }, (_, i) => `${i / 3},${(i * 0.7).toFixed(5)}`);
    const rHeader = ['"time","signal"', ...body].join('\n');
    const quotedCells = ['x,y', '1,"2.5"', '"2",3', ...body.slice(2)].join('\n');
    for (const text of [rHeader, quotedCells]) {
      const bytes = new TextEncoder().encode(text);
      const ingest = createByteIngest();
      for (let i = 0; i < bytes.length; i += 1000) ingest.push(bytes.subarray(i, i + 1000));
      expect(canonical(ingest.finish())).toEqual(canonical(textPath(bytes, {})));
      expect(ingest.fastRows).toBeGreaterThan(2500);
    }
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
