import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readNumericLine, readNumericRow, type RowShape } from './numericRow';
import { number, numericOdd, oddCell } from './testing/ingestFiles';

const bits = (a: Float64Array) => Array.from(new BigUint64Array(a.slice().buffer));

describe('readNumericLine: readNumericRow without the line end known', () => {
  it('takes the same lines, with the same values and residuals, and returns their LF', () => {
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
          const line = readNumericLine(b, 0, b.length, shape, v2, l2);
          expect(line).toBe(row ? lf : -1);
          if (row) {
            rows++;
            expect(bits(v2)).toEqual(bits(v1));
            expect(bits(l2)).toEqual(bits(l1));
          }
        },
      ),
      { numRuns: 5000, seed: 5 },
    );
    expect(rows).toBeGreaterThan(200); // the comparison covers rows taken, not only refusals
  });
});
