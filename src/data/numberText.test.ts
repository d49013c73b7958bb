import { describe, expect, it } from 'vitest';
import { CellKind, classifyCell, parseNumber } from './numberText';

describe('number grammar', () => {
  it('reads the forms data files use', () => {
    const cases: [string, number][] = [
      ['1', 1], ['-2.5', -2.5], ['1e-3', 0.001], ['+4', 4], ['.5', 0.5], ['5.', 5], ['  7  ', 7],
      ['\t-0.25\t', -0.25], ['1E+05', 1e5], ['10.07E0', 10.07], ['-0', -0], ['007', 7],
    ];
    for (const [text, value] of cases) expect(parseNumber(text), text).toBe(value);
  });

  it('reads NaN and infinities as numbers that are not finite', () => {
    expect(parseNumber('NaN')).toBeNaN();
    expect(parseNumber('nan')).toBeNaN();
    expect(parseNumber('-nan')).toBeNaN();
    expect(parseNumber('inf')).toBe(Infinity);
    expect(parseNumber('-Infinity')).toBe(-Infinity);
    expect(parseNumber('+INF')).toBe(Infinity);
    expect(classifyCell(' inf ', false)).toBe(CellKind.NonFinite);
  });

  it('rejects everything else, including what Number() would accept', () => {
    for (const text of ['0x1f', '1_000', 'e5', '1e', '1e+', '.', '-', '+', '1.2.3', '1,5', 'abc', '12abc', '1 2', 'Infinit', '١٢', '0b101', '--1']) {
      expect(parseNumber(text), text).toBeUndefined();
    }
    expect(classifyCell('', false)).toBe(CellKind.Empty);
    expect(classifyCell('   ', false)).toBe(CellKind.Empty);
    expect(classifyCell('abc', false)).toBe(CellKind.Text);
  });

  it('reads decimal commas only when asked', () => {
    expect(parseNumber('1,5', true)).toBe(1.5);
    expect(parseNumber('-,25', true)).toBe(-0.25);
    expect(parseNumber('2,5e3', true)).toBe(2500);
    expect(parseNumber('1.5', true)).toBeUndefined();
    expect(parseNumber('1,5', false)).toBeUndefined();
  });
});
