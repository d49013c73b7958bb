/**
 * Global and mixed-effects fits of ODE models (odeJoint.ts) against independent references: an
 * ODE written to have the same solution as a closed-form model must give the closed-form fit.
 *
 * - mixed: the logistic ODE dy/dt = y(1 − y/Asym)/scal with y(0) = Asym/(1 + e^(xmid/scal)) has
 *   the solution Asym/(1 + e^((xmid − t)/scal)), so its fit of Orange with a random Asym must give
 *   R nlme's (fixtures/mixed/fits.json, 'orange-ml'), and nlme's fit of the ODE itself integrated
 *   by deSolve (ode_orange.json, make_ode_orange.R), to the issue-25 tolerances;
 * - global: first-order decay dX/dt = −k·X, X(0) = A (X = A·e^(−kt)) with k shared must give the
 *   closed-form global fit of A·exp(−k·t) on the same groups to ~1e-6 (the integration's rtol is
 *   1e-10; the two fits stop by the same tolerances from the same start).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../../model/index';
import { compileOde } from '../../model/odeCompile';
import { parseStatements } from '../../model/statements';
import { globalFit } from '../global/globalFit';
import { odeGlobalFit, odeMixedFit, type OdeGroup } from './odeJoint';

function ode(source: string) {
  const spec = parseStatements(source);
  if (!spec.ok) throw new Error(spec.error.message);
  const c = compileOde(spec.value);
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);
const DIR = join(import.meta.dirname, '../../../fixtures/mixed');

function orangeGroups(): OdeGroup[] {
  const lines = readFileSync(join(DIR, 'orange.csv'), 'utf8').trim().split(/\r?\n/).slice(1).map((l) => l.split(',').map(Number));
  const keys = [...new Set(lines.map((r) => r[0]))];
  return keys.map((k) => {
    const mine = lines.filter((r) => r[0] === k);
    return { key: String(k), data: { observed: [{ column: 'circumference', time: Float64Array.from(mine, (r) => r[1]), y: Float64Array.from(mine, (r) => r[2]), sigma: null }] } };
  });
}

describe('ODE fits over groups', () => {
  it("mixed: the logistic ODE with a random Asym gives nlme's Orange fit", () => {
    const ref = (JSON.parse(readFileSync(join(DIR, 'fits.json'), 'utf8')) as { name: string; [k: string]: unknown }[]).find((c) => c.name === 'orange-ml')!;
    const model = ode('dy/dt = y*(1 - y/Asym)/scal; y(0) = Asym/(1 + exp(xmid/scal)); circumference ~ y');
    const start = ref.start as Record<string, number>;
    const parameters = Object.entries(start).map(([name, value]) => ({ name, value }));
    const { result: fit, counts } = odeMixedFit({ model, groups: orangeGroups(), parameters, random: ['Asym'], cov: 'full', method: 'ml' });
    expect(fit.converged, fit.message).toBe(true);
    expect(Math.abs(fit.logLik - (ref.logLik as number))).toBeLessThan(1e-3);
    const fixed = ref.fixed as Record<string, number>;
    fit.names.forEach((n, i) => expect(rel(fit.fixed[i], fixed[n]), `fixed ${n}`).toBeLessThan(1e-3));
    expect(rel(fit.sigma, ref.sigma as number)).toBeLessThan(1e-3);
    expect(rel(fit.randomSd[0], (ref.randomSd as Record<string, number>).Asym)).toBeLessThan(1e-2);
    expect(fit.rows.map((r) => r.key)).toEqual(['1', '2', '3', '4', '5']);
    expect(counts.integrations).toBeGreaterThan(0);
    // nlme on the same ODE integrated by deSolve (fixtures/mixed/make_ode_orange.R).
    const desolve = JSON.parse(readFileSync(join(DIR, 'ode_orange.json'), 'utf8')) as { logLik: number; fixed: Record<string, number>; sigma: number; randomSd: { Asym: number } };
    expect(fit.logLik).toBeGreaterThanOrEqual(desolve.logLik - 1e-3);
    fit.names.forEach((n, i) => expect(rel(fit.fixed[i], desolve.fixed[n]), `deSolve fixed ${n}`).toBeLessThan(1e-3));
    expect(rel(fit.sigma, desolve.sigma)).toBeLessThan(1e-3);
    expect(rel(fit.randomSd[0], desolve.randomSd.Asym)).toBeLessThan(1e-2);
    if (process.env.FITBENCH_PRINT) console.log("mixed", fit.logLik - (ref.logLik as number), fit.names.map((n, i) => rel(fit.fixed[i], fixed[n])), rel(fit.sigma, ref.sigma as number), rel(fit.randomSd[0], (ref.randomSd as Record<string, number>).Asym));
  });

  // Three groups of A·e^(−k t) with one k = 0.35 and their own A, with a fixed ±3 % wobble.
  const times = Float64Array.from([0.5, 1, 2, 3, 4, 6, 8]);
  const amplitudes = [10, 4, 7];
  const wobble = [0.02, -0.03, 0.01, 0.025, -0.015, 0.03, -0.02];
  const yOf = (A: number, shift: number) => times.map((t, i) => A * Math.exp(-0.35 * t) * (1 + wobble[(i + shift) % wobble.length]));
  const decay = amplitudes.map((A, g) => ({ key: `g${g}`, y: yOf(A, g) }));
  const parameters = [{ name: 'A', value: 5 }, { name: 'k', value: 0.2 }];

  it('global: first-order decay with a shared k equals the closed-form global fit', async () => {
    const compiled = compileModel('A*exp(-k*t)', { columns: ['t'] });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const closed = await globalFit({ model: compiled.value, groups: decay.map((d) => ({ key: d.key, data: { vars: [times], y: d.y, sigma: null } })), parameters, shared: ['k'] });
    const model = ode('dX/dt = -k*X; X(0) = A; y ~ X');
    const groups = decay.map((d) => ({ key: d.key, data: { observed: [{ column: 'y', time: times, y: d.y, sigma: null }] } }));
    const { result } = odeGlobalFit({ model, groups, parameters, shared: ['k'] });
    expect(result.success, result.message).toBe(true);
    expect(result.shared).toEqual(['k']);
    expect(rel(result.cost, closed.cost)).toBeLessThan(1e-6);
    const order = (names: readonly string[]) => ['A', 'k'].map((n) => names.indexOf(n));
    const [oa, ob] = [order(result.names), order(closed.names)];
    if (process.env.FITBENCH_PRINT) console.log("global", rel(result.cost, closed.cost), result.rows.map((r, g) => r.params.map((v, i) => rel(v, closed.rows[g].params[ob[oa.indexOf(i)]]))));
    result.rows.forEach((row, g) => {
      oa.forEach((i, j) => {
        expect(rel(row.params[i], closed.rows[g].params[ob[j]]), `${row.key} value ${j}`).toBeLessThan(1e-6);
        expect(rel(row.stderr[i], closed.rows[g].stderr[ob[j]]), `${row.key} stderr ${j}`).toBeLessThan(1e-5);
      });
    });
  });

  it('names the group whose integration fails at the start', () => {
    // dX/dt = k·X², X(0) = A blows up at t = 1/(k·A): with k = 0.2 and A = 10 before t = 0.5 — in every group, so the mixed fit stops.
    const model = ode('dX/dt = k*X^2; X(0) = A; y ~ X');
    const groups = decay.map((d) => ({ key: d.key, data: { observed: [{ column: 'y', time: times, y: d.y, sigma: null }] } }));
    expect(() => odeMixedFit({ model, groups, parameters: [{ name: 'A', value: 10 }, { name: 'k', value: 0.2 }], random: ['A'], cov: 'full', method: 'ml' })).toThrow(/group "g0".*t = /);
    // The global fit leaves such groups out and says why in their rows: here all but one whose times end before the blow-up.
    expect(() => odeGlobalFit({ model, groups, parameters: [{ name: 'A', value: 10 }, { name: 'k', value: 0.2 }], shared: ['k'] })).toThrow(/No group can take part/);
    const early = Float64Array.from([0.1, 0.2, 0.3, 0.4]);
    const mixedTimes = [{ key: 'early', data: { observed: [{ column: 'y', time: early, y: early.map((t) => 10 / (1 - 2 * t)), sigma: null }] } }, ...groups];
    const { result } = odeGlobalFit({ model, groups: mixedTimes, parameters: [{ name: 'A', value: 10 }, { name: 'k', value: 0.2 }], shared: ['k'] });
    expect(result.rows.map((r) => r.included)).toEqual([true, false, false, false]);
    expect(result.rows[1].code).toBe('ode-integration');
    expect(result.rows[1].message).toMatch(/group "g0".*t = .*left out of the global fit/);
    expect(result.warnings.join(' ')).toMatch(/3 groups were left out/);
  });
});
