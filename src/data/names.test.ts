import { describe, expect, it } from 'vitest';
import { columnNames, sanitizeName } from './names';

describe('column names', () => {
  it('sanitizes header text into identifiers', () => {
    expect(sanitizeName('Time (s)')).toBe('Time_s');
    expect(sanitizeName(' dose [µM] ')).toBe('dose_M');
    expect(sanitizeName('2theta')).toBe('_2theta');
    expect(sanitizeName('_private')).toBe('_private');
    expect(sanitizeName('a-b.c')).toBe('a_b_c');
    expect(sanitizeName('µ')).toBe('');
  });

  it('keeps the trimmed header as label and de-duplicates names', () => {
    const names = columnNames([' a ', 'a', 'a_2', '', 'Time (s)', 'µ'], 6);
    expect(names.map((n) => n.name)).toEqual(['a', 'a_2', 'a_2_2', 'c4', 'Time_s', 'c6']);
    expect(names.map((n) => n.label)).toEqual(['a', 'a', 'a_2', 'c4', 'Time (s)', 'µ']);
  });

  it('names headerless columns by the usual layouts', () => {
    expect(columnNames(null, 1).map((n) => n.name)).toEqual(['y']);
    expect(columnNames(null, 2).map((n) => n.name)).toEqual(['x', 'y']);
    expect(columnNames(null, 3).map((n) => n.name)).toEqual(['x', 'y', 'sigma']);
    expect(columnNames(null, 4).map((n) => n.name)).toEqual(['c1', 'c2', 'c3', 'c4']);
  });

  it('names columns past a short header c<i>', () => {
    expect(columnNames(['x'], 3).map((n) => n.name)).toEqual(['x', 'c2', 'c3']);
  });
});
