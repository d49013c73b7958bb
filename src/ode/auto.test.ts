import { describe, expect, it } from 'vitest';
import { solveOde } from './integrate';
import type { OdeSystem } from './types';

/**
 * Prothero–Robinson with a stiffness that fades: y' = −a(t)(y − sin t) + cos t, y(0) = 0, whose
 * solution is sin t for any a; a(t) = 1e4·e^{−5t} + 0.1 is stiff at first and not after t ≈ 3.
 * (Prothero & Robinson, Math. Comp. 28, 1974; Hairer & Wanner, Solving ODEs II, IV.15.)
 */
const a = (t: number) => 1e4 * Math.exp(-5 * t) + 0.1;
const fading: OdeSystem = {
  n: 1,
  f: (t, y, d) => { d[0] = -a(t) * (y[0] - Math.sin(t)) + Math.cos(t); },
  jac: (t, _y, J) => { J[0] = -a(t); },
  dfdt: (t, y, o) => { o[0] = 5e4 * Math.exp(-5 * t) * (y[0] - Math.sin(t)) + a(t) * Math.cos(t) - Math.sin(t); },
};
const times = Array.from({ length: 41 }, (_, i) => i * 0.5);

describe("method 'auto'", () => {
  it('switches to rodas4 in the stiff phase and back to dopri5 after it, in fewer steps than either', () => {
    const run = (method: 'dopri5' | 'rodas4' | 'auto') => {
      const sol = solveOde(fading, 0, [0], times, { method, rtol: 1e-6, atol: 1e-9 });
      expect(sol.status).toEqual({ ok: true });
      let err = 0;
      times.forEach((t, r) => { err = Math.max(err, Math.abs(sol.x[r] - Math.sin(t))); });
      expect(err).toBeLessThan(2e-5);
      return sol.stats;
    };
    const explicit = run('dopri5');
    const implicit = run('rodas4');
    const auto = run('auto');
    expect(auto.switches).toBe(2);
    expect(auto.steps).toBeLessThan(explicit.steps / 2);
    expect(auto.steps).toBeLessThan(implicit.steps);
    expect(auto.factorizations).toBeLessThan(implicit.factorizations / 2);
  });

  it('stays explicit on a non-stiff problem', () => {
    const osc: OdeSystem = {
      n: 2,
      autonomous: true,
      f: (_t, x, d) => { d[0] = x[1]; d[1] = -x[0]; },
      jac: (_t, _x, J) => { J.set([0, 1, -1, 0]); },
    };
    const sol = solveOde(osc, 0, [1, 0], [50], { method: 'auto', rtol: 1e-8 });
    expect(sol.status.ok).toBe(true);
    expect(sol.stats.switches).toBe(0);
    expect(sol.stats.factorizations).toBe(0);
  });
});
