/**
 * arrowTrf runs the one TRF loop (trustRegionLoop.ts), so it takes trf's options for real: the
 * IterationSummary progress, checkpoints (onState) and resume, and the non-finite-Jacobian check
 * at the start. Before the loops were merged it accepted and ignored all of them.
 */
import { describe, expect, it } from 'vitest';
import type { ArrowMatrix } from './arrow';
import { arrowTrf, type ArrowEvaluator } from './arrowTrf';
import { functionEvaluator } from './functionEvaluator';
import type { IterationSummary } from './summary';
import { trf } from './trf';
import type { TrfState } from './trfState';

// G decays y = A_g·exp(−k t) with the rate k shared (s = 1) and one amplitude per group (l = 1).
const G = 3;
const t = Float64Array.from({ length: 10 }, (_, i) => i * 0.3);
const Y = [2, 5, 0.7].map((A, g) => Float64Array.from(t, (ti, i) => A * Math.exp(-1.3 * ti) + 0.01 * Math.sin(3 * i + g)));
const m = G * t.length;

function decays(poison = false): ArrowEvaluator {
  const residual = (x: Float64Array, g: number, i: number) => x[1 + g] * Math.exp(-x[0] * t[i]) - Y[g][i];
  return {
    s: 1,
    l: 1,
    G,
    m,
    cost(x) {
      let c = 0;
      for (let g = 0; g < G; g++) for (let i = 0; i < t.length; i++) c += residual(x, g, i) ** 2;
      return 0.5 * c;
    },
    linearize(x: Float64Array, M: ArrowMatrix, grad: Float64Array) {
      M.A.fill(0);
      M.B.fill(0);
      M.D.fill(0);
      grad.fill(0);
      let c = 0;
      for (let g = 0; g < G; g++) {
        for (let i = 0; i < t.length; i++) {
          const e = Math.exp(-x[0] * t[i]);
          const r = residual(x, g, i);
          const js = poison ? NaN : -x[1 + g] * t[i] * e;
          const jl = e;
          M.A[0] += js * js;
          M.B[g] += js * jl;
          M.D[g] += jl * jl;
          grad[0] += js * r;
          grad[1 + g] += jl * r;
          c += r * r;
        }
      }
      return 0.5 * c;
    },
  };
}

const dense = functionEvaluator({
  m,
  n: 1 + G,
  residuals: (x) => Float64Array.from({ length: m }, (_, k) => x[1 + Math.floor(k / t.length)] * Math.exp(-x[0] * t[k % t.length]) - Y[Math.floor(k / t.length)][k % t.length]),
  jacobian: (x) => {
    const J = new Float64Array(m * (1 + G));
    for (let k = 0; k < m; k++) {
      const g = Math.floor(k / t.length);
      const e = Math.exp(-x[0] * t[k % t.length]);
      J[k * (1 + G)] = -x[1 + g] * t[k % t.length] * e;
      J[k * (1 + G) + 1 + g] = e;
    }
    return J;
  },
});

const X0 = [0.3, 1, 1, 1];
const OPTS = { ftol: 1e-12, xtol: 1e-12, gtol: 1e-12 };

describe('arrowTrf on the one TRF loop', () => {
  it('ends where the dense TRF ends, and reports every iteration with an IterationSummary', async () => {
    const summaries: IterationSummary[] = [];
    const result = arrowTrf(decays(), X0, { ...OPTS, onIteration: (s) => void summaries.push(s) });
    const ref = await trf(dense, X0, OPTS);
    for (let j = 0; j < 1 + G; j++) expect(result.x[j]).toBeCloseTo(ref.x[j], 8);
    expect(result.x[0]).toBeCloseTo(1.3, 1);
    expect(summaries.map((s) => s.iteration)).toEqual(Array.from({ length: result.nit }, (_, i) => i + 1));
    expect(summaries[summaries.length - 1].nfev).toBe(result.nfev);
    expect(summaries[summaries.length - 1].cost).toBe(result.cost);
  });

  it('resumes from a saved state exactly where the uninterrupted run goes', () => {
    const states: TrfState[] = [];
    const full = arrowTrf(decays(), X0, { ...OPTS, onState: (s) => void states.push(s) });
    expect(states.length).toBe(full.nit);
    // x0 only gives the size when resuming.
    const resumed = arrowTrf(decays(), [9, 9, 9, 9], { ...OPTS, resume: states[1] });
    expect(Array.from(resumed.x)).toEqual(Array.from(full.x));
    expect(resumed.nfev).toBe(full.nfev + 1);
    expect(resumed.nit).toBe(full.nit);
  });

  it('stops at a non-finite Jacobian at the start instead of iterating', () => {
    expect(() => arrowTrf(decays(true), X0, OPTS)).toThrow(expect.objectContaining({ code: 'nonfinite-jacobian', parameter: 0 }));
  });
});
