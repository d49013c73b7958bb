/**
 * The ODE fit fixtures of issue 23 (fixtures/ode/{lotka_volterra,abc_kinetics,robertson_fit}.json,
 * written by fixtures/ode/make_fits.py and make_fits.R) are consistent with Fitbench's own reading
 * of them: each fixture's model text parses as Fitbench statements over its CSV's columns with the
 * fixture's parameters, observations and σ columns; integrated by src/ode at the scipy reference's
 * parameters at tight tolerances, it gives the fixture's RSS (to 1e-8) and standard errors
 * s²(JᵀJ)⁻¹ (to 1e-5), and the Gauss–Newton step left there is far below one standard error, so
 * the references' point is the minimum of Fitbench's own objective too. And the references agree
 * with each other (scipy, R, A→B→C's closed form) well inside the issue's acceptance, from both
 * starts. No fit is run here: this checks the yardstick, not the fitter.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileOde } from '../src/model/odeCompile';
import { parseStatements } from '../src/model/statements';
import { observeSolution, solveOde, type OdeMethod } from '../src/ode';

interface Reference {
  params: Record<string, number>;
  se: Record<string, number>;
  rss: number;
  optimality: number;
  fits: Record<string, { params: Record<string, number>; rss: number }>;
}
interface Agreement { rss: number; params: number; params_in_se: number; se: number }
interface Fixture {
  id: string;
  model: string;
  data: string;
  time: string;
  observations: { column: string; state: string; sigma?: string }[];
  params: string[];
  n: number;
  dof: number;
  starts: Record<string, Record<string, number>>;
  acceptance: { rss: number; params: number; se: number };
  agreement: Record<string, Agreement> & { starts: Record<string, Record<string, { rss: number; params: number }>> };
  scipy: Reference;
  R: Reference;
  closed_form?: Reference;
}

const dir = new URL('../fixtures/ode/', import.meta.url);
const load = (id: string): Fixture => JSON.parse(readFileSync(new URL(`${id}.json`, dir), 'utf8')) as Fixture;

/** The fixture CSVs are plain numbers with a header: columns by name. */
function csv(file: string): Record<string, Float64Array> {
  const [head, ...rows] = readFileSync(new URL(file, dir), 'utf8').trim().split('\n');
  const names = head.split(',');
  const cells = rows.map((r) => r.split(',').map(Number));
  return Object.fromEntries(names.map((name, j) => [name, Float64Array.from(cells, (c) => c[j])]));
}

/** (AᵀA)⁻¹ of a small p×p symmetric positive definite AᵀA by Gauss–Jordan (p ≤ 6 here). */
function inverse(a: number[][]): number[][] {
  const p = a.length;
  const m = a.map((row, i) => [...row, ...Array.from({ length: p }, (_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < p; c++) {
    const pivot = m[c][c];
    for (let j = 0; j < 2 * p; j++) m[c][j] /= pivot;
    for (let r = 0; r < p; r++) {
      if (r === c) continue;
      const f = m[r][c];
      for (let j = 0; j < 2 * p; j++) m[r][j] -= f * m[c][j];
    }
  }
  return m.map((row) => row.slice(p));
}

const CASES: [string, OdeMethod, number, number][] = [
  ['lotka_volterra', 'dopri5', 1e-12, 1e-12],
  ['abc_kinetics', 'dopri5', 1e-12, 1e-12],
  ['robertson_fit', 'rodas4', 1e-10, 1e-16],
];

describe.each(CASES)('fixtures/ode/%s.json', (id, method, rtol, atol) => {
  const fx = load(id);
  const data = csv(fx.data);

  it('its model text is Fitbench statements over the CSV, with the fixture\'s parameters and observations', () => {
    const spec = parseStatements(fx.model, { columns: Object.keys(data) });
    if (!spec.ok) throw new Error(spec.error.message);
    expect(spec.value.params).toEqual(fx.params);
    expect(spec.value.observations.map((o) => ({ column: o.column, sigma: o.sigma }))).toEqual(
      fx.observations.map((o) => ({ column: o.column, sigma: o.sigma })),
    );
    expect(fx.n).toBe(fx.observations.length * data[fx.time].length);
    for (const which of ['good', 'far']) expect(Object.keys(fx.starts[which])).toEqual(fx.params);
  });

  it('integrated by src/ode at the scipy parameters: the fixture\'s RSS and SE, and a stationary point', () => {
    const spec = parseStatements(fx.model, { columns: Object.keys(data) });
    if (!spec.ok) throw new Error(spec.error.message);
    const compiled = compileOde(spec.value);
    if (!compiled.ok) throw new Error(compiled.error.message);
    const model = compiled.value;
    const p = Float64Array.from(fx.params, (name) => fx.scipy.params[name]);
    const sys = model.bind(p);
    const times = data[fx.time];
    const sol = solveOde(sys, spec.value.t0, sys.x0, times, { method, rtol, atol }, sys.sens);
    expect(sol.status).toEqual({ ok: true });
    const nt = times.length;
    const q = fx.params.length;
    const values = new Float64Array(fx.observations.length * nt);
    const jac = new Float64Array(values.length * q);
    observeSolution(model, p, sol, values, jac);
    // weighted residuals r = (g − y)/σ and J = ∂r/∂p, observation by observation
    const r: number[] = [];
    const J: number[][] = [];
    fx.observations.forEach((o, c) => {
      for (let i = 0; i < nt; i++) {
        const s = o.sigma ? data[o.sigma][i] : 1;
        r.push((values[c * nt + i] - data[o.column][i]) / s);
        J.push(Array.from(jac.subarray((c * nt + i) * q, (c * nt + i + 1) * q), (v) => v / s));
      }
    });
    const rss = r.reduce((a, v) => a + v * v, 0);
    expect(Math.abs(rss - fx.scipy.rss) / fx.scipy.rss).toBeLessThan(1e-8);
    const jtj = fx.params.map((_, a) => fx.params.map((_, b) => J.reduce((s, row) => s + row[a] * row[b], 0)));
    const jtr = fx.params.map((_, a) => J.reduce((s, row, i) => s + row[a] * r[i], 0));
    const cov = inverse(jtj);
    const s2 = rss / fx.dof;
    fx.params.forEach((name, k) => {
      const se = Math.sqrt(cov[k][k] * s2);
      expect(Math.abs(se - fx.scipy.se[name]) / fx.scipy.se[name]).toBeLessThan(1e-5);
      // the Gauss–Newton step −(JᵀJ)⁻¹Jᵀr left at the reference, in units of SE
      const step = -cov[k].reduce((s, v, j) => s + v * jtr[j], 0);
      expect(Math.abs(step) / se).toBeLessThan(1e-4);
    });
  });

  it('scipy, R (and the closed form) agree far inside the acceptance, from both starts', () => {
    const { rss, params, se } = fx.acceptance;
    expect([rss, params, se]).toEqual([1e-6, 1e-4, 1e-3]);
    const others = Object.keys(fx.agreement).filter((k) => k.endsWith('_vs_scipy'));
    expect(others).toContain('R_vs_scipy');
    if (fx.closed_form) expect(others).toContain('closed_form_vs_scipy');
    for (const k of others) {
      const a = fx.agreement[k];
      expect(a.rss).toBeLessThan(rss / 100);
      expect(a.params).toBeLessThan(params / 100);
      expect(a.se).toBeLessThan(se / 100);
    }
    for (const ref of [fx.scipy, fx.R, ...(fx.closed_form ? [fx.closed_form] : [])]) {
      expect(ref.optimality).toBeLessThan(1e-4);
      for (const which of ['good', 'far']) {
        const fit = ref.fits[which];
        expect(Math.abs(fit.rss - ref.rss) / ref.rss).toBeLessThan(rss / 100);
        for (const name of fx.params) expect(Math.abs(fit.params[name] - ref.params[name]) / Math.abs(ref.params[name])).toBeLessThan(params / 100);
      }
    }
  });
});
