import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxChunkRows, planChunks, type PlanInput } from './plan';

const base: PlanInput = { rows: 1e6, columns: 2, sums: 17, workgroupSize: 64, maxBindingBytes: 128 * 2 ** 20, maxWorkgroupsPerDimension: 65535 };

describe('chunk and reduction plan', () => {
  it('keeps 10⁶ rows in one binding with ~32 rows per thread', () => {
    const plan = planChunks(base);
    expect(plan.chunks).toHaveLength(1);
    expect(plan.chunks[0]).toMatchObject({ start: 0, rows: 1e6, stride: 1e6, partialBase: 0 });
    expect(plan.rowsPerThread).toBeLessThanOrEqual(32);
    expect(plan.groups).toBe(Math.ceil(1e6 / (64 * 32)));
  });

  it('splits data larger than a binding, and honours a forced chunk size', () => {
    const big = planChunks({ ...base, rows: 5e7, columns: 3 });
    expect(big.chunks.length).toBe(Math.ceil((5e7 * 3 * 4) / (128 * 2 ** 20)));
    const forced = planChunks({ ...base, rows: 20_000, chunkRows: 3000 });
    expect(forced.chunks.map((c) => c.rows)).toEqual([2880, 2880, 2880, 2880, 2880, 2880, 2720]); // even, aligned to 64
  });

  it('caps the read-back and lets rows per thread grow instead (p = 16: 155 sums)', () => {
    const plan = planChunks({ ...base, rows: 1e8, sums: 155, workgroupSize: 256, maxBindingBytes: 2 ** 31 });
    expect(plan.groups * 155).toBeLessThanOrEqual(1 << 18);
    expect(plan.rowsPerThread).toBe(Math.ceil(1e8 / (256 * Math.floor((1 << 18) / 155))));
  });

  it('refuses a binding too small for a row block', () => {
    expect(() => maxChunkRows(4, 512)).toThrow(RangeError);
  });

  it('covers every row exactly once, within the limits (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3e8 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 160 }),
        fc.constantFrom(32, 64, 256),
        fc.integer({ min: 24, max: 31 }),
        fc.option(fc.integer({ min: 1000, max: 1e6 })),
        (rows, columns, sums, wg, log2Binding, chunkRows) => {
          const maxBindingBytes = 2 ** log2Binding;
          if (rows / (chunkRows ?? maxChunkRows(columns, maxBindingBytes)) > 2000) return; // keep each case small
          const plan = planChunks({ rows, columns, sums, workgroupSize: wg, maxBindingBytes, maxWorkgroupsPerDimension: 65535, chunkRows: chunkRows ?? undefined });
          let next = 0;
          let partial = 0;
          const bad: string[] = [];
          for (const c of plan.chunks) {
            if (c.start !== next || c.rows < 1 || c.stride < c.rows) bad.push(`rows ${c.start}+${c.rows}`);
            if (c.bytes !== c.stride * columns * 4 || c.bytes > maxBindingBytes) bad.push(`bytes ${c.bytes}`);
            if (chunkRows && c.rows > chunkRows) bad.push(`chunk ${c.rows} > ${chunkRows}`);
            if (c.groups < 1 || c.groups > 65535 || c.partialBase !== partial) bad.push(`groups ${c.groups} at ${c.partialBase}`);
            next += c.rows;
            partial += c.groups;
          }
          expect(bad).toEqual([]);
          expect(next).toBe(rows);
          expect(plan.groups).toBe(partial);
        },
      ),
      { numRuns: 300 },
    );
  });
});
