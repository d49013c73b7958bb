/**
 * Issue 10 defect 1 at the solver level: a non-finite Jacobian or gradient at the start fails at
 * once (naming the parameter's index); one at a trial point shrinks the trust region like a
 * non-finite cost does, instead of being accepted and spinning until max_nfev.
 */
import { describe, expect, it } from 'vitest';
import { functionEvaluator, type Linearization, type ResidualFunctions } from './functionEvaluator';
import { SolverInputError } from './options';
import { trf } from './trf';

describe('non-finite linearizations', () => {
  for (const linearization of ['dense', 'normal'] as Linearization[]) {
    it(`${linearization}: a start with a finite cost and an infinite ∂f/∂x₁ fails at once, naming parameter 1`, async () => {
      // f = [x₀ − 1, √x₁ − 2] at x₁ = 0: f is finite, ∂f₁/∂x₁ = 1/(2√x₁) = ∞.
      const fns: ResidualFunctions = {
        m: 2,
        n: 2,
        residuals: (x) => Float64Array.of(x[0] - 1, Math.sqrt(x[1]) - 2),
        jacobian: (x) => Float64Array.of(1, 0, 0, 0.5 / Math.sqrt(x[1])),
      };
      const run = trf(functionEvaluator(fns, undefined, linearization), [0, 0], { maxNfev: 1000 });
      await expect(run).rejects.toThrow(SolverInputError);
      await expect(run).rejects.toMatchObject({ code: 'nonfinite-jacobian', parameter: 1 });
    });

    it(`${linearization}: a trial point with a finite cost but a NaN Jacobian is rejected and the region shrinks`, async () => {
      // f = x − 3; J is NaN beyond x = 2.5 (an artificial singularity past which the cost still
      // falls). The first Gauss–Newton step lands on x = 3; it must be rejected, and the
      // iteration must stay in x ≤ 2.5 and stop well before max_nfev.
      const fns: ResidualFunctions = {
        m: 1,
        n: 1,
        residuals: (x) => Float64Array.of(x[0] - 3),
        jacobian: (x) => Float64Array.of(x[0] > 2.5 ? NaN : 1),
      };
      const r = await trf(functionEvaluator(fns, undefined, linearization), [0], { maxNfev: 1000 });
      expect(r.x[0]).toBeLessThanOrEqual(2.5);
      expect(r.x[0]).toBeGreaterThan(2.4);
      expect(Number.isFinite(r.optimality)).toBe(true);
      expect(r.nfev).toBeLessThan(200);
      expect(r.status).toBeGreaterThan(0);
    });
  }
});
