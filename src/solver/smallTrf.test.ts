import { describe, expect, it } from 'vitest';
import { functionEvaluator } from './functionEvaluator';
import { SmallTrf, type SmallProblem } from './smallTrf';
import { trf } from './trf';

/** A residual function as both interfaces: SmallTrf's and the general evaluator's. */
function both(m: number, n: number, model: (x: Float64Array, f: Float64Array, J: Float64Array | null) => void) {
  const small: SmallProblem = {
    m,
    evaluate(x, f, J) {
      model(x, f, J);
      let s = 0;
      for (let i = 0; i < m; i++) s += f[i] * f[i];
      return 0.5 * s;
    },
    scaleForLoss() {},
  };
  const evaluator = functionEvaluator({
    m,
    n,
    residuals: (x) => {
      const f = new Float64Array(m);
      model(x, f, null);
      return f;
    },
    jacobian: (x) => {
      const f = new Float64Array(m);
      const J = new Float64Array(m * n);
      model(x, f, J);
      return J;
    },
  });
  return { small, evaluator };
}

const OPTS = { ftol: 1e-12, xtol: 1e-12, gtol: 1e-12, maxNfev: 1000 };

describe('the small-problem TRF path', () => {
  // Exponential decay y = a·exp(−b t) + c from a far start: many rejected steps and λ iterations.
  const t = Float64Array.from({ length: 15 }, (_, i) => i * 0.4);
  const y = Float64Array.from(t, (ti, i) => 3 * Math.exp(-0.7 * ti) + 0.5 + 0.01 * Math.sin(7 * i));
  const decay = both(15, 3, (x, f, J) => {
    for (let i = 0; i < 15; i++) {
      const e = Math.exp(-x[1] * t[i]);
      f[i] = x[0] * e + x[2] - y[i];
      if (J) {
        J[i * 3] = e;
        J[i * 3 + 1] = -x[0] * t[i] * e;
        J[i * 3 + 2] = 1;
      }
    }
  });

  it.each(['jac', 'unit'] as const)('takes the steps of trf.ts (x_scale %s): same iterate, cost and evaluation count', async (scaling) => {
    const ws = new SmallTrf(3, 40);
    const xScale = scaling === 'jac' ? 'jac' : new Float64Array(3).fill(1);
    for (const x0 of [[1, 0.1, 0], [10, 3, -2], [0.5, 0.05, 5]]) {
      expect(ws.solve(decay.small, x0, { ...OPTS, xScale })).toBe(true);
      const ref = await trf(decay.evaluator, x0, { ...OPTS, xScale: scaling === 'jac' ? 'jac' : 1 });
      expect(ws.status).toBe(ref.status);
      expect(ws.nfev).toBe(ref.nfev);
      for (let i = 0; i < 3; i++) expect(Math.abs(ws.x[i] - ref.x[i])).toBeLessThan(1e-10 * Math.max(1, Math.abs(ref.x[i])));
      expect(Math.abs(ws.cost - ref.cost)).toBeLessThanOrEqual(1e-12 * ref.cost);
    }
  });

  it('falls back to the SVD on a rank-deficient Jacobian (a·b only through their product) and still matches trf.ts', async () => {
    const x = Float64Array.from({ length: 8 }, (_, i) => i + 1);
    const yy = Float64Array.from(x, (v) => 2 * v + 1);
    const p = both(8, 3, (q, f, J) => {
      for (let i = 0; i < 8; i++) {
        f[i] = q[0] * q[1] * x[i] + q[2] - yy[i];
        if (J) {
          J[i * 3] = q[1] * x[i];
          J[i * 3 + 1] = q[0] * x[i];
          J[i * 3 + 2] = 1;
        }
      }
    });
    const ws = new SmallTrf(3, 8);
    ws.solve(p.small, [1, 1, 0], { ...OPTS, xScale: 'jac' });
    const ref = await trf(p.evaluator, [1, 1, 0], { ...OPTS, xScale: 'jac' });
    // Along the null direction only rounding moves the iterate, so the last few steps (not the fit) may differ.
    expect(ws.x[0] * ws.x[1]).toBeCloseTo(2, 10);
    expect(ws.x[2]).toBeCloseTo(1, 10);
    expect(Math.abs(ws.nfev - ref.nfev)).toBeLessThanOrEqual(3);
  });

  it('reports a non-finite Jacobian at the start (finite residuals) instead of iterating', () => {
    const bad: SmallProblem = {
      m: 3,
      evaluate: (x, f, J) => {
        for (let i = 0; i < 3; i++) f[i] = x[0] + i * x[1] - i;
        if (J) J.fill(NaN, 0, 6);
        return 0.5 * (f[0] ** 2 + f[1] ** 2 + f[2] ** 2);
      },
      scaleForLoss() {},
    };
    const ws = new SmallTrf(2, 3);
    expect(ws.solve(bad, [1, 1], { ...OPTS, xScale: 'jac' })).toBe(false);
    expect(ws.failure).toBe('nonfinite-jacobian');
    expect(ws.failedParameter).toBe(0);
    expect(ws.nfev).toBe(1);
  });

  it('reports non-finite residuals at the start instead of iterating', () => {
    const bad: SmallProblem = { m: 3, evaluate: (_x, f) => (f.fill(NaN, 0, 3), NaN), scaleForLoss() {} };
    const ws = new SmallTrf(2, 3);
    expect(ws.solve(bad, [1, 1], { ...OPTS, xScale: 'jac' })).toBe(false);
    expect(() => ws.solve({ ...bad, m: 4 }, [1, 1], { ...OPTS, xScale: 'jac' })).toThrow(RangeError);
  });
});
