import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { functionEvaluator, type Linearization, type ResidualFunctions } from './functionEvaluator';
import { isLossName, type Loss } from './loss';
import { trf } from './trf';

interface Problem {
  name: string;
  kind: string;
  x0: number[];
  options: Record<string, unknown>;
  x: number[];
  cost: number;
  status: number;
  nfev: number;
  njev: number;
  active_mask: number[];
}
const ref = JSON.parse(readFileSync(new URL('../../fixtures/scipy/least_squares.json', import.meta.url), 'utf8')) as {
  data: Record<string, number[]>;
  problems: Problem[];
};
const { t, y_exp, xs, y_scaled } = ref.data;

function problemFunctions(kind: string): ResidualFunctions {
  switch (kind) {
    case 'rosenbrock':
      return {
        m: 2,
        n: 2,
        residuals: (x) => Float64Array.of(10 * (x[1] - x[0] ** 2), 1 - x[0]),
        jacobian: (x) => Float64Array.of(-20 * x[0], 10, -1, 0),
      };
    case 'exponential':
      return {
        m: t.length,
        n: 3,
        residuals: (x) => Float64Array.from(t, (ti, i) => x[0] * Math.exp(-x[1] * ti) + x[2] - y_exp[i]),
        jacobian: (x) => {
          const J = new Float64Array(t.length * 3);
          t.forEach((ti, i) => {
            const e = Math.exp(-x[1] * ti);
            J.set([e, -x[0] * ti * e, 1], i * 3);
          });
          return J;
        },
      };
    case 'badly_scaled':
      return {
        m: xs.length,
        n: 2,
        residuals: (x) => Float64Array.from(xs, (xi, i) => x[0] * Math.exp(-x[1] * xi * 100) - y_scaled[i]),
        jacobian: (x) => {
          const J = new Float64Array(xs.length * 2);
          xs.forEach((xi, i) => {
            const e = Math.exp(-x[1] * xi * 100);
            J.set([e, -x[0] * xi * 100 * e], i * 2);
          });
          return J;
        },
      };
    case 'degenerate':
      return {
        m: 3,
        n: 2,
        residuals: (x) => Float64Array.of(x[0] + x[1] - 1, x[0] + x[1] - 2, 0.1 * (x[0] - 3)),
        jacobian: () => Float64Array.of(1, 1, 1, 1, 0.1, 0),
      };
  }
  throw new Error(kind);
}

const bound = (v: unknown, fill: number) => (v as (number | null)[] | undefined)?.map((b) => b ?? fill);

async function solve(p: Problem, linearization: Linearization) {
  const o = p.options;
  const lossName = (o.loss as string | undefined) ?? 'linear';
  if (!isLossName(lossName)) throw new Error(lossName);
  const loss: Loss = { name: lossName, fScale: (o.f_scale as number | undefined) ?? 1 };
  return trf(functionEvaluator(problemFunctions(p.kind), loss, linearization), p.x0, {
    lb: bound(o.lb, -Infinity),
    ub: bound(o.ub, Infinity),
    ftol: o.ftol as number | undefined,
    xtol: o.xtol as number | undefined,
    gtol: o.gtol as number | undefined,
    maxNfev: o.max_nfev as number | undefined,
    xScale: o.x_scale as 'jac' | undefined,
  });
}

describe('trf matches scipy.optimize.least_squares(method="trf")', () => {
  for (const p of ref.problems) {
    it(`${p.name}: same solution, cost, status and evaluation counts`, async () => {
      const r = await solve(p, 'dense');
      r.x.forEach((xi, i) => expect(Math.abs(xi - p.x[i])).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(p.x[i]))));
      expect(Math.abs(r.cost - p.cost)).toBeLessThanOrEqual(1e-9 * Math.max(1e-12, p.cost) + 1e-20);
      expect(r.status).toBe(p.status);
      expect(r.nfev).toBe(p.nfev);
      expect(r.njev).toBe(p.njev);
      expect(Array.from(r.activeMask)).toEqual(p.active_mask);
    });
  }

  it('the normal-equation linearization reaches the same solutions on well-conditioned problems', async () => {
    for (const p of ref.problems.filter((q) => q.kind === 'exponential' || q.kind === 'rosenbrock')) {
      if (p.name === 'max-nfev') continue;
      const r = await solve(p, 'normal');
      r.x.forEach((xi, i) => expect(Math.abs(xi - p.x[i])).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(p.x[i]))));
    }
  });
});

describe('trf behaviour', () => {
  const rosen = problemFunctions('rosenbrock');

  it('shrinks the trust region instead of failing on non-finite residuals', async () => {
    // log(x) is undefined for x ≤ 0: the first full step from x0 = 0.1 overshoots into it.
    const fns: ResidualFunctions = {
      m: 2,
      n: 1,
      residuals: (x) => Float64Array.of(Math.log(x[0]) - 2, 0.01 * x[0]),
      jacobian: (x) => Float64Array.of(1 / x[0], 0.01),
    };
    const r = await trf(functionEvaluator(fns), [50], {});
    expect(r.success).toBe(true);
    expect(r.x[0]).toBeGreaterThan(7);
    expect(r.x[0]).toBeLessThan(7.5);
  });

  it('stops when the callback returns false, keeping the last accepted iterate (status −2)', async () => {
    const seen: number[] = [];
    const r = await trf(functionEvaluator(rosen), [-2, 1], {
      onIteration: (s) => {
        seen.push(s.cost);
        return s.iteration < 3;
      },
    });
    expect(r.status).toBe(-2);
    expect(r.nit).toBe(3);
    expect(r.cost).toBe(seen[2]);
    expect(r.history).toHaveLength(3);
  });

  it('honours an AbortSignal', async () => {
    const controller = { aborted: false };
    const r = await trf(functionEvaluator(rosen), [-2, 1], {
      signal: controller,
      onIteration: (s) => {
        if (s.iteration === 2) controller.aborted = true;
      },
    });
    expect(r.status).toBe(-2);
    expect(r.nit).toBe(2);
  });

  it('rejects bad input with scipy’s messages', async () => {
    await expect(trf(functionEvaluator(rosen), [-2, 1], { lb: [0, 0] })).rejects.toThrow(/outside of provided bounds/);
    await expect(trf(functionEvaluator(rosen), [-2, 1], { lb: [1, 0], ub: [1, 2] })).rejects.toThrow(/strictly less/);
    await expect(trf(functionEvaluator(rosen), [-2, 1], { ftol: 0, xtol: 0, gtol: 0 })).rejects.toThrow(/At least one/);
    await expect(trf(functionEvaluator(rosen), [-2, 1], { xScale: [1, -1] })).rejects.toThrow(/x_scale/);
  });

  it('states the numbers in its termination message', async () => {
    const r = await trf(functionEvaluator(rosen), [-2, 1], { ftol: 1e-15, xtol: 1e-15, gtol: 1e-15 });
    expect(r.message).toMatch(/gtol.*‖g_scaled‖∞ = .* < 1\.0e-15/);
  });
});
