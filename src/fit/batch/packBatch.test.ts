import { describe, expect, it } from 'vitest';
import { packBatches } from './packBatch';

const group = (n: number, base: number, w: Float64Array | null = null) => ({
  vars: [Float64Array.from({ length: n }, (_, i) => base + i)],
  y: Float64Array.from({ length: n }, (_, i) => 10 * (base + i)),
  w,
});

describe('packBatches', () => {
  const common = { nParams: 3, nVars: 1, lb: [0, -Infinity], ub: [Infinity, 5], maxIter: 40 };

  it('packs groups column by column with offsets, starts and f32-safe bounds', () => {
    const [pack, ...more] = packBatches({ ...common, data: [group(3, 1), group(2, 100)], starts: [Float64Array.of(1, 2, 3), Float64Array.of(4, 5, 6)], weighted: false, maxBytes: 1 << 20 });
    expect(more).toHaveLength(0);
    expect(pack.stride).toBe(5);
    expect(Array.from(pack.offsets)).toEqual([0, 3, 5]);
    expect(Array.from(pack.data)).toEqual([1, 2, 3, 100, 101, 10, 20, 30, 1000, 1010]);
    expect(Array.from(pack.starts)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Array.from(pack.bounds)).toEqual([0, -3.4028234663852886e38, 3.4028234663852886e38, 5]);
    expect(pack.members).toEqual([0, 1]);
    expect(pack.maxIter).toBe(40);
  });

  it('gives unweighted groups of a weighted batch w = 1', () => {
    const [pack] = packBatches({ ...common, data: [group(2, 1, Float64Array.of(0.5, 0.25)), group(2, 3)], starts: [new Float64Array(3), new Float64Array(3)], weighted: true, maxBytes: 1 << 20 });
    expect(pack.columns).toBe(3);
    expect(Array.from(pack.data.subarray(8, 12))).toEqual([0.5, 0.25, 1, 1]);
  });

  it('splits by whole groups at the byte limit, one oversized group on its own', () => {
    const data = [group(4, 0), group(4, 10), group(9, 20), group(1, 40)];
    const packs = packBatches({ ...common, data, starts: data.map(() => new Float64Array(3)), weighted: false, maxBytes: 8 * 4 * 2 });
    expect(packs.map((p) => p.members)).toEqual([[0, 1], [2], [3]]);
    expect(Array.from(packs[1].offsets)).toEqual([0, 9]);
    expect(packs[1].data[9]).toBe(200);
  });
});
