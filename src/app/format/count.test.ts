import { describe, expect, it } from 'vitest';
import { formatCount } from './count';

describe('formatCount', () => {
  it('writes counts as en-US toLocaleString does (grouping, fractions rounded to 3 digits)', () => {
    for (const n of [0, 1, 999, 1000, 12345, 1234567, -4321, 1234.5, 0.1234, 1e21]) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});
