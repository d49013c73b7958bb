/**
 * The row-block QR (Householder per column, block after block): a column that repeats an earlier
 * one leaves only rounding behind after the first block, and folding that in block after block
 * once produced vᵀv = 0 and R = NaN (∞·0), which the finiteness check then reported as a
 * non-finite Jacobian at a perfectly smooth start (60 sines × 4 000 rows in the page).
 */
import { describe, expect, it } from 'vitest';
import { QrLinearModel } from './linearModel';
import { QrAccumulator } from './qrAccumulator';

function factor(J: Float64Array, f: Float64Array, m: number, n: number, block: number): QrLinearModel {
  const acc = new QrAccumulator(n);
  for (let s = 0; s < m; s += block) {
    const r = Math.min(block, m - s);
    acc.addRows(J.slice(s * n, (s + r) * n), f.slice(s, s + r), r);
  }
  return new QrLinearModel(n, m, acc.R, acc.qtf, 0);
}

describe('QrAccumulator', () => {
  it('stays finite with repeated columns folded in small blocks, and matches the one-block factorization', () => {
    const m = 4000;
    const n = 120;
    const J = new Float64Array(m * n);
    const f = new Float64Array(m);
    for (let i = 0; i < m; i++) {
      const t = (20 * i) / (m - 1);
      for (let j = 0; j < 60; j++) {
        J[i * n + j] = Math.sin(t); // ∂(c·sin(w t))/∂c at w = 1, the same for every term
        J[i * n + 60 + j] = t * Math.cos(t); // ∂/∂w
      }
      f[i] = Math.sin(3 * t);
    }
    const whole = factor(J, f, m, n, m);
    const blocks = factor(J, f, m, n, 64);
    expect(blocks.R.every(Number.isFinite)).toBe(true);
    expect(blocks.g.every(Number.isFinite)).toBe(true);
    // Jᵀf and the column norms do not depend on how the rows were folded in.
    for (let j = 0; j < n; j++) {
      expect(blocks.columnNorms[j]).toBeCloseTo(whole.columnNorms[j], 8);
      expect(blocks.g[j]).toBeCloseTo(whole.g[j], 8);
    }
  });

  it('keeps a NaN in J visible', () => {
    const J = Float64Array.from([1, 2, NaN, 4, 5, 6]);
    const acc = new QrAccumulator(2);
    acc.addRows(J, Float64Array.from([1, 2, 3]), 3);
    expect(new QrLinearModel(2, 3, acc.R, acc.qtf, 0).columnNorms.some((v) => !Number.isFinite(v))).toBe(true);
  });

  it('folds a small block column by column to the same bits as row by row', () => {
    // A block of 12 rows goes column by column; the same rows followed by zero rows (which every
    // reflection skips, adding exact zeros) go row by row: R, Qᵀf and what is left of J and f
    // must agree bit for bit, zeros' signs included, from an empty triangle and from a filled one.
    const n = 4;
    const rows = 12;
    const tall = 1100; // rows·n above the column-by-column limit
    let seed = 3;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
    for (let trial = 0; trial < 20; trial++) {
      const J = Float64Array.from({ length: rows * n }, () => rand());
      const f = Float64Array.from({ length: rows }, () => rand());
      if (trial % 4 === 1) for (let i = 0; i < rows; i += 2) J[i * n + 1] = 0; // exact zeros in a column
      if (trial % 4 === 2) for (let i = 0; i < rows; i++) J[i * n + 3] = J[i * n + 2]; // a repeated column
      if (trial % 4 === 3) J[5 * n] = -0;
      const small = new QrAccumulator(n);
      const large = new QrAccumulator(n);
      const fill = Float64Array.from({ length: rows * n }, () => rand());
      const fillF = Float64Array.from({ length: rows }, () => rand());
      if (trial % 2 === 1) {
        small.addRows(fill.slice(), fillF.slice(), rows);
        large.addRows(fill.slice(), fillF.slice(), rows);
      }
      const Js = J.slice();
      const fs = f.slice();
      small.addRows(Js, fs, rows);
      const Jl = new Float64Array(tall * n);
      const fl = new Float64Array(tall);
      Jl.set(J);
      fl.set(f);
      large.addRows(Jl, fl, tall);
      const same = (a: ArrayLike<number>, b: ArrayLike<number>, length: number) => Array.from({ length }, (_, i) => Object.is(a[i], b[i])).every(Boolean);
      expect(same(small.R, large.R, n * n)).toBe(true);
      expect(same(small.qtf, large.qtf, n)).toBe(true);
      expect(same(Js, Jl, rows * n)).toBe(true);
      expect(same(fs, fl, rows)).toBe(true);
      expect(Array.from(small.R).every(Number.isFinite)).toBe(true);
    }
  });
});
