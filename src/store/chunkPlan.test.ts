/** Chunk rows from the budget: a quarter of it over 8·(columns + parameters + 2) bytes a row, in whole sum chunks. */
import { describe, expect, it } from 'vitest';
import { chunkRowsFor } from './chunkPlan';

describe('chunkRowsFor', () => {
  it('fits a quarter of the budget and is a whole multiple of the sum chunk', () => {
    // 256 MiB / 4 = 64 MiB; x, y and 3 parameters: 8·(2 + 3 + 2) = 56 bytes a row → 1 198 372 rows → 18 sums of 65 536.
    expect(chunkRowsFor({ budgetBytes: 256 * 1024 ** 2, columns: 2, parameters: 3, sumRows: 65_536 })).toBe(18 * 65_536);
    // More parameters, fewer rows: 8·(3 + 20 + 2) = 200 bytes a row → 335 544 rows → 5 sums.
    expect(chunkRowsFor({ budgetBytes: 256 * 1024 ** 2, columns: 3, parameters: 20, sumRows: 65_536 })).toBe(5 * 65_536);
    // Never less than one sum chunk.
    expect(chunkRowsFor({ budgetBytes: 1024, columns: 2, parameters: 3, sumRows: 65_536 })).toBe(65_536);
  });
});
