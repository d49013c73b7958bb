/**
 * Issue 10 defect 1 and issue 14 item 6: a start where the residuals, the Jacobian or the
 * gradient are not finite fails at once with a message that names the first offending row, its
 * values, the parameter (for a derivative) and what to do. References are analytic: d/da √(x − a)
 * is infinite at x = a, a/0 is infinite, log of a negative number is undefined, exp(1000)
 * overflows, 1/1e-320 overflows.
 */
import { describe, expect, it } from 'vitest';
import { compileModel, type CompiledModel } from '../model';
import type { Evaluator } from '../solver/evaluator';
import { NormalLinearModel } from '../solver/linearModel';
import type { LossName } from '../solver/loss';
import { cpuEvaluator } from './cpuEvaluator';
import { curveFit } from './curveFit';

function compile(text: string): CompiledModel {
  const c = compileModel(text, { columns: ['x'] });
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

const x = Float64Array.from({ length: 30 }, (_, i) => 1 + (4 * i) / 29);

async function failure(model: string, y: Float64Array, start: Record<string, number>, opts: { xs?: Float64Array; sigma?: Float64Array; loss?: LossName } = {}) {
  const run = curveFit({
    model: compile(model),
    data: { vars: [opts.xs ?? x], y, sigma: opts.sigma ?? null },
    parameters: Object.entries(start).map(([name, value]) => ({ name, value })),
    options: { loss: opts.loss ?? 'linear', maxNfev: 2000 },
  });
  const error = await run.then(
    (r) => new Error(`no error: status ${r.status}, nfev ${r.nfev}, ${r.message}`),
    (e: unknown) => e as Error & { code?: string },
  );
  return error as Error & { code?: string };
}

describe('a start where the Jacobian or gradient is not finite fails fast (issue 10, defect 1)', () => {
  it('k·√(x − a) with a at the smallest x names "a", the row and what to do', async () => {
    const y = x.map((v) => 2 * Math.sqrt(v - 0.5));
    const e = await failure('k*sqrt(x - a)', y, { k: 1, a: 1 });
    expect(e.code).toBe('nonfinite-jacobian');
    expect(e.message).toMatch(/derivative .*"a"/);
    expect(e.message).toMatch(/row 1 \(x = 1, y = 1\.41421/);
    expect(e.message).toMatch(/start value of "a"|exclude/i);
  });

  it('an overflowing residual under the arctan loss (finite cost, NaN gradient) names the row', async () => {
    const xs = Float64Array.from({ length: 20 }, (_, i) => (10 * i) / 19);
    const y = xs.map((v) => 2 * Math.exp(0.3 * v));
    const e = await failure('A*exp(b*x)', y, { A: 1, b: 100 }, { xs, loss: 'arctan' });
    expect(e.code).toBe('nonfinite-x0');
    // exp(100·x) first overflows at x = 7.368… (row 15: 10·14/19).
    expect(e.message).toMatch(/row 15 \(x = 7\.368/);
    expect(e.message).toMatch(/overflow/);
  });
});

describe('non-finite residuals at the start name the row, its values and the cause (issue 14, item 6)', () => {
  it('a/x + b with x = 0 in the data: row 3, exclude the row or change the model', async () => {
    const xs = Float64Array.of(2, 1, 0, -1, -2, 3);
    const e = await failure('a/x + b', xs.map((v) => v + 1), { a: 1, b: 0 }, { xs });
    expect(e.code).toBe('nonfinite-x0');
    expect(e.message).toMatch(/row 3 \(x = 0, y = 1\)/);
    expect(e.message).toMatch(/infinite/);
    expect(e.message).toMatch(/[Ee]xclude the row/);
    expect(e.message).toMatch(/change the model/);
    expect(e.message).not.toMatch(/choose other starting values/);
  });

  it('log of a negative x is undefined there', async () => {
    const xs = Float64Array.of(3, 2, 1, 0.5, -0.5, 4);
    const e = await failure('a*log(x) + b', xs.map(() => 1), { a: 1, b: 0 }, { xs });
    expect(e.message).toMatch(/row 5 \(x = -0\.5, y = 1\)/);
    expect(e.message).toMatch(/undefined/);
  });

  it('x^b with b < 0 at x = 0 is infinite there', async () => {
    const xs = Float64Array.of(1, 2, 0, 3);
    const e = await failure('a*x^b', xs.map(() => 1), { a: 1, b: -1 }, { xs });
    expect(e.message).toMatch(/row 3 \(x = 0, y = 1\)/);
  });

  it('a σ whose weight 1/σ overflows names σ', async () => {
    const sigma = Float64Array.from(x, (_, i) => (i === 4 ? 1e-320 : 0.1));
    const e = await failure('a*x + b', x.map((v) => 2 * v + 0.5), { a: 1, b: 0 }, { sigma });
    expect(e.code).toBe('nonfinite-x0');
    expect(e.message).toMatch(/row 5 \(x = 1\.5517.*σ = 1e-320\)/);
    expect(e.message).toMatch(/σ/);
    expect(e.message).toMatch(/[Ee]xclude the row/);
  });
});

describe('a non-finite start that only the primary (GPU) evaluator sees', () => {
  it('names the parameter, not its index', async () => {
    const run = curveFit({
      model: compile('A*exp(-x/tau) + c'),
      data: { vars: [x], y: x.map((v) => 2 * Math.exp(-v / 1.5) + 0.2) },
      parameters: [{ name: 'A', value: 1 }, { name: 'tau', value: 1 }, { name: 'c', value: 0 }],
      primary: (bound) => {
        const inner = cpuEvaluator(bound, 'normal');
        // f32 sums that overflowed in the column of tau: every float64 row is finite.
        const overflowed: Evaluator = {
          m: inner.m,
          n: inner.n,
          label: 'fake-gpu',
          cost: (p) => inner.cost(p),
          linearize: async (p) => {
            const l = (await inner.linearize(p)) as NormalLinearModel;
            const JtJ = Float64Array.from(l.JtJ);
            JtJ[1 * 3 + 1] = Infinity;
            return new NormalLinearModel(3, l.m, JtJ, l.g, l.cost);
          },
        };
        return { backend: 'gpu', linearization: 'normal', evaluator: overflowed };
      },
    });
    await expect(run).rejects.toMatchObject({ code: 'nonfinite-jacobian', message: expect.stringMatching(/\("tau"\).*another start for "tau"/) });
  });
});
