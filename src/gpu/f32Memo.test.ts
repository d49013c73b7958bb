import { describe, expect, it } from 'vitest';
import { F32Memo } from './f32Memo';

describe('F32Memo', () => {
  it('answers for vectors with the same f32 rounding, and only for those', () => {
    const memo = new F32Memo<number>();
    expect(memo.get([1, 2])).toBeUndefined();
    memo.set([1, 2], 42);
    expect(memo.get([1 + 1e-12, 2])).toBe(42); // same f32
    expect(memo.get([1 + 1e-6, 2])).toBeUndefined(); // next f32 up is 1 + 1.19e-7
    expect(memo.get([1, 2, 3])).toBeUndefined();
    memo.set([1 + 1e-6, 2], 7);
    expect(memo.get([1, 2])).toBeUndefined();
  });
});
