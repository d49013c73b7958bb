/**
 * Constrained fits against scipy.optimize.minimize under LinearConstraint (SLSQP and
 * trust-constr agreeing; fixtures/constrain/make_constrain.py): the constrained optimum where a
 * constraint is active, the unconstrained fit (to 1e-9) where none is.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileModel, type CompiledModel } from '../../model';
import { curveFit } from '../curveFit';
import { parseConstraints } from './parseConstraints';

interface Problem {
  name: string;
  model: string;
  columns: string[];
  x: number[];
  y: number[];
  names: string[];
  start: number[];
  bounds: [number | null, number | null][] | null;
  constraints: string[];
  constrained: { x: number[]; cost: number; slack: number[] };
  unconstrained: { x: number[]; cost: number };
}

const fixture = JSON.parse(readFileSync(new URL('../../../fixtures/constrain/constrain.json', import.meta.url), 'utf8')) as { problems: Problem[] };
const problem = (name: string) => fixture.problems.find((p) => p.name === name)!;

function compile(p: Problem): CompiledModel {
  const c = compileModel(p.model, { columns: p.columns });
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

async function fit(p: Problem, constraints: string | null, start = p.start) {
  const model = compile(p);
  const parameters = p.names.map((name, i) => ({ name, value: start[i], min: p.bounds?.[i][0] ?? null, max: p.bounds?.[i][1] ?? null }));
  const options = constraints ? { constraints: parseConstraints(constraints, model.params) } : {};
  const result = await curveFit({ model, data: { vars: [Float64Array.from(p.x)], y: Float64Array.from(p.y), sigma: null }, parameters, options });
  const value = (name: string) => result.parameters.find((q) => q.name === name)!.value;
  return { result, x: p.names.map(value) };
}

const relClose = (a: readonly number[], b: readonly number[], tol: number) => a.forEach((v, i) => expect(Math.abs(v - b[i]) / Math.max(1, Math.abs(b[i]))).toBeLessThan(tol));

describe('constrained fits (scipy minimize with linear constraints)', () => {
  for (const name of ['biexp-ratio-active', 'pk-gap-active', 'quad-sum-active']) {
    it(`${name}: lands on scipy's constrained optimum, the constraint active`, async () => {
      const p = problem(name);
      const { result, x } = await fit(p, p.constraints.join(', '));
      expect(result.success).toBe(true);
      relClose(x, p.constrained.x, 2e-6);
      // Our cost is at least as low as scipy's (both on the same boundary).
      expect(result.cost).toBeLessThanOrEqual(p.constrained.cost * (1 + 1e-9));
      const facts = result.constraints!;
      facts.forEach((f, i) => {
        expect(f.text).toBe(p.constraints[i].trim());
        const active = p.constrained.slack[i] < 1e-7;
        expect(f.active).toBe(active);
        expect(f.slack).toBeGreaterThanOrEqual(-1e-9);
        if (!active) expect(f.slack).toBeCloseTo(p.constrained.slack[i], 5);
      });
      expect(result.warnings.some((w) => w.includes('active'))).toBe(true);
    });
  }

  it('an inactive constraint gives the unconstrained fit to 1e-9 (PK, lKa > lKe)', async () => {
    const p = problem('pk-flipflop-inactive');
    const free = await fit(p, null);
    const constrained = await fit(p, 'lKa > lKe');
    relClose(constrained.x, free.x, 1e-9);
    relClose(constrained.x, p.constrained.x, 2e-6);
    expect(constrained.result.constraints).toEqual([{ text: 'lKa > lKe', slack: expect.closeTo(p.constrained.slack[0], 6), active: false }]);
    // The standard errors are the unconstrained ones where nothing is active.
    constrained.result.parameters.forEach((q, i) => expect(Math.abs(q.stderr - free.result.parameters[i].stderr) / q.stderr).toBeLessThan(1e-6));
  });

  it('k1 > k2 keeps a two-exponential fit from swapping its rates (start swapped)', async () => {
    const p = problem('biexp-order-inactive');
    const swapped = await fit(p, null);
    relClose(swapped.x, p.unconstrained.x, 1e-6); // scipy's least_squares from there: swapped too
    expect(swapped.x[1]).toBeLessThan(swapped.x[3]);
    const ordered = await fit(p, 'k1 > k2');
    relClose(ordered.x, p.constrained.x, 2e-6);
    expect(ordered.result.constraints![0].active).toBe(false);
    // ... and equals the unconstrained fit from an ordered start, to 1e-9.
    const free = await fit(p, null, [p.start[2], p.start[3], p.start[0], p.start[1]]);
    relClose(ordered.x, free.x, 1e-9);
  });
});
