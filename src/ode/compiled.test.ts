import { describe, expect, it } from 'vitest';
import fixture from '../../fixtures/ode/robertson.json';
import { compileOde } from '../model/odeCompile';
import { parseStatements } from '../model/statements';
import { solveOde } from './integrate';
import { lotkaVolterra, robertson } from './testSystems';

function compiled(text: string) {
  const r = parseStatements(text);
  if (!r.ok) throw new Error(r.error.message);
  const c = compileOde(r.value);
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

describe('model text → compiled closures → integrator', () => {
  it('Lotka–Volterra from its statements matches the hand-written system, sensitivities included', () => {
    const m = compiled('dH/dt = alpha*H - beta*H*L; dL/dt = delta*H*L - gamma*L; H(0) = H0; L(0) = L0; Hare ~ H; Lynx ~ L');
    const p = [0.55, 0.028, 0.024, 0.8, 30, 4];
    const sys = m.bind(p);
    const times = [0, 2, 5, 9.5, 14, 20];
    const opts = { rtol: 1e-9, atol: 1e-12 };
    const got = solveOde(sys, 0, sys.x0, times, opts, sys.sens);
    const hand = lotkaVolterra(p);
    const want = solveOde(hand, 0, [30, 4], times, opts, hand.sens);
    expect(got.status).toEqual({ ok: true });
    for (let i = 0; i < want.x.length; i++) expect(got.x[i]).toBeCloseTo(want.x[i], 9);
    for (let i = 0; i < want.s!.length; i++) expect(Math.abs(got.s![i] - want.s![i])).toBeLessThan(1e-8 * (1 + Math.abs(want.s![i])));
  });

  it('Robertson from its statements, with rodas4, agrees with scipy Radau', () => {
    const m = compiled(`dA/dt = -k1*A + k2*B*C
dB/dt = k1*A - k2*B*C - k3*B^2
dC/dt = k3*B^2
A(0) = 1; B(0) = 0; C(0) = 0
a ~ A; b ~ B; c ~ C`);
    const sys = m.bind([0.04, 1e4, 3e7]);
    const sol = solveOde(sys, 0, sys.x0, fixture.times, { method: 'rodas4', rtol: 1e-8, atol: 1e-14 });
    expect(sol.status).toEqual({ ok: true });
    fixture.times.forEach((_, r) => {
      for (let i = 0; i < 3; i++) {
        const w = fixture.y[r][i];
        expect(Math.abs(sol.x[3 * r + i] - w)).toBeLessThan(100 * (1e-14 + 1e-8 * Math.abs(w)));
      }
    });
  });

  it('Robertson sensitivities with the compiled exact second derivatives equal those of the central-difference path', () => {
    const m = compiled('dA/dt = -k1*A + k2*B*C; dB/dt = k1*A - k2*B*C - k3*B^2; dC/dt = k3*B^2; A(0) = 1; B(0) = 0; C(0) = 0; a ~ A');
    const K = [0.04, 1e4, 3e7];
    const times = [0.01, 1, 40, 1000, 4e5];
    const opts = { method: 'rodas4' as const, rtol: 1e-9, atol: 1e-14, sensAtol: 1e-10 };
    const sys = m.bind(K);
    const exact = solveOde(sys, 0, sys.x0, times, opts, sys.sens);
    const hand = robertson(K); // no jacDirectional: central differences of jac and dfdp
    const fd = solveOde(hand, 0, [1, 0, 0], times, opts, hand.sens);
    expect(exact.status).toEqual({ ok: true });
    expect(fd.status).toEqual({ ok: true });
    expect(exact.stats.jevals).toBeLessThan(fd.stats.jevals);
    for (let r = 0; r < times.length; r++) {
      for (let k = 0; k < 3; k++) {
        const col = [0, 1, 2].map((i) => fd.s![(r * 3 + i) * 3 + k]);
        const scale = Math.max(...col.map(Math.abs));
        for (let i = 0; i < 3; i++) expect(Math.abs(exact.s![(r * 3 + i) * 3 + k] - col[i])).toBeLessThan(1e-6 * scale);
      }
    }
  });

  it('a non-autonomous model (exact ∂f/∂t in rodas4) with sensitivities equal to central differences', () => {
    const m = compiled('v = Vmax*S/(Km + S); dS/dt = -v - kd*S*exp(-t/tau); dP/dt = v; S(0) = S0; P(0) = 0; conc ~ P/V');
    expect(m.autonomous).toBe(false);
    const p = [2.5, 0.7, 0.1, 3, 5, 1.5];
    const times = [0.5, 1, 2, 4, 8];
    for (const method of ['dopri5', 'rodas4'] as const) {
      const sys = m.bind(p);
      const sol = solveOde(sys, 0, sys.x0, times, { method, rtol: 1e-10, atol: 1e-12 }, sys.sens);
      expect(sol.status).toEqual({ ok: true });
      for (let k = 0; k < p.length; k++) {
        const h = 1e-5 * Math.abs(p[k]);
        const at = (s: number) => {
          const q = p.slice();
          q[k] += s * h;
          const b = m.bind(q);
          return solveOde(b, 0, b.x0, times, { method, rtol: 1e-12, atol: 1e-14 }).x;
        };
        const plus = at(1);
        const minus = at(-1);
        for (let i = 0; i < plus.length; i++) {
          const fd = (plus[i] - minus[i]) / (2 * h);
          expect(Math.abs(sol.s![i * p.length + k] - fd)).toBeLessThan(1e-6 * (1 + Math.abs(fd)));
        }
      }
    }
  });
});
