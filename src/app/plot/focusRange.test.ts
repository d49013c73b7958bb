import { describe, expect, it } from 'vitest';
import { focusRange } from './focusRange';

describe('focusRange', () => {
  it('leaves autorange alone when the curve stays near the data', () => {
    expect(focusRange([0, 10], [-2, 12], false)).toBeNull();
  });
  it('follows the data when the curve runs far away', () => {
    const r = focusRange([0, 10], [0, 1e6], false);
    expect(r).not.toBeNull();
    expect(r?.[0]).toBeLessThan(0);
    expect(r?.[1]).toBeGreaterThanOrEqual(20);
    expect(r?.[1]).toBeLessThan(22);
  });
  it('works in decades on a log axis and ignores non-positive values there', () => {
    const r = focusRange([1, 100, -5], [1e-9, 10], true);
    expect(r?.[0]).toBeCloseTo(-2 - 0.16, 10);
    expect(r?.[1]).toBeCloseTo(2 + 0.16, 10);
  });
});
