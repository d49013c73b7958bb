import { afterEach, describe, expect, it } from 'vitest';
import { setCodegen } from './kernels';
import { Builder } from './simplify';
import { compileOde, type CompiledOde } from './odeCompile';
import { multiSource, multiTape } from './odeEmit';
import { lowerOde } from './odeLower';
import { parseStatements } from './statements';

const LV = `dH/dt = alpha*H - beta*H*L
dL/dt = delta*H*L - gamma*L
H(1900) = H0; L(1900) = 2*L0
Hare ~ H; Lynx ~ 1e-3*L^2`;

/** Michaelis–Menten with depletion, an intermediate, explicit time and a function call. */
const MM = `v = Vmax*S/(Km + S)        # the rate, shared by both states
dS/dt = -v - kd*S*exp(-t/tau)
dP/dt = v
S(0) = S0; P(0) = 0
conc ~ P/V`;

function compile(text: string): CompiledOde {
  const r = parseStatements(text);
  if (!r.ok) throw new Error(r.error.message);
  const c = compileOde(r.value);
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

const X = Float64Array.from([31.5, 4.25]);
const P = Float64Array.from([0.55, 0.028, 0.024, 0.8, 30, 4]);

afterEach(() => setCodegen(null));

describe('compileOde', () => {
  it('Lotka–Volterra: f, ∂f/∂X, ∂f/∂p, X0 and S0 equal the hand-written formulas', () => {
    const m = compile(LV);
    expect(m.spec.params).toEqual(['alpha', 'beta', 'delta', 'gamma', 'H0', 'L0']);
    expect(m.autonomous).toBe(true);
    const sys = m.bind(P);
    const [a, b, d, g] = P;
    const [h, l] = X;
    const f = new Float64Array(2);
    sys.f(0, X, f);
    expect([...f]).toEqual([a * h - b * h * l, d * h * l - g * l]);
    const J = new Float64Array(4);
    sys.jac(0, X, J);
    expect([...J]).toEqual([a - b * l, -b * h, d * l, d * h - g]);
    const dp = new Float64Array(12);
    sys.sens.dfdp(0, X, dp);
    expect([...dp]).toEqual([h, -h * l, 0, 0, 0, 0, 0, 0, h * l, -l, 0, 0]);
    expect([...sys.x0]).toEqual([30, 8]);
    expect([...sys.sens.S0]).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2]);
    const out = new Float64Array(2);
    const gX = new Float64Array(4);
    const gp = new Float64Array(12);
    m.observe(0, X, P, out, gX, gp);
    expect([...out]).toEqual([h, 1e-3 * (l * l)]);
    expect([...gX.subarray(0, 3)]).toEqual([1, 0, 0]);
    expect(gX[3]).toBeCloseTo(2e-3 * l, 15);
    expect(gp.every((v) => v === 0)).toBe(true);
  });

  it('intermediates, t and functions: ∂f/∂X, ∂f/∂p and ∂f/∂t agree with central differences', () => {
    const m = compile(MM);
    expect(m.spec.params).toEqual(['Vmax', 'Km', 'kd', 'tau', 'S0', 'V']);
    expect(m.autonomous).toBe(false);
    const p = [2.5, 0.7, 0.1, 3, 5, 1.5];
    const x = Float64Array.from([1.3, 0.4]);
    const t = 0.9;
    const sys = m.bind(p);
    const f = (tt: number, xx: Float64Array, pp = p): Float64Array => {
      const out = new Float64Array(2);
      m.bind(pp).f(tt, xx, out);
      return out;
    };
    const J = new Float64Array(4);
    sys.jac(t, x, J);
    const Pm = new Float64Array(12);
    sys.sens.dfdp(t, x, Pm);
    const T = new Float64Array(2);
    sys.dfdt(t, x, T);
    const h = 1e-6;
    for (let j = 0; j < 2; j++) {
      const xp = x.slice();
      const xm = x.slice();
      xp[j] += h;
      xm[j] -= h;
      for (let i = 0; i < 2; i++) expect(J[i * 2 + j]).toBeCloseTo((f(t, xp)[i] - f(t, xm)[i]) / (2 * h), 8);
    }
    for (let k = 0; k < 6; k++) {
      const pp = p.slice();
      const pm = p.slice();
      pp[k] += h;
      pm[k] -= h;
      for (let i = 0; i < 2; i++) expect(Pm[i * 6 + k]).toBeCloseTo((f(t, x, pp)[i] - f(t, x, pm)[i]) / (2 * h), 8);
    }
    for (let i = 0; i < 2; i++) expect(T[i]).toBeCloseTo((f(t + h, x)[i] - f(t - h, x)[i]) / (2 * h), 8);
    // S0 = ∂(S0, 0)/∂p: a one in the column of S0
    expect([...sys.sens.S0]).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('jacDirectional: Σ_j ∂J/∂X_j v_j and Σ_j ∂P/∂X_j v_j equal central differences of jac and dfdp', () => {
    const m = compile(MM);
    const p = [2.5, 0.7, 0.1, 3, 5, 1.5];
    const x = Float64Array.from([1.3, 0.4]);
    const v = Float64Array.from([0.7, -1.9]);
    const sys = m.bind(p);
    const out = new Float64Array(4 + 12);
    sys.sens.jacDirectional(0.9, x, v, out);
    const h = 1e-6;
    const at = (s: number) => {
      const xs = Float64Array.from([x[0] + s * h * v[0], x[1] + s * h * v[1]]);
      const r = new Float64Array(16);
      sys.jac(0.9, xs, r.subarray(0, 4));
      sys.sens.dfdp(0.9, xs, r.subarray(4));
      return r;
    };
    const plus = at(1);
    const minus = at(-1);
    for (let i = 0; i < 16; i++) expect(out[i]).toBeCloseTo((plus[i] - minus[i]) / (2 * h), 7);
    expect(out.some((o) => o !== 0)).toBe(true);
  });

  it('an initial value through an intermediate of parameters: X0 and S0 by the chain rule', () => {
    const sys = compile('A0 = 10^logA0; dA/dt = -k*A; A(0) = A0').bind([2, 0.5]);
    expect(sys.x0[0]).toBeCloseTo(100, 12);
    expect(sys.sens.S0[0]).toBeCloseTo(100 * Math.LN10, 10); // ∂A0/∂logA0
    expect(sys.sens.S0[1]).toBe(0);
  });

  it('the interpreter (CSP) computes the generated closures\' numbers bit for bit', () => {
    const p = [2.5, 0.7, 0.1, 3, 5, 1.5];
    const x = Float64Array.from([1.3, 0.4]);
    const run = () => {
      const sys = compile(MM).bind(p);
      const out = new Float64Array(2 + 4 + 12 + 2);
      sys.f(0.9, x, out.subarray(0, 2));
      sys.jac(0.9, x, out.subarray(2, 6));
      sys.sens.dfdp(0.9, x, out.subarray(6, 18));
      sys.dfdt(0.9, x, out.subarray(18));
      return [...out];
    };
    const generated = run();
    setCodegen(false);
    expect(run()).toEqual(generated);
  });

  it('no user name reaches the generated source', () => {
    const spec = parseStatements(MM);
    if (!spec.ok) throw new Error('parse');
    const b = new Builder();
    const low = lowerOde(b, spec.value);
    const src = multiSource(multiTape(b.graph, [...low.rates, ...low.observations], low.layout.zLength));
    for (const name of ['Vmax', 'Km', 'kd', 'tau', 'S0', 'conc', 'v', 'dS']) expect(src).not.toMatch(new RegExp(`\\b${name}\\b`));
    expect(src).toMatch(/Math\.exp/);
  });
});
