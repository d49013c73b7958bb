import { describe, expect, it } from 'vitest';
import { ArrowFactor, ArrowMatrix } from './arrow';
import { rng as seededRng } from '../../test/random';

/** A seeded generator (mulberry32), so failures reproduce. */
/** Seeded numbers in [−½, ½) (test/random.ts's generator, centred). */
function rng(seed: number): () => number {
  const r = seededRng(seed);
  return () => r() - 0.5;
}

/** An arrow matrix JᵀJ from random per-group Jacobians [J_s | J_l] (m_g rows each), and its dense copy. */
function randomArrow(s: number, l: number, G: number, rand: () => number) {
  const M = new ArrowMatrix(s, l, G);
  const n = M.n;
  const dense = new Float64Array(n * n);
  for (let g = 0; g < G; g++) {
    const rows = s + l + 2;
    for (let r = 0; r < rows; r++) {
      const row = new Float64Array(n);
      for (let i = 0; i < s; i++) row[i] = rand() * (1 + i);
      for (let j = 0; j < l; j++) row[s + g * l + j] = rand() * 3;
      for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) dense[a * n + b] += row[a] * row[b];
    }
  }
  for (let i = 0; i < s; i++) for (let k = 0; k < s; k++) M.A[i * s + k] = dense[i * n + k];
  for (let g = 0; g < G; g++) {
    for (let i = 0; i < s; i++) for (let j = 0; j < l; j++) M.B[g * s * l + i * l + j] = dense[i * n + s + g * l + j];
    for (let j = 0; j < l; j++) for (let k = 0; k < l; k++) M.D[g * l * l + j * l + k] = dense[(s + g * l + j) * n + s + g * l + k];
  }
  return { M, dense, n };
}

/** Dense Gauss–Jordan inverse with partial pivoting (the independent reference). */
function denseInverse(a: Float64Array, n: number): Float64Array {
  const m = Float64Array.from(a);
  const inv = new Float64Array(n * n);
  for (let i = 0; i < n; i++) inv[i * n + i] = 1;
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r * n + c]) > Math.abs(m[p * n + c])) p = r;
    for (let k = 0; k < n; k++) {
      [m[c * n + k], m[p * n + k]] = [m[p * n + k], m[c * n + k]];
      [inv[c * n + k], inv[p * n + k]] = [inv[p * n + k], inv[c * n + k]];
    }
    const piv = m[c * n + c];
    for (let k = 0; k < n; k++) {
      m[c * n + k] /= piv;
      inv[c * n + k] /= piv;
    }
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r * n + c];
      if (f === 0) continue;
      for (let k = 0; k < n; k++) {
        m[r * n + k] -= f * m[c * n + k];
        inv[r * n + k] -= f * inv[c * n + k];
      }
    }
  }
  return inv;
}

function shifted(dense: Float64Array, n: number, d: Float64Array | null, shift: Float64Array | null, alpha: number): Float64Array {
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < n; k++) out[i * n + k] = dense[i * n + k] * (d ? d[i] * d[k] : 1);
    out[i * n + i] += (shift ? shift[i] : 0) + alpha;
  }
  return out;
}

const maxRelDiff = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let scale = 0;
  for (let i = 0; i < b.length; i++) scale = Math.max(scale, Math.abs(b[i]));
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m / scale;
};

const SHAPES: [number, number, number][] = [
  [0, 2, 3], [1, 1, 4], [1, 2, 5], [2, 3, 3], [3, 1, 2], [3, 0, 2], [2, 2, 1], [4, 3, 6],
];

describe('arrow matrix through the Schur complement', () => {
  it.each(SHAPES)('solves like a dense solve (s=%i, l=%i, G=%i), plain, scaled and λ-shifted', (s, l, G) => {
    const rand = rng(1000 * s + 100 * l + G);
    const { M, dense, n } = randomArrow(s, l, G, rand);
    const F = new ArrowFactor(M);
    const rhs = Float64Array.from({ length: n }, rand);
    const d = Float64Array.from({ length: n }, () => 0.5 + Math.abs(rand()) * 4);
    const shift = Float64Array.from({ length: n }, () => Math.abs(rand()));
    for (const [dd, sh, alpha] of [[null, null, 0], [d, null, 0], [d, shift, 0], [d, shift, 0.37], [null, null, 12.5]] as const) {
      expect(F.factor(dd, sh, alpha)).toBe(true);
      const x = F.solve(rhs, new Float64Array(n));
      const inv = denseInverse(shifted(dense, n, dd, sh, alpha), n);
      const ref = new Float64Array(n);
      for (let i = 0; i < n; i++) for (let k = 0; k < n; k++) ref[i] += inv[i * n + k] * rhs[k];
      expect(maxRelDiff(x, ref)).toBeLessThan(1e-11);
      // Diagonal blocks of the inverse, as the covariance reads them.
      const sharedInv = new Float64Array(s * s);
      const localInv = new Float64Array(G * l * l);
      F.inverseBlocks(sharedInv, localInv);
      const refShared = new Float64Array(s * s);
      for (let i = 0; i < s; i++) for (let k = 0; k < s; k++) refShared[i * s + k] = inv[i * n + k];
      const refLocal = new Float64Array(G * l * l);
      for (let g = 0; g < G; g++)
        for (let j = 0; j < l; j++)
          for (let k = 0; k < l; k++) refLocal[g * l * l + j * l + k] = inv[(s + g * l + j) * n + s + g * l + k];
      if (s > 0) expect(maxRelDiff(sharedInv, refShared)).toBeLessThan(1e-10);
      if (l > 0) expect(maxRelDiff(localInv, refLocal)).toBeLessThan(1e-10);
    }
  });

  it('multiplies like the dense matrix', () => {
    const rand = rng(7);
    const { M, dense, n } = randomArrow(2, 3, 4, rand);
    const x = Float64Array.from({ length: n }, rand);
    const y = M.multiply(x, new Float64Array(n));
    const ref = new Float64Array(n);
    for (let i = 0; i < n; i++) for (let k = 0; k < n; k++) ref[i] += dense[i * n + k] * x[k];
    expect(maxRelDiff(y, ref)).toBeLessThan(1e-14);
    expect(M.diagonal(new Float64Array(n))).toEqual(Float64Array.from({ length: n }, (_, i) => dense[i * n + i]));
  });

  it('reports a singular matrix instead of solving it, and solves it once shifted', () => {
    const M = new ArrowMatrix(1, 1, 2);
    // Group 1's local column is zero: D₁ = 0, B₁ = 0.
    M.A[0] = 2;
    M.B[0] = 1;
    M.D[0] = 3;
    const F = new ArrowFactor(M);
    expect(F.factor(null, null, 0)).toBe(false);
    expect(() => F.solve(new Float64Array(3), new Float64Array(3))).toThrow();
    expect(F.factor(null, null, 0.5)).toBe(true);
    const x = F.solve(Float64Array.of(1, 1, 1), new Float64Array(3));
    // Dense: [[2.5,1,0],[1,3.5,0],[0,0,0.5]] x = [1,1,1].
    expect(x[2]).toBeCloseTo(2, 14);
    expect(2.5 * x[0] + x[1]).toBeCloseTo(1, 14);
    expect(x[0] + 3.5 * x[1]).toBeCloseTo(1, 14);
  });
});
