import { describe, expect, it } from 'vitest';
import fixture from '../../fixtures/ode/robertson.json';
import { solveOde } from './integrate';
import { robertson } from './testSystems';

/**
 * Robertson's problem to t = 4e10 against scipy's Radau IIA at rtol 1e-10, atol 1e-14
 * (fixtures/ode/make_robertson.py). Errors are in units of our tolerance, |Δ| / (atol + rtol|y|):
 * a global error of a few tens of units over 16 decades of time is what a tolerance means.
 */
function toleranceUnits(x: Float64Array, rtol: number, atol: number): number {
  let worst = 0;
  fixture.times.forEach((_, r) => {
    for (let i = 0; i < 3; i++) {
      const want = fixture.y[r][i];
      worst = Math.max(worst, Math.abs(x[3 * r + i] - want) / (atol + rtol * Math.abs(want)));
    }
  });
  return worst;
}

describe('Robertson (stiff) against scipy Radau', () => {
  it.each(['rodas4', 'auto'] as const)('%s at rtol 1e-8 stays within 100 tolerance units, mass conserved', (method) => {
    const rtol = 1e-8;
    const atol = 1e-14;
    const sol = solveOde(robertson(), 0, [1, 0, 0], fixture.times, { method, rtol, atol });
    expect(sol.status).toEqual({ ok: true });
    expect(toleranceUnits(sol.x, rtol, atol)).toBeLessThan(100);
    for (let r = 0; r < fixture.times.length; r++) {
      expect(Math.abs(sol.x[3 * r] + sol.x[3 * r + 1] + sol.x[3 * r + 2] - 1)).toBeLessThan(1e-12);
    }
    // an L-stable method crosses 16 decades in a few thousand steps
    expect(sol.stats.accepted).toBeLessThan(3000);
    if (method === 'auto') expect(sol.stats.switches).toBeGreaterThanOrEqual(1);
  });

  it('rodas4 converges to the reference as rtol falls', () => {
    const dev = [1e-5, 1e-7, 1e-9].map((rtol) => {
      const sol = solveOde(robertson(), 0, [1, 0, 0], fixture.times, { method: 'rodas4', rtol, atol: 1e-14 });
      return toleranceUnits(sol.x, 1e-9, 1e-14); // in one fixed unit
    });
    expect(dev[1]).toBeLessThan(dev[0] / 10);
    expect(dev[2]).toBeLessThan(dev[1] / 10);
    expect(dev[2]).toBeLessThan(30);
  });

  it('dopri5 alone is stability-bound: it reports max-steps with the time reached, never hangs', () => {
    const sol = solveOde(robertson(), 0, [1, 0, 0], fixture.times, { method: 'dopri5', maxSteps: 5000 });
    expect(sol.status.ok).toBe(false);
    if (!sol.status.ok) {
      expect(sol.status.code).toBe('max-steps');
      expect(sol.status.t).toBeGreaterThan(0.01);
      expect(sol.status.t).toBeLessThan(100);
      expect(sol.status.message).toMatch(/rodas4/);
    }
    // the times reached before the failure are filled, the others are NaN
    expect(sol.x[0]).toBeCloseTo(fixture.y[0][0], 12);
    expect(Number.isNaN(sol.x[3 * (fixture.times.length - 1)])).toBe(true);
  });
});
