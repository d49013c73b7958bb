import { describe, expect, it } from 'vitest';
import { compileOde } from '../model/odeCompile';
import { parseStatements } from '../model/statements';
import { solveOde } from './integrate';
import { observeSolution } from './observe';
import type { OdeMethod } from './types';

/** Two-compartment pharmacokinetics with oral absorption; the observation holds a parameter (V). */
const PK = `dGut/dt = -ka*Gut
dC1/dt = ka*Gut/V - (k10 + k12)*C1 + k21*C2
dC2/dt = k12*C1 - k21*C2
Gut(0) = Dose; C1(0) = 0; C2(0) = 0
conc ~ C1*1000/V
periph ~ C2`;
const P = [1.2, 30, 0.15, 0.3, 0.2, 100]; // ka, V, k10, k12, k21, Dose
const TIMES = [0.25, 0.5, 1, 2, 4, 6, 8, 12, 24, 0.5];

describe.each(['dopri5', 'rodas4', 'auto'] as OdeMethod[])('%s: observations and their Jacobian', (method) => {
  it('equal central differences of the whole chain p → X(t) → g', () => {
    const spec = parseStatements(PK, { columns: ['time', 'conc', 'periph'] });
    if (!spec.ok) throw new Error(spec.error.message);
    const compiled = compileOde(spec.value);
    if (!compiled.ok) throw new Error(compiled.error.message);
    const model = compiled.value;
    expect(spec.value.params).toEqual(['ka', 'V', 'k10', 'k12', 'k21', 'Dose']);
    const values = (p: number[], jac?: Float64Array): Float64Array => {
      const sys = model.bind(p);
      const sol = solveOde(sys, 0, sys.x0, TIMES, { method, rtol: jac ? 1e-10 : 1e-12, atol: 1e-12 }, jac ? sys.sens : undefined);
      expect(sol.status).toEqual({ ok: true });
      const out = new Float64Array(2 * TIMES.length);
      observeSolution(model, Float64Array.from(p), sol, out, jac);
      return out;
    };
    const jac = new Float64Array(2 * TIMES.length * 6);
    const v = values(P, jac);
    expect(v[0]).toBeGreaterThan(0);
    for (let k = 0; k < 6; k++) {
      const h = 1e-5 * P[k];
      const plus = values(P.map((x, i) => (i === k ? x + h : x)));
      const minus = values(P.map((x, i) => (i === k ? x - h : x)));
      for (let q = 0; q < v.length; q++) {
        const fd = (plus[q] - minus[q]) / (2 * h);
        expect(Math.abs(jac[q * 6 + k] - fd)).toBeLessThan(1e-6 * (1 + Math.abs(fd)));
      }
    }
  });
});
