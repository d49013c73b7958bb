import { describe, expect, it } from 'vitest';
import { solveOde } from './integrate';
import { lotkaVolterra, robertson } from './testSystems';
import type { OdeMethod, OdeOptions, OdeSystem, SensitivitySpec } from './types';

/**
 * Forward sensitivities against central differences of the solution itself, integrated at a
 * tolerance (1e-12) far below the difference's truncation error: Δ = (X(θ+h) − X(θ−h)) / 2h with
 * h = 1e-4·|θ|, whose O(h²) error bounds the agreement we can ask for.
 */
function centralDifference(
  make: (theta: number[]) => { sys: OdeSystem; x0: number[] },
  theta: number[],
  k: number,
  times: number[],
  opts: OdeOptions,
): Float64Array {
  const h = 1e-4 * Math.abs(theta[k]);
  const at = (s: number) => {
    const th = theta.slice();
    th[k] += s * h;
    const { sys, x0 } = make(th);
    return solveOde(sys, 0, x0, times, { ...opts, rtol: 1e-12, atol: 1e-14 }).x;
  };
  const plus = at(1);
  const minus = at(-1);
  return plus.map((v, i) => (v - minus[i]) / (2 * h));
}

const LV = [0.55, 0.028, 0.024, 0.8, 30, 4]; // α, β, δ, γ, H0, L0
const lvMake = (th: number[]) => ({ sys: lotkaVolterra(th), x0: [th[4], th[5]] });

describe.each(['dopri5', 'rodas4', 'auto'] as OdeMethod[])('%s sensitivities', (method) => {
  it('Lotka–Volterra: ∂X/∂(α, β, δ, γ, H0, L0) equal central differences to 1e-6 relative', () => {
    const times = [20, 1, 0, 5.5, 12, 3, 17.2, -2];
    const lv = lotkaVolterra(LV);
    const sol = solveOde(lv, 0, [LV[4], LV[5]], times, { method, rtol: 1e-10, atol: 1e-12 }, lv.sens);
    expect(sol.status).toEqual({ ok: true });
    expect(sol.m).toBe(6);
    for (let k = 0; k < 6; k++) {
      const fd = centralDifference(lvMake, LV, k, times, { method });
      let scale = 0;
      for (let q = 0; q < fd.length; q++) scale = Math.max(scale, Math.abs(fd[q]));
      for (let r = 0; r < times.length; r++) {
        for (let i = 0; i < 2; i++) {
          expect(Math.abs(sol.s![(r * 2 + i) * 6 + k] - fd[r * 2 + i])).toBeLessThan(1e-6 * scale);
        }
      }
    }
  });
});

describe('stiff sensitivities', () => {
  it.each(['rodas4', 'auto'] as OdeMethod[])('%s: Robertson ∂y/∂k and ∂y/∂y0 equal central differences', (method) => {
    const K = [0.04, 1e4, 3e7];
    const times = [0.01, 1, 40, 1000, 4e5];
    const rob = robertson(K);
    const sens: SensitivitySpec = { ...rob.sens, initial: true };
    const sol = solveOde(rob, 0, [1, 0, 0], times, { method, rtol: 1e-9, atol: 1e-14, sensAtol: 1e-10 }, sens);
    expect(sol.status).toEqual({ ok: true });
    expect(sol.m).toBe(6);
    const make = (th: number[]) => ({ sys: robertson(th.slice(0, 3)), x0: th.slice(3) });
    const theta = [...K, 1, 1e-30, 1e-30]; // y0 = (1, 0, 0): a relative step needs nonzero entries
    for (let k = 0; k < 6; k++) {
      let fd: Float64Array;
      if (k < 4) fd = centralDifference(make, theta, k, times, { method: 'rodas4' });
      else {
        // ∂/∂y0_j at y0_j = 0: an absolute step
        const h = 1e-7;
        const at = (s: number) => {
          const x0 = [1, 0, 0];
          x0[k - 3] += s * h;
          return solveOde(robertson(K), 0, x0, times, { method: 'rodas4', rtol: 1e-12, atol: 1e-16 }).x;
        };
        const p = at(1);
        const q = at(-1);
        fd = p.map((v, i) => (v - q[i]) / (2 * h));
      }
      for (let r = 0; r < times.length; r++) {
        for (let i = 0; i < 3; i++) {
          const want = fd[r * 3 + i];
          const got = sol.s![(r * 3 + i) * 6 + k];
          // relative to the column's size at that time across states (sensitivities of y2 ~ 1e-5 are small)
          const colScale = Math.max(...[0, 1, 2].map((j) => Math.abs(fd[r * 3 + j])));
          expect(Math.abs(got - want)).toBeLessThanOrEqual(2e-5 * colScale + 1e-12);
        }
      }
    }
  });
});
