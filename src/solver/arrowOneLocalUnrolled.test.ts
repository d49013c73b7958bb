import { afterEach, describe, expect, it } from 'vitest';
import { ArrowFactor, ArrowMatrix } from './arrow';
import { oneLocalSource, setOneLocalUnrolled } from './arrowOneLocalUnrolled';

/** A random SPD arrow matrix with one local per group (G over two of arrow.ts's blocks). */
function randomArrow(s: number, G: number, seed: number): ArrowMatrix {
  let q = seed;
  const rnd = () => ((q = (q * 1103515245 + 12345) % 2147483648) + 0.5) / 2147483648 - 0.5;
  const M = new ArrowMatrix(s, 1, G);
  const rows = Array.from({ length: G }, () => Array.from({ length: s + 1 }, rnd));
  for (let g = 0; g < G; g++) {
    const j = rows[g];
    for (let a = 0; a < s; a++) {
      for (let b = 0; b < s; b++) M.A[a * s + b] += j[a] * j[b];
      M.B[g * s + a] = j[a] * j[s];
    }
    M.D[g] = j[s] * j[s] + 0.5 + rnd() * 0.1;
  }
  for (let a = 0; a < s; a++) M.A[a * s + a] += 1;
  return M;
}

/** factor + solve + multiply on both paths; returns the outputs. */
function run(M: ArrowMatrix, d: Float64Array | null, shift: Float64Array | null, alpha: number, rhs: Float64Array): { ok: boolean; x: Float64Array; Mx: Float64Array; S: Float64Array } {
  const F = new ArrowFactor(M);
  const ok = F.factor(d, shift, alpha, 1e-14);
  const x = ok ? F.solve(rhs, new Float64Array(M.n)) : new Float64Array(M.n);
  const Mx = M.multiply(rhs, new Float64Array(M.n));
  return { ok, x, Mx, S: ok ? F.sharedInverse(new Float64Array(M.s * M.s)) : new Float64Array(0) };
}

describe('arrowOneLocalUnrolled: the same bits as the general one-local paths', () => {
  afterEach(() => setOneLocalUnrolled(null));

  for (const s of [1, 2, 3, 5]) {
    it(`s = ${s}: factor, solve, multiply and S⁻¹ identical, with and without scaling and shift`, () => {
      const G = 2500;
      const M = randomArrow(s, G, 7 + s);
      const rhs = Float64Array.from({ length: M.n }, (_, i) => Math.sin(i + 1));
      const d = Float64Array.from({ length: M.n }, (_, i) => 0.5 + ((i * 37) % 11) / 10);
      const shift = Float64Array.from({ length: M.n }, (_, i) => ((i * 13) % 7) / 100);
      for (const [dd, sh, alpha] of [[null, null, 0], [d, null, 0.3], [d, shift, 1e-3]] as const) {
        setOneLocalUnrolled(false);
        const general = run(M, dd, sh, alpha, rhs);
        setOneLocalUnrolled(null);
        const unrolled = run(M, dd, sh, alpha, rhs);
        expect(general.ok).toBe(true);
        expect(unrolled.ok).toBe(true);
        // Bit for bit (toEqual on typed arrays compares every entry exactly).
        expect(Array.from(unrolled.x)).toEqual(Array.from(general.x));
        expect(Array.from(unrolled.Mx)).toEqual(Array.from(general.Mx));
        expect(Array.from(unrolled.S)).toEqual(Array.from(general.S));
      }
    });
  }

  it('fails the same factorization the general path fails (a NaN and a non-positive D̃_g)', () => {
    for (const bad of [NaN, -1]) {
      const M = randomArrow(3, 1500, 3);
      M.D[1200] = bad;
      setOneLocalUnrolled(false);
      const general = new ArrowFactor(M).factor(null, null, 0);
      setOneLocalUnrolled(null);
      expect(new ArrowFactor(M).factor(null, null, 0)).toBe(general);
      expect(general).toBe(false);
    }
  });

  it('builds its source from an integer s only', () => {
    expect(() => oneLocalSource(0)).toThrow(/out of range/);
    expect(() => oneLocalSource(1.5)).toThrow(/out of range/);
    expect(oneLocalSource(2)).toContain('function factor(');
  });
});
