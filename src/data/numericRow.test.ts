import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linesEnd, readNumericLines, readNumericRow, type RowShape } from './numericRow';
import { number, numericOdd, oddCell } from './testing/ingestFiles';

const bits = (a: Float64Array) => Array.from(new BigUint64Array(a.slice().buffer));

describe('readNumericLines: readNumericRow without the line end known, into columns', () => {
  it('takes the same lines, with the same values and residuals, and stops after their LF', () => {
    const cell = fc.oneof({ weight: 8, arbitrary: number }, { weight: 1, arbitrary: numericOdd }, { weight: 1, arbitrary: oddCell }, { weight: 1, arbitrary: fc.constantFrom(' 1 ', '2\t', '1e', '3e+', '-', '.', '1.5e-3 ') });
    let rows = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(',', ';', '\t', ' ', '  '),
        fc.integer({ min: 1, max: 4 }),
        fc.array(cell, { minLength: 0, maxLength: 5 }),
        fc.constantFrom('\n', '\r\n', '\r', '', '\r\r\n', ' \n'),
        fc.constantFrom('', '1,2\n', '\n'),
        (d, count, cells, end, after) => {
          const sep = d === ';' ? 44 : 46;
          const shape: RowShape = { delimiter: d.trim() === '' && d !== '\t' ? -1 : d.charCodeAt(0), sep, count };
          const text = cells.map((c) => (sep === 44 ? c.replace('.', ',') : c)).join(d);
          const b = new TextEncoder().encode(text + end + after);
          const lf = b.indexOf(10);
          const lineEnd = lf < 0 ? -1 : lf > 0 && b[lf - 1] === 13 ? lf - 1 : lf;
          const [v1, l1, v2, l2] = [new Float64Array(count), new Float64Array(count), new Float64Array(count), new Float64Array(count)];
          const row = lineEnd >= 0 && readNumericRow(b, 0, lineEnd, shape, v1, l1);
          // one row into columns of 3 rows at row 1: cell k of the row lands at columns[k][1]
          const columns = Array.from({ length: count }, () => new Float64Array(3));
          const los = Array.from({ length: count }, () => new Float64Array(3));
          const lines = new Int32Array(3);
          const taken = readNumericLines(b, 0, b.length, shape, columns, los, lines, 1, 1, 7, 1 << 20);
          expect(taken).toBe(row ? 1 : 0);
          expect(linesEnd).toBe(row ? lf + 1 : 0);
          if (row) {
            rows++;
            columns.forEach((c, k) => (v2[k] = c[1] as number));
            los.forEach((c, k) => (l2[k] = c[1] as number));
            expect(bits(v2)).toEqual(bits(v1));
            expect(bits(l2)).toEqual(bits(l1));
            expect(lines[1]).toBe(7);
            expect(columns.every((c) => c[0] === 0 && c[2] === 0)).toBe(true);
          }
        },
      ),
      { numRuns: 5000, seed: 5 },
    );
    expect(rows).toBeGreaterThan(200); // the comparison covers rows taken, not only refusals
  });
});
