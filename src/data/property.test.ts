import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sweep } from '../../test/sweep';
import { parseStream } from './parseStream';
import { parseDelimitedText } from './parseText';
import { selectColumns } from './selectColumns';
import type { Table } from './types';

/** How a number may be written: every form must read back to the same double (JS drops the sign of −0). */
const NUMBER_FORMS: ((v: number) => string)[] = [
  (v) => String(v),
  (v) => v.toExponential(),
  (v) => v.toPrecision(17),
  (v) => (Number.isFinite(v) ? v.toExponential(16).toUpperCase() : String(v)),
];

interface Layout {
  sep: string;
  decimalComma: boolean;
  newline: string;
  header: boolean;
  pad: boolean;
}

const layouts = fc.record({
  sep: fc.constantFrom(',', '\t', ';', ' ', '   '),
  decimalComma: fc.boolean(),
  newline: fc.constantFrom('\n', '\r\n', '\r'),
  header: fc.boolean(),
  pad: fc.boolean(),
});

const tables = fc.integer({ min: 1, max: 6 }).chain((cols) =>
  fc.array(fc.array(fc.double({ noNaN: true }), { minLength: cols, maxLength: cols }), { minLength: 1, maxLength: 25 }),
);

function write(rows: number[][], form: (v: number) => string, layout: Layout): string {
  // A one-column file with decimal commas is ambiguous ("1,5" may be two columns): not generated.
  const comma = layout.decimalComma && layout.sep !== ',' && rows[0]!.length > 1;
  const cell = (v: number): string => {
    const s = Object.is(v, -0) ? `-${form(0)}` : form(v);
    const t = comma ? s.replace('.', ',') : s;
    return layout.pad && layout.sep.trim() === '' ? `  ${t}` : t;
  };
  const lines = rows.map((r) => r.map(cell).join(layout.sep));
  if (layout.header) lines.unshift(rows[0]!.map((_, i) => `col ${i}`).join(layout.sep));
  return lines.join(layout.newline) + layout.newline;
}

describe('property: numeric tables round-trip exactly', () => {
  it('as CSV / TSV / semicolon / blank-separated, with or without header and decimal commas', () => {
    fc.assert(
      fc.property(tables, fc.nat(NUMBER_FORMS.length - 1), layouts, (rows, f, layout) => {
        // Header names with blanks would be split in blank-separated files: use underscores there.
        const text = write(rows, NUMBER_FORMS[f]!, layout).replace(/col (\d)/g, layout.sep.trim() === '' ? 'col_$1' : 'col $1');
        const r = parseDelimitedText(text, layout.header ? {} : { header: false });
        if (!r.ok) throw new Error(`${r.error.message}\n${text}`);
        const t = r.value;
        expect(t.rowCount).toBe(rows.length);
        expect(t.columns).toHaveLength(rows[0]!.length);
        rows.forEach((row, i) => row.forEach((v, j) => expect(Object.is(t.columns[j]!.values[i], v), `${v} at ${i},${j}\n${text}`).toBe(true)));
        expect(Array.from(t.lines)).toEqual(rows.map((_, i) => i + 1 + (layout.header ? 1 : 0)));
        if (layout.header) expect(t.columns.map((c) => c.name)).toEqual(rows[0]!.map((_, i) => `col_${i}`));
      }),
      { numRuns: sweep(1500, 400) },
    );
  });
});

/** Structural invariants of any Table the parser returns. */
function checkTable(t: Table): void {
  expect(t.lines.length).toBe(t.rowCount);
  for (const c of t.columns) {
    expect(c.values.length).toBe(t.rowCount);
    if (c.lo) expect(c.lo.length).toBe(t.rowCount);
    expect(c.name).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
    expect(c.numericCount + c.nonNumericCount + c.emptyCount).toBeLessThanOrEqual(t.rowCount);
  }
  expect(new Set(t.columns.map((c) => c.name)).size).toBe(t.columns.length);
  for (let i = 1; i < t.rowCount; i++) expect(t.lines[i]!).toBeGreaterThan(t.lines[i - 1]!);
  if (t.rowCount > 0) expect(t.lines[0]!).toBeGreaterThanOrEqual(1);
  expect(t.issues.length).toBeLessThanOrEqual(t.issueCount);
}

const garbageChar = fc.constantFrom(...',;\t |"\'#\n\r\u0000\ufeff\ufffd01234.5e-+NaninfxyµÄ€'.split(''), 'abc', '1,5', '""', '\r\n');
const garbage = fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.array(garbageChar, { maxLength: 300 }).map((a) => a.join('')));

describe('property: garbage never throws', () => {
  it('returns a table or an error, the same way whole or chunked', async () => {
    await fc.assert(
      fc.asyncProperty(garbage, fc.array(fc.nat(300), { maxLength: 6 }), async (text, cuts) => {
        const r = parseDelimitedText(text);
        if (r.ok) {
          checkTable(r.value);
          const [a, b] = r.value.columns;
          if (a && b) selectColumns(r.value, { x: [a.name], y: b.name, sigma: r.value.columns[2]?.name ?? null });
        } else {
          expect(r.error.message.length).toBeGreaterThan(0);
        }
        const points = [...new Set(cuts.filter((c) => c < text.length))].sort((x, y) => x - y);
        const chunks = points.map((p, i) => text.slice(points[i - 1] ?? 0, p)).concat(text.slice(points.at(-1) ?? 0));
        expect(await parseStream(chunks)).toEqual(r);
      }),
      { numRuns: sweep(2000, 500) },
    );
  });
});
