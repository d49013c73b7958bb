import { describe, expect, it } from 'vitest';
import { densityGrid } from './density';

/** A deterministic uniform generator (LCG), so failures repeat. */
function lcg(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** The count of each cell straight from its edges: lo ≤ v < hi, the last cell closed above. */
function directCount(x: Float64Array, y: Float64Array, xEdges: Float64Array, yEdges: Float64Array, keep: (i: number) => boolean): number[] {
  const nx = xEdges.length - 1;
  const ny = yEdges.length - 1;
  const within = (v: number, e: Float64Array, k: number, last: boolean) => v >= e[k] && (v < e[k + 1] || (last && v <= e[k + 1]));
  const counts: number[] = [];
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      let c = 0;
      for (let p = 0; p < x.length; p++) if (keep(p) && within(x[p], xEdges, i, i === nx - 1) && within(y[p], yEdges, j, j === ny - 1)) c++;
      counts.push(c);
    }
  }
  return counts;
}

describe('densityGrid', () => {
  it('counts each cell as a direct count over its edges does (linear x)', () => {
    const rand = lcg(7);
    const n = 3000;
    const x = Float64Array.from({ length: n }, () => 10 * rand());
    const y = Float64Array.from(x, (v) => Math.exp(-v / 3) + 0.1 * (rand() - 0.5));
    const d = densityGrid(x, y, () => true, false, 0, 10, 23, 17);
    expect(d).not.toBeNull();
    expect(Array.from(d!.counts)).toEqual(directCount(x, y, d!.xEdges, d!.yEdges, () => true));
    expect(d!.points).toBe(n);
    expect(d!.max).toBe(Math.max(...d!.counts));
  });

  it('counts in equal steps of ln x on a log axis, leaving out x ≤ 0, non-finite and unkept points', () => {
    const rand = lcg(11);
    const n = 2500;
    const x = Float64Array.from({ length: n }, (_, i) => (i % 50 === 0 ? -1 : 10 ** (4 * rand() - 2)));
    const y = Float64Array.from(x, (v, i) => (i % 97 === 0 ? NaN : Math.log(Math.abs(v)) + rand()));
    const keep = (i: number) => i % 5 !== 0;
    const nx = 19;
    const d = densityGrid(x, y, keep, true, 0.01, 100, nx, 13)!;
    const usable = (i: number) => keep(i) && x[i] > 0 && Number.isFinite(y[i]);
    // Compared in ln x, against edges ln 0.01 + i·Δ (exp and ln back would move points on an edge).
    const dt = (Math.log(100) - Math.log(0.01)) / nx;
    const lnEdges = Float64Array.from({ length: nx + 1 }, (_, i) => (i === nx ? Math.log(100) : Math.log(0.01) + i * dt));
    const lnX = Float64Array.from(x, (v) => (v > 0 ? Math.log(v) : NaN));
    const ref = directCount(lnX, y, lnEdges, d.yEdges, usable);
    const diff = ref.flatMap((c, k) => (c === d.counts[k] ? [] : [[k, c, d.counts[k]]]));
    expect(diff).toEqual([]);
    let expected = 0;
    for (let i = 0; i < n; i++) if (usable(i)) expected++;
    expect(d.points).toBe(expected);
    // Equal in ln x: the ratio of neighbouring edges is the same everywhere.
    const ratio = d.xEdges[1] / d.xEdges[0];
    for (let i = 1; i < d.xEdges.length; i++) expect(d.xEdges[i] / d.xEdges[i - 1]).toBeCloseTo(ratio, 10);
  });

  it('counts only the view, gives a flat series cells of some height, and nothing for no points', () => {
    const x = Float64Array.from({ length: 100 }, (_, i) => i);
    const y = new Float64Array(100).fill(2);
    const d = densityGrid(x, y, () => true, false, 10, 19.5, 4, 3)!;
    expect(d.points).toBe(10);
    expect(d.yEdges[0]).toBeLessThan(2);
    expect(d.yEdges[3]).toBeGreaterThan(2);
    expect(Array.from(d.counts)).toEqual(directCount(x, y, d.xEdges, d.yEdges, (i) => x[i] >= 10 && x[i] <= 19.5));
    expect(densityGrid(x, y, () => false, false, 0, 99)).toBeNull();
  });
});
