import { describe, expect, it } from 'vitest';
import { ArrowMatrix } from '../../solver/arrow';
import { linearizeOneColumn } from './linearizeOneColumn';
import { linearizeOneColumnFast, unrolledSource } from './unrolledOneColumn';

describe('unrolledOneColumn: the same bits as linearizeOneColumn', () => {
  for (const s of [1, 3, 6]) {
    it(`s = ${s}: A, B, D, the gradient and Σε² identical`, () => {
      const G = 3000;
      let q = 11 + s;
      const rnd = () => ((q = (q * 1103515245 + 12345) % 2147483648) + 0.5) / 2147483648 - 0.5;
      const f = Float64Array.from({ length: G }, rnd);
      const J = Float64Array.from({ length: G * (s + 1) }, rnd);
      const u = Float64Array.from({ length: G }, () => 1 + rnd());
      const x = Float64Array.from({ length: s + G }, rnd);
      const [M1, M2] = [new ArrowMatrix(s, 1, G), new ArrowMatrix(s, 1, G)];
      const [g1, g2] = [new Float64Array(s + G), new Float64Array(s + G)];
      const e1 = linearizeOneColumn(s, G, f, J, u, x, M1, g1);
      const e2 = linearizeOneColumnFast(s, G, f, J, u, x, M2, g2);
      expect(e2).toBe(e1);
      expect(Array.from(M2.A)).toEqual(Array.from(M1.A));
      expect(Array.from(M2.B)).toEqual(Array.from(M1.B));
      expect(Array.from(M2.D)).toEqual(Array.from(M1.D));
      expect(Array.from(g2)).toEqual(Array.from(g1));
    });
  }

  it('builds its source from an integer s only', () => {
    expect(() => unrolledSource(0)).toThrow(/out of range/);
    expect(() => unrolledSource(13)).toThrow(/out of range/);
  });
});
