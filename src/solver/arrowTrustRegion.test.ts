import { describe, expect, it } from 'vitest';
import { ArrowFactor, ArrowMatrix } from './arrow';
import { arrowStepWork, solveArrowTrustRegion } from './arrowTrustRegion';
import { QrLinearModel } from './linearModel';
import { QrAccumulator } from './qrAccumulator';
import { solveLsqTrustRegion } from './trustRegion';
import { rng as seededRng } from '../../test/random';

/** Seeded numbers in [−½, ½) (test/random.ts's generator, centred). */
function rng(seed: number): () => number {
  const r = seededRng(seed);
  return () => r() - 0.5;
}

/** A block-structured Jacobian (groups × [shared | own locals]) as a dense m×n J and f, and its arrow JᵀJ. */
function problem(s: number, l: number, G: number, seed: number) {
  const rand = rng(seed);
  const n = s + G * l;
  const rowsPer = s + l + 3;
  const m = G * rowsPer;
  const J = new Float64Array(m * n);
  const f = Float64Array.from({ length: m }, rand);
  for (let g = 0; g < G; g++) {
    for (let r = 0; r < rowsPer; r++) {
      const row = (g * rowsPer + r) * n;
      for (let i = 0; i < s; i++) J[row + i] = rand() * (2 + i);
      for (let j = 0; j < l; j++) J[row + s + g * l + j] = rand() * 5;
    }
  }
  const M = new ArrowMatrix(s, l, G);
  const grad = new Float64Array(n);
  for (let r = 0; r < m; r++) {
    for (let a = 0; a < n; a++) {
      const ja = J[r * n + a];
      grad[a] += ja * f[r];
      for (let b = 0; b < n; b++) {
        const v = ja * J[r * n + b];
        if (v === 0) continue;
        if (a < s && b < s) M.A[a * s + b] += v;
        else if (a < s) M.B[Math.floor((b - s) / l) * s * l + a * l + ((b - s) % l)] += v;
        else if (b >= s && Math.floor((a - s) / l) === Math.floor((b - s) / l)) M.D[Math.floor((a - s) / l) * l * l + ((a - s) % l) * l + ((b - s) % l)] += v;
      }
    }
  }
  const qr = new QrAccumulator(n);
  qr.addRows(Float64Array.from(J), Float64Array.from(f), m);
  const linear = new QrLinearModel(n, m, qr.R, qr.qtf, 0.5 * f.reduce((t, v) => t + v * v, 0));
  return { M, grad, linear, n, m, rand };
}

describe('trust-region step through the Schur complement', () => {
  it.each([
    [1, 2, 3, 1],
    [2, 1, 4, 2],
    [3, 2, 2, 3],
    [0, 3, 2, 4],
  ])('equals scipy\'s SVD step (s=%i, l=%i, G=%i, seed %i) inside and on the boundary, with and without the Coleman–Li diagonal', (s, l, G, seed) => {
    const { M, grad, linear, n, m, rand } = problem(s, l, G, seed);
    const d = Float64Array.from({ length: n }, () => 0.5 + Math.abs(rand()) * 2);
    const gH = d.map((di, i) => di * grad[i]);
    const F = new ArrowFactor(M);
    const work = arrowStepWork(n);
    for (const diagH of [null, Float64Array.from({ length: n }, () => Math.abs(rand()) * 0.3)]) {
      const rows = diagH ? m + n : m;
      const factor = linear.factor(d, diagH);
      for (const Delta of [1e3, 0.5, 0.05]) {
        for (const alpha0 of [0, 0.3]) {
          const dense = solveLsqTrustRegion(n, rows, factor, Delta, alpha0);
          const arrow = solveArrowTrustRegion(F, d, diagH, gH, Delta, alpha0, rows, work);
          let scale = 0;
          for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs(dense.p[i]));
          for (let i = 0; i < n; i++) expect(Math.abs(work.q[i] - dense.p[i]) / scale).toBeLessThan(1e-9);
          expect(Math.abs(arrow.alpha - dense.alpha)).toBeLessThanOrEqual(1e-9 * Math.max(1, dense.alpha));
        }
      }
    }
  });
});
