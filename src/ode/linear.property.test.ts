import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expm } from './expmReference';
import { solveOde } from './integrate';
import type { OdeMethod, OdeSystem } from './types';

/** X' = AX with A row-major n×n. */
function linear(A: number[][]): OdeSystem {
  const n = A.length;
  return {
    n,
    autonomous: true,
    f: (_t, x, d) => {
      for (let i = 0; i < n; i++) {
        let s = 0;
        for (let j = 0; j < n; j++) s += A[i][j] * x[j];
        d[i] = s;
      }
    },
    jac: (_t, _x, J) => {
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) J[i * n + j] = A[i][j];
    },
  };
}

const entry = fc.double({ min: -1.5, max: 1.5, noNaN: true });
const problem = fc.integer({ min: 1, max: 4 }).chain((n) =>
  fc.record({
    A: fc.array(fc.array(entry, { minLength: n, maxLength: n }), { minLength: n, maxLength: n }),
    x0: fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { minLength: n, maxLength: n }),
    times: fc.array(fc.double({ min: -1.5, max: 1.5, noNaN: true }), { minLength: 1, maxLength: 6 }),
    t0: fc.double({ min: -1, max: 1, noNaN: true }),
  }),
);

const scaled = (A: number[][], s: number): number[][] => A.map((r) => r.map((v) => v * s));

describe.each(['dopri5', 'rodas4', 'auto'] as OdeMethod[])('%s on random X\' = AX against e^{A(t−t0)}X0', (method) => {
  it('states, and ∂X/∂X0 = e^{A(t−t0)} from the sensitivities', () => {
    fc.assert(
      fc.property(problem, ({ A, x0, times, t0 }) => {
        const n = A.length;
        const sol = solveOde(linear(A), t0, x0, times, { method, rtol: 1e-10, atol: 1e-12 }, { np: 0, dfdp: () => {}, initial: true });
        expect(sol.status).toEqual({ ok: true });
        expect(sol.m).toBe(n);
        times.forEach((t, r) => {
          const E = expm(scaled(A, t - t0));
          const scale = Math.max(1, ...E.map((row) => row.reduce((s, v) => s + Math.abs(v), 0)));
          for (let i = 0; i < n; i++) {
            const want = E[i].reduce((s, v, j) => s + v * x0[j], 0);
            expect(Math.abs(sol.x[r * n + i] - want)).toBeLessThan(1e-7 * scale * 2);
            for (let j = 0; j < n; j++) expect(Math.abs(sol.s![(r * n + i) * n + j] - E[i][j])).toBeLessThan(1e-7 * scale);
          }
        });
      }),
      { numRuns: 60, seed: 2301 },
    );
  });
});

/**
 * X' = (A + pB)X at p = 0: ∂X/∂p(t) = [e^{Ct}]₁₂ X0 with C = [[A, B], [0, A]] (Van Loan, IEEE
 * Trans. Automat. Control 23, 1978: the upper right block of the exponential of a block
 * triangular matrix is ∫₀ᵗ e^{A(t−s)} B e^{As} ds). ∂f/∂p = BX depends on X, so the implicit
 * method's coupling block M = ∂(JS + f_p)/∂X = B is exercised, not just its diagonal.
 */
const pair = fc.integer({ min: 1, max: 3 }).chain((n) => {
  const mat = fc.array(fc.array(entry, { minLength: n, maxLength: n }), { minLength: n, maxLength: n });
  return fc.record({
    A: mat,
    B: mat,
    x0: fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { minLength: n, maxLength: n }),
    t: fc.double({ min: -1.5, max: 1.5, noNaN: true }),
  });
});

describe.each(['dopri5', 'rodas4', 'auto'] as OdeMethod[])('%s parameter sensitivities of X\' = (A + pB)X', (method) => {
  it('equal the block exponential of Van Loan', () => {
    fc.assert(
      fc.property(pair, ({ A, B, x0, t }) => {
        const n = A.length;
        const sys = linear(A);
        const sens = {
          np: 1,
          dfdp: (_t: number, x: Float64Array, P: Float64Array) => {
            for (let i = 0; i < n; i++) P[i] = B[i].reduce((s, v, j) => s + v * x[j], 0);
          },
        };
        const sol = solveOde(sys, 0, x0, [t], { method, rtol: 1e-10, atol: 1e-12 }, sens);
        expect(sol.status).toEqual({ ok: true });
        const C = [...A.map((row, i) => [...row, ...B[i]]), ...A.map((row) => [...row.map(() => 0), ...row])];
        const E = expm(scaled(C, t));
        const scale = Math.max(1, ...E.map((row) => row.reduce((s, v) => s + Math.abs(v), 0)));
        for (let i = 0; i < n; i++) {
          const want = E[i].slice(n).reduce((s, v, j) => s + v * x0[j], 0);
          expect(Math.abs(sol.s![i] - want)).toBeLessThan(2e-7 * scale);
        }
      }),
      { numRuns: 40, seed: 2302 },
    );
  });
});
