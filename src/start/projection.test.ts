import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../model';
import { VariableProjection } from './projection';

interface Case {
  name: string;
  model: string;
  x: number[];
  y: number[];
  sigma: number[] | null;
  held: Record<string, number>;
  linear: string[];
  lb: (number | null)[] | null;
  ub: (number | null)[] | null;
  coef: number[];
  cost: number;
}
const cases = JSON.parse(readFileSync(new URL('../../fixtures/scipy/projection.json', import.meta.url), 'utf8')) as Case[];

describe('variable projection: the exact linear solve', () => {
  for (const c of cases) {
    it(`${c.name} matches numpy lstsq / scipy lsq_linear`, () => {
      const compiled = compileModel(c.model, { columns: ['x'] });
      if (!compiled.ok) throw new Error(compiled.error.message);
      const model = compiled.value;
      const linear = c.linear.map((n) => model.params.indexOf(n));
      const q = linear.length;
      const lb = Float64Array.from({ length: q }, (_, j) => (c.lb?.[j] ?? -Infinity));
      const ub = Float64Array.from({ length: q }, (_, j) => (c.ub?.[j] ?? Infinity));
      const data = { vars: [Float64Array.from(c.x)], y: Float64Array.from(c.y), w: c.sigma ? Float64Array.from(c.sigma, (s) => 1 / s) : null };
      const vp = new VariableProjection(model.kernels(linear), data, linear, lb, ub);
      const params = new Float64Array(model.params.length);
      for (const [n, v] of Object.entries(c.held)) params[model.params.indexOf(n)] = v;
      const cost = vp.solve(params);
      c.linear.forEach((n, j) => expect(params[model.params.indexOf(n)]).toBeCloseTo(c.coef[j], 9));
      expect(cost).toBeCloseTo(c.cost, 10);
      for (const [n, v] of Object.entries(c.held)) expect(params[model.params.indexOf(n)]).toBe(v);
    });
  }

  it('reports NaN where the model is not finite at a row', () => {
    const compiled = compileModel('a*log(x - k)', { columns: ['x'] });
    if (!compiled.ok) throw new Error();
    const model = compiled.value;
    const data = { vars: [Float64Array.from([1, 2, 3])], y: Float64Array.from([0, 1, 2]), w: null };
    const vp = new VariableProjection(model.kernels([0]), data, [0], Float64Array.of(-Infinity), Float64Array.of(Infinity));
    expect(vp.solve(Float64Array.of(0, 2))).toBeNaN();
    expect(vp.solve(Float64Array.of(0, 0))).toBeGreaterThan(0);
  });
});
