import { describe, expect, it } from 'vitest';
import { rowsText } from './rowsText';

describe('rowsText', () => {
  it('says how many rows are used when fewer than the table has', () => {
    expect(rowsText(23, 12)).toBe('23 rows, 12 used');
    expect(rowsText(23, 23)).toBe('23 rows');
    expect(rowsText(23, null)).toBe('23 rows');
    expect(rowsText(1, 1)).toBe('1 row');
    expect(rowsText(120000, 0)).toBe('120,000 rows, 0 used');
  });
});
