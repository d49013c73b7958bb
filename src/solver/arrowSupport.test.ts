/**
 * arrowSupport.ts: an arrow whose blocks couple with a few shared entries each (a global fit with
 * errors in x: β = [shared | group locals], one block per row) factors and solves, scaled and
 * shifted, to the same answer as the same matrix without the support (the general paths, l = 1
 * and l = 2) and as a dense Gauss–Jordan solve; the inverse of S is the same.
 */
import { describe, expect, it } from 'vitest';
import { ArrowFactor, ArrowMatrix } from './arrow';
import { rng } from '../../test/random';

/** β = [S shared | Gg groups × lg locals], one block per row (rows per group), each row's B on its support. */
function stacked(S: number, Gg: number, lg: number, rows: number, l: number, seed: number) {
  const r = rng(seed);
  const s = S + Gg * lg;
  const G = Gg * rows;
  const k = S + lg;
  const cols = new Int32Array(G * k);
  for (let g = 0; g < G; g++) for (let a = 0; a < k; a++) cols[g * k + a] = a < S ? a : S + Math.floor(g / rows) * lg + (a - S);
  const plain = new ArrowMatrix(s, l, G);
  const supported = new ArrowMatrix(s, l, G, { k, cols });
  const n = plain.n;
  const dense = new Float64Array(n * n);
  for (let g = 0; g < G; g++) {
    // Residuals of row g: 1 + l of them, each a random combination of its support and its own block.
    for (let q = 0; q < 1 + l; q++) {
      const row = new Float64Array(n);
      for (let a = 0; a < k; a++) row[cols[g * k + a]] = r() - 0.5;
      for (let j = 0; j < l; j++) row[s + g * l + j] = q === j + 1 ? 1 + r() : r() - 0.5;
      for (let a = 0; a < n; a++) if (row[a] !== 0) for (let b = 0; b < n; b++) dense[a * n + b] += row[a] * row[b];
    }
  }
  for (const M of [plain, supported]) {
    for (let i = 0; i < s; i++) for (let q = 0; q < s; q++) M.A[i * s + q] = dense[i * n + q];
    for (let g = 0; g < G; g++) {
      for (let i = 0; i < s; i++) for (let j = 0; j < l; j++) M.B[g * s * l + i * l + j] = dense[i * n + s + g * l + j];
      for (let j = 0; j < l; j++) for (let q = 0; q < l; q++) M.D[g * l * l + j * l + q] = dense[(s + g * l + j) * n + s + g * l + q];
    }
  }
  return { plain, supported, dense, n, s };
}

function denseSolve(a: Float64Array, n: number, b: Float64Array): Float64Array {
  const m = Float64Array.from(a);
  const x = Float64Array.from(b);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let q = c + 1; q < n; q++) if (Math.abs(m[q * n + c]) > Math.abs(m[p * n + c])) p = q;
    for (let k = 0; k < n; k++) [m[c * n + k], m[p * n + k]] = [m[p * n + k], m[c * n + k]];
    [x[c], x[p]] = [x[p], x[c]];
    for (let q = c + 1; q < n; q++) {
      const f = m[q * n + c] / m[c * n + c];
      for (let k = c; k < n; k++) m[q * n + k] -= f * m[c * n + k];
      x[q] -= f * x[c];
    }
  }
  for (let c = n - 1; c >= 0; c--) {
    let t = x[c];
    for (let k = c + 1; k < n; k++) t -= m[c * n + k] * x[k];
    x[c] = t / m[c * n + c];
  }
  return x;
}

describe('arrow with a support', () => {
  for (const l of [1, 2]) {
    it(`l = ${l}: factor, solve and S⁻¹ equal the general path's and a dense solve`, () => {
      const { plain, supported, dense, n, s } = stacked(2, 4, 2, 5, l, 7 + l);
      const r = rng(3);
      const d = Float64Array.from({ length: n }, () => 0.5 + r());
      const shift = Float64Array.from({ length: n }, () => r() * 0.1);
      const alpha = 0.03;
      const rhs = Float64Array.from({ length: n }, () => r() - 0.5);
      const Fp = new ArrowFactor(plain);
      const Fs = new ArrowFactor(supported);
      expect(Fp.factor(d, shift, alpha)).toBe(true);
      expect(Fs.factor(d, shift, alpha)).toBe(true);
      const xp = Fp.solve(rhs, new Float64Array(n));
      const xs = Fs.solve(rhs, new Float64Array(n));
      const scaled = dense.map((v, q) => v * d[Math.floor(q / n)] * d[q % n] + (Math.floor(q / n) === q % n ? shift[q % n] + alpha : 0));
      const xd = denseSolve(scaled, n, rhs);
      const scale = Math.max(...xd.map(Math.abs));
      for (let i = 0; i < n; i++) {
        expect(Math.abs(xs[i] - xp[i]) / scale).toBeLessThan(1e-12);
        expect(Math.abs(xs[i] - xd[i]) / scale).toBeLessThan(1e-10);
      }
      const ip = Fp.sharedInverse(new Float64Array(s * s));
      const is = Fs.sharedInverse(new Float64Array(s * s));
      const big = Math.max(...ip.map(Math.abs));
      ip.forEach((v, q) => expect(Math.abs(is[q] - v) / big).toBeLessThan(1e-12));
      expect(() => Fs.inverseBlocks(new Float64Array(s * s), new Float64Array(supported.G * l * l))).toThrow(/support/);
    });
  }
});
