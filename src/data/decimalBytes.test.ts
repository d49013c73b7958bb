import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesDigits, decimalEnd, decimalFromBytes } from './decimalBytes';
import { readDigits } from './decimalDigits';
import { residualOf } from './decimalResidual';
import { CellKind, classifyCell } from './numberText';
import { readNumericRow } from './numericRow';

const enc = new TextEncoder();

/** The reader on a whole string; NaN when it rejects it or stops before its end. */
function read(s: string, comma = false): number {
  const b = enc.encode(s);
  const v = decimalFromBytes(b, 0, b.length, comma ? 44 : 46);
  return v === v && decimalEnd === b.length ? v : NaN;
}

/** The reference: JavaScript's own correctly rounded conversion. */
const reference = (s: string, comma = false): number => parseFloat(comma ? s.replace(',', '.') : s);

function same(a: number, b: number): boolean {
  return Object.is(a, b);
}

const digitString = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

/** Numbers as data files write them: sign, leading zeros, 1–40 digits, a point anywhere, exponents. */
const numberText = fc
  .record({
    sign: fc.constantFrom('', '-', '+'),
    zeros: fc.constantFrom('', '0', '000', '0.000000'),
    int: digitString(0, 25),
    frac: fc.option(digitString(0, 25), { nil: null }),
    exp: fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '-', '+'), fc.integer({ min: 0, max: 400 })), { nil: null }),
  })
  .map(({ sign, zeros, int, frac, exp }) => {
    const mantissa = zeros.includes('.') ? `${zeros}${int}${frac ?? ''}` : `${zeros}${int}${frac === null ? '' : `.${frac}`}`;
    return `${sign}${mantissa}${exp ? `${exp[0]}${exp[1]}${exp[2]}` : ''}`;
  })
  .filter((s) => /[0-9]/.test(s.split(/[eE]/)[0] ?? ''));

describe('decimalFromBytes: exactly parseFloat', () => {
  it('random digit strings (1–50 digits, exponents to ±400)', () => {
    fc.assert(
      fc.property(numberText, (s) => {
        expect(classifyCell(s, false)).toBe(CellKind.Finite);
        const v = read(s);
        expect(same(v, reference(s)), `${s}: ${v} vs ${reference(s)}`).toBe(true);
      }),
      { numRuns: 20000, seed: 12 },
    );
  });

  it('every double written shortest, with 17 digits and as %.18e', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        for (const s of [String(x), x.toPrecision(17), x.toExponential(18), x.toExponential(14)]) {
          expect(same(read(s), reference(s)), s).toBe(true);
        }
      }),
      { numRuns: 20000, seed: 12 },
    );
  });

  it('halfway cases, subnormals, the extremes, overflow and underflow', () => {
    const cases = [
      '9007199254740993', // 2^53 + 1: halfway between two doubles, ties to even
      '9007199254740992.5',
      '9007199254740993.0000000000000000001', // just above halfway: rounds up
      '2.2250738585072011e-308', // the largest subnormal neighbourhood
      '2.2250738585072012e-308',
      '2.2250738585072014e-308', // smallest normal
      '4.9406564584124654e-324', // smallest subnormal
      '2.4703282292062327e-324', // half of it: rounds to 0
      '2.4703282292062328e-324', // just above half: rounds up to 5e-324
      '1.7976931348623157e308', // largest double
      '1.7976931348623158e308',
      '1.7976931348623159e308', // rounds to infinity
      '1e309',
      '-1e400',
      '1e-400',
      '0.1',
      '0.3',
      '123456789012345678901234567890',
      '0.000000000000000000000000000000000000000001',
      '1e22',
      '1e23', // the first power of ten not exact: not on the fast path
      '123456789012345e-22',
      '123456789012345e-23',
      '8.98846567431158e307',
      '00000000000000000000000000000001.5',
      '-0',
      '-0.0e10',
      '0e-99999999',
      '1e99999999',
      '7.1e-10',
      '+.5',
      '5.',
      '5.e3',
      '.5E-3',
      '89255.0e-22', // Clinger's own hard example
      '3.0540412e5',
      '2.225073858507201136057409796709131975934819546351645648e-308',
      '9007199254740991.4999999999999999999999999999999999',
      '1.00000000000000011102230246251565404236316680908203125', // exactly halfway 1 and 1+2^-52
      '1.00000000000000011102230246251565404236316680908203124',
      '1.00000000000000011102230246251565404236316680908203126',
    ];
    for (const s of cases) expect(same(read(s), reference(s)), s).toBe(true);
  });

  it('decimal commas read as parseFloat reads the point form', () => {
    fc.assert(
      fc.property(numberText, (s) => {
        const c = s.replace('.', ',');
        expect(same(read(c, true), reference(c, true)), c).toBe(true);
      }),
      { numRuns: 5000, seed: 12 },
    );
  });

  it('fills the same digits as readDigits, so the residual is the same', () => {
    fc.assert(
      fc.property(numberText, (s) => {
        const v = read(s);
        const mine = { ...bytesDigits, chunks: [...bytesDigits.chunks.slice(0, bytesDigits.count)] };
        const theirs = readDigits(s, false);
        expect(mine).toEqual({ ...theirs, chunks: [...theirs.chunks.slice(0, theirs.count)] });
        expect(same(residualOf(bytesDigits, v), residualOf(readDigits(s, false), v))).toBe(true);
      }),
      { numRuns: 5000, seed: 12 },
    );
  });

  it('rejects what the cell grammar rejects, and stops where a number ends', () => {
    for (const s of ['', '-', '+', '.', 'e5', '.e5', '1e', '1e+', '-e3', 'nan', 'inf', 'Infinity', 'abc', ',5']) {
      expect(read(s), s).toBeNaN();
    }
    const b = enc.encode('12.5e3,7');
    expect(decimalFromBytes(b, 0, b.length, 46)).toBe(12500);
    expect(decimalEnd).toBe(6);
    const c = enc.encode('1.2.3');
    expect(decimalFromBytes(c, 0, c.length, 46)).toBe(1.2);
    expect(decimalEnd).toBe(3); // the caller sees '.' where a delimiter should be
  });

  it('numericRow (the tight Clinger pass, else this reader) gives parseFloat and the same residual', () => {
    const values = new Float64Array(2);
    const lo = new Float64Array(2);
    const shape = { delimiter: 44, sep: 46, count: 2 };
    fc.assert(
      fc.property(numberText, numberText, (a, b) => {
        const bytes = enc.encode(`${a}, ${b} `);
        expect(readNumericRow(bytes, 0, bytes.length, shape, values, lo)).toBe(true);
        expect(same(values[0] as number, reference(a)), a).toBe(true);
        expect(same(values[1] as number, reference(b)), b).toBe(true);
        expect(same(lo[0] as number, residualOf(readDigits(a, false), reference(a))), a).toBe(true);
        expect(readNumericRow(bytes, 0, bytes.length, shape, values, null)).toBe(true);
        expect(same(values[1] as number, reference(b)), b).toBe(true);
      }),
      { numRuns: 10000, seed: 12 },
    );
    for (const line of ['1,', '1,2,3', '1;2', '1,2x', 'nan,1', '1e,2', ' ,2']) {
      const bytes = enc.encode(line);
      expect(readNumericRow(bytes, 0, bytes.length, shape, values, null), line).toBe(false);
    }
  });
});
