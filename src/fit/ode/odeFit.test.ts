import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileOde } from '../../model/odeCompile';
import { parseStatements } from '../../model/statements';
import { odeFit } from './odeFit';
import type { OdeFitData } from './observations';

/** scipy's solve_ivp (DOP853, rtol 1e-12) + least_squares fit of the rows (fixtures/ode/make_lv_fit.py). */
const REF = JSON.parse(readFileSync('fixtures/ode/lv_fit_scipy.json', 'utf8')) as {
  model: string; names: string[]; start: number[]; params: number[]; stderr: number[]; rss: number; r2: Record<string, number>; m: number;
};

function csv(path: string): Record<string, Float64Array> {
  const [head, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
  const names = head.split(',');
  const rows = lines.map((l) => l.split(',').map(Number));
  return Object.fromEntries(names.map((n, j) => [n, Float64Array.from(rows, (r) => r[j])]));
}

function compiled(source: string) {
  const spec = parseStatements(source);
  if (!spec.ok) throw new Error(spec.error.message);
  const c = compileOde(spec.value);
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

const LV = csv('fixtures/ode/lv_fit.csv');
const lvData: OdeFitData = { observed: [{ column: 'Hare', time: LV.t, y: LV.Hare, sigma: null }, { column: 'Lynx', time: LV.t, y: LV.Lynx, sigma: null }] };
const starts = REF.names.map((name, i) => ({ name, value: REF.start[i] }));

describe('odeFit', () => {
  it('reaches scipy\'s Lotka–Volterra minimum from unsorted rows: RSS, parameters, standard errors, R² per response', async () => {
    const model = compiled(REF.model);
    expect(model.spec.params).toEqual(REF.names);
    const { result, ode } = await odeFit({ model, data: lvData, parameters: starts });
    expect(result.success).toBe(true);
    expect(result.stats.points).toBe(REF.m);
    expect(Math.abs(result.stats.rss - REF.rss) / REF.rss).toBeLessThan(1e-6);
    result.parameters.forEach((p, i) => {
      expect(p.name).toBe(REF.names[i]);
      expect(Math.abs(p.value - REF.params[i]) / Math.abs(REF.params[i])).toBeLessThan(1e-4);
      expect(Math.abs(p.stderr - REF.stderr[i]) / REF.stderr[i]).toBeLessThan(1e-3);
    });
    expect(ode.responses.map((r) => r.column)).toEqual(['Hare', 'Lynx']);
    for (const r of ode.responses) expect(r.r2).toBeCloseTo(REF.r2[r.column], 6);
    expect(ode.times).toBe(21);
    expect(ode.failures).toBe(0);
  });

  it('fits replicate times as separate rows: duplicating every row leaves the estimates and doubles the points', async () => {
    const model = compiled(REF.model);
    const twice = (a: Float64Array) => Float64Array.from([...a, ...a]);
    const data: OdeFitData = { observed: lvData.observed.map((o) => ({ ...o, time: twice(o.time), y: twice(o.y) })) };
    const { result, ode } = await odeFit({ model, data, parameters: starts });
    expect(ode.times).toBe(21);
    expect(result.stats.points).toBe(2 * REF.m);
    expect(Math.abs(result.stats.rss - 2 * REF.rss) / REF.rss).toBeLessThan(1e-6);
    result.parameters.forEach((p, i) => expect(Math.abs(p.value - REF.params[i]) / Math.abs(REF.params[i])).toBeLessThan(1e-4));
  });

  it('weights each residual by 1/σ of its own σ column: σ = 2 everywhere scales χ² by 1/4 and keeps the estimates', async () => {
    const model = compiled(REF.model.replace('Hare ~ H', 'Hare ~ H | sH').replace('Lynx ~ L', 'Lynx ~ L | sL'));
    const two = new Float64Array(LV.t.length).fill(2);
    const data: OdeFitData = { observed: lvData.observed.map((o) => ({ ...o, sigma: two })) };
    const { result } = await odeFit({ model, data, parameters: starts });
    expect(Math.abs(result.stats.chi2 - REF.rss / 4) / REF.rss).toBeLessThan(1e-6);
    expect(result.weighting).toBe('weighted by 1/σ² from the σ column');
    result.parameters.forEach((p, i) => expect(Math.abs(p.stderr - REF.stderr[i]) / REF.stderr[i]).toBeLessThan(1e-3));
  });

  it('honours bounds: with alpha ≤ 0.53 (its minimum is 0.5408) the fit stops at the bound, at the minimum of the fit with alpha fixed there', async () => {
    const model = compiled(REF.model);
    const bounded = await odeFit({ model, data: lvData, parameters: starts.map((p) => (p.name === 'alpha' ? { ...p, value: 0.52, max: 0.53 } : p)) });
    const fixed = await odeFit({ model, data: lvData, parameters: starts.map((p) => (p.name === 'alpha' ? { ...p, value: 0.53, fixed: true } : p)) });
    const alpha = bounded.result.parameters[0];
    expect(alpha.value).toBeCloseTo(0.53, 10);
    expect(alpha.atBound).toBe(1);
    expect(Math.abs(bounded.result.stats.rss - fixed.result.stats.rss) / fixed.result.stats.rss).toBeLessThan(1e-8);
    bounded.result.parameters.slice(1).forEach((p, i) => expect(Math.abs(p.value - fixed.result.parameters[i + 1].value) / Math.abs(p.value)).toBeLessThan(1e-6));
    expect(fixed.result.stats.rss).toBeGreaterThan(REF.rss);
  });

  it('names the time and the state when the integration fails at the start values', async () => {
    // dX/dt = X² from X(0) = 1 blows up at t = 1/X0 = 1, before the data at t = 2.
    const model = compiled('dX/dt = k*X^2; X(0) = X0; y ~ X');
    const data: OdeFitData = { observed: [{ column: 'y', time: Float64Array.from([0.5, 2, 3]), y: Float64Array.from([2, 1, 1]), sigma: null }] };
    const error = await odeFit({ model, data, parameters: [{ name: 'k', value: 1 }, { name: 'X0', value: 1 }] }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/integration failed at the start values .*t = 0\.99\d*, state X/);
  });
});
