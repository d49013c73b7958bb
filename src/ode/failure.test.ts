import { describe, expect, it } from 'vitest';
import { solveOde } from './integrate';
import { decay, robertson } from './testSystems';
import type { OdeMethod, OdeSolution, OdeSystem } from './types';

/** X' = X² from X(0) = 1: X = 1/(1 − t) blows up at t = 1. */
const blowUp: OdeSystem = {
  n: 2,
  autonomous: true,
  f: (_t, x, d) => { d[0] = 0.1; d[1] = x[1] * x[1]; },
  jac: (_t, x, J) => { J[0] = 0; J[1] = 0; J[2] = 0; J[3] = 2 * x[1]; },
};

/** f is NaN once t > 0.5 in state 1 (a model leaving its domain, e.g. log of a negative). */
const domain: OdeSystem = {
  n: 2,
  f: (t, x, d) => { d[0] = -x[0]; d[1] = t > 0.5 ? Math.log(-1) : 1; },
  jac: (_t, _x, J) => { J.fill(0); J[0] = -1; },
};

function failure(sol: OdeSolution) {
  expect(sol.status.ok).toBe(false);
  if (sol.status.ok) throw new Error('unreachable');
  return sol.status;
}

describe.each(['dopri5', 'rodas4', 'auto'] as OdeMethod[])('%s: failures are statuses', (method) => {
  it('a blow-up names the state and a time at the singularity', () => {
    const s = failure(solveOde(blowUp, 0, [0, 1], [0.5, 2], { method }));
    expect(['step-underflow', 'non-finite', 'max-steps']).toContain(s.code);
    expect(s.index).toBe(1);
    // a finite step may land a little past t = 1 before the values overflow
    expect(Math.abs(s.t - 1)).toBeLessThan(1e-3);
    expect(s.message).toMatch(/state 1/);
  });

  it('non-finite f reports the time it starts and the state', () => {
    const sol = solveOde(domain, 0, [1, 0], [0.25, 1], { method });
    const s = failure(sol);
    expect(s.code).toBe('non-finite');
    expect(s.index).toBe(1);
    expect(s.t).toBeGreaterThan(0.49);
    expect(s.t).toBeLessThanOrEqual(0.5);
    expect(s.message).toMatch(/state 1 is not finite at t = 0\.4/);
    expect(sol.x[0]).toBeCloseTo(Math.exp(-0.25), 5); // the time before the failure is kept
    expect(Number.isNaN(sol.x[2])).toBe(true);
  });

  it('the step bound is a status with the time reached', () => {
    const s = failure(solveOde(decay(1), 0, [1], [100], { method, maxSteps: 10, rtol: 1e-10 }));
    expect(s.code).toBe('max-steps');
    expect(s.t).toBeGreaterThan(0);
    expect(s.t).toBeLessThan(100);
  });

  it('shouldStop and an aborted signal stop between steps', () => {
    let calls = 0;
    const s = failure(solveOde(decay(1), 0, [1], [100], { method, rtol: 1e-10, shouldStop: () => ++calls > 5 }));
    expect(s.code).toBe('aborted');
    expect(calls).toBe(6);
    const signal = { aborted: true };
    expect(failure(solveOde(decay(1), 0, [1], [1], { method, signal })).code).toBe('aborted');
  });
});

describe('input errors are statuses too', () => {
  it('rodas4 without a Jacobian, a wrong x0, a NaN time', () => {
    const noJac: OdeSystem = { n: 1, f: (_t, x, d) => { d[0] = -x[0]; } };
    expect(failure(solveOde(noJac, 0, [1], [1], { method: 'rodas4' })).message).toMatch(/needs the Jacobian/);
    expect(failure(solveOde(decay(1), 0, [1, 2], [1])).code).toBe('invalid-input');
    expect(failure(solveOde(decay(1), 0, [1], [1, NaN])).message).toMatch(/observation time 1 is NaN/);
    expect(failure(solveOde(decay(1), 0, [1], [1], { rtol: 0 })).code).toBe('invalid-input');
    expect(failure(solveOde(decay(1), 0, [0], [1], { atol: 0 })).message).toMatch(/atol of state 0 is 0; it must be a positive number/);
  });

  it('a singular iteration matrix is reported, not thrown', () => {
    // J = ∞ makes W unfactorable at every step size
    const bad: OdeSystem = { ...robertson(), jac: (_t, _x, J) => { J.fill(Infinity); } };
    const s = failure(solveOde(bad, 0, [1, 0, 0], [1], { method: 'rodas4' }));
    expect(s.code).toBe('singular');
    expect(s.t).toBe(0);
  });

  it('a non-finite f at t0 is reported at once', () => {
    const s = failure(solveOde(domain, 1, [1, 0], [2], { method: 'dopri5' }));
    expect(s.code).toBe('non-finite');
    expect(s.t).toBe(1);
    expect(s.index).toBe(1);
  });
});
