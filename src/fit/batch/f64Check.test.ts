import { describe, expect, it } from 'vitest';
import { compileModel } from '../../model/index';
import { LINEAR_LOSS } from '../../solver/loss';
import { michaelisMenten } from '../../../test/batchGroups';
import { fitGroups } from './fitGroups';
import { F64Check } from './f64Check';
import { GroupProblem } from './groupProblem';

describe('the float64 agreement check', () => {
  const p = michaelisMenten(1, 4);
  const compiled = compileModel(p.source, { columns: [...p.columns] });
  if (!compiled.ok) throw new Error(compiled.error.message);
  const model = compiled.value;
  const data = { vars: p.groups[0].data.vars, y: p.groups[0].data.y, w: null };

  it('measures the distance to the float64 fit in standard errors', async () => {
    const fit = await fitGroups({ model, groups: p.groups, parameters: p.parameters });
    const [row] = fit.rows;
    const problem = new GroupProblem(model.kernels([0, 1]), new Float64Array(2), [0, 1], LINEAR_LOSS);
    problem.use(data);
    const check = new F64Check(2, 10);
    const at = check.check(problem, Float64Array.from(row.params), 1e-3, false);
    expect(at.agrees).toBe(true);
    expect(at.ratio).toBeLessThan(1e-8);
    expect(at.cost).toBeCloseTo(row.cost, 10);
    check.stderr.forEach((s, j) => expect(Math.abs(s - row.stderr[j]) / row.stderr[j]).toBeLessThan(1e-8));
    // Off by 3e-3 and 0.2 standard errors: the Gauss–Newton step says so (to first order).
    for (const off of [3e-3, 0.2]) {
      const x = Float64Array.from(row.params, (v, j) => v + off * row.stderr[j] * (j === 0 ? 1 : -1));
      const r = check.check(problem, x, 1e-3, false);
      expect(r.agrees).toBe(false);
      expect(Math.abs(r.ratio - off) / off).toBeLessThan(0.05);
      // After the step, what is left is a small fraction of the distance (GN's linear rate here).
      for (let j = 0; j < 2; j++) expect(Math.abs(x[j] + check.step[j] - row.params[j]) / row.stderr[j]).toBeLessThan(0.05 * off);
    }
  });

  it('fails where the residuals are not finite or a parameter is undetermined', () => {
    const problem = new GroupProblem(model.kernels([0, 1]), new Float64Array(2), [0, 1], LINEAR_LOSS);
    problem.use(data);
    const check = new F64Check(2, 10);
    expect(check.check(problem, Float64Array.of(150, -0.02), 1e-3, false).agrees).toBe(false);
    // Vm = 0 leaves K without effect: its column of J is zero.
    expect(check.check(problem, Float64Array.of(0, 0.1), 1e-3, false).agrees).toBe(false);
  });
});
