/**
 * Errors in both variables against ODRPACK (scipy.odr, fixtures/odr/make_fits.py) and exact
 * answers: York's line through Pearson's data, and a circle's orthogonal-distance fit.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileEquation, compileModel, type CompiledModel } from '../../model/index';
import { curveFit } from '../curveFit';
import { odrFit } from './index';

interface Fixture {
  name: string;
  model: string;
  kind: 'explicit' | 'implicit';
  x: number[];
  y: number[];
  sx: number[];
  sy: number[];
  beta0: number[];
  beta: number[];
  sd_beta: number[];
  sum_square: number;
  sum_square_delta?: number;
  sum_square_eps?: number;
  delta: number[] | number[][];
  eps?: number[];
  exact?: { a?: number; b?: number; beta?: number[]; sd_beta?: number[]; sum_square?: number };
}

const fits: Fixture[] = JSON.parse(readFileSync(new URL('../../../fixtures/odr/fits.json', import.meta.url), 'utf8')).fits;
const fixture = (name: string) => fits.find((f) => f.name === name)!;
const f64 = (a: number[]) => Float64Array.from(a);

function compiled(f: Fixture): CompiledModel {
  const r = f.kind === 'implicit' ? compileEquation(f.model, { columns: ['x', 'y'] }) : compileModel(f.model, { columns: ['x'] });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function fit(f: Fixture, sx = f64(f.sx)) {
  const model = compiled(f);
  const implicit = f.kind === 'implicit';
  return odrFit({
    model,
    implicit,
    vars: implicit ? [f64(f.x), f64(f.y)] : [f64(f.x)],
    y: f64(f.y),
    sigmaY: f64(f.sy),
    sigmaX: implicit ? [sx, f64(f.sy)] : [sx],
    parameters: model.params.map((name, i) => ({ name, value: f.beta0[i] })),
  });
}

/** Every entry of `got` within `tol` of `want`, relative. */
function expectClose(got: ArrayLike<number>, want: ArrayLike<number>, tol: number): void {
  expect(got.length).toBe(want.length);
  for (let i = 0; i < want.length; i++) expect(Math.abs(got[i] - want[i])).toBeLessThanOrEqual(tol * Math.abs(want[i]));
}

describe('explicit ODR against ODRPACK', () => {
  for (const name of ['line', 'pearson-york', 'exponential']) {
    it(`${name}: β to 1e-6, sd_beta to 1e-3, the sums of squares to 1e-6`, async () => {
      const f = fixture(name);
      const r = await fit(f);
      expect(r.success).toBe(true);
      expectClose(r.beta, f.beta, 1e-6);
      expectClose(r.sdBeta, f.sd_beta, 1e-3);
      expectClose([r.sumSquares, r.sumSquaresDelta, r.sumSquaresEps], [f.sum_square, f.sum_square_delta!, f.sum_square_eps!], 1e-6);
      expect(r.cost).toBeCloseTo(r.sumSquares / 2, 12);
      expect(r.resVar).toBeCloseTo(f.sum_square / (f.x.length - f.beta.length), 9);
      // δ and ε per row as ODRPACK reports them (ε = f(x + δ) − y).
      const scale = Math.max(...(f.delta as number[]).map(Math.abs));
      (f.delta as number[]).forEach((d, i) => expect(Math.abs(r.delta[i] - d)).toBeLessThan(1e-6 * scale));
      const escale = Math.max(...f.eps!.map(Math.abs));
      f.eps!.forEach((e, i) => expect(Math.abs(r.eps[i] - e)).toBeLessThan(1e-6 * escale));
    });
  }

  it('two x columns, both with errors (two δ per row): β to 1e-6, sd_beta to 1e-3, the sums of squares to 1e-6', async () => {
    const f = fits.find((q) => q.name === 'two-columns') as unknown as Fixture & { x1: number[]; x2: number[]; s1: number[]; s2: number[] };
    const m = compileModel(f.model, { columns: ['x1', 'x2'] });
    if (!m.ok) throw new Error(m.error.message);
    const r = await odrFit({
      model: m.value,
      vars: [f64(f.x1), f64(f.x2)],
      y: f64(f.y),
      sigmaY: f64(f.sy),
      sigmaX: [f64(f.s1), f64(f.s2)],
      parameters: m.value.params.map((name, i) => ({ name, value: f.beta0[i] })),
    });
    expectClose(r.beta, f.beta, 1e-6);
    expectClose(r.sdBeta, f.sd_beta, 1e-3);
    expectClose([r.sumSquares, r.sumSquaresDelta, r.sumSquaresEps], [f.sum_square, f.sum_square_delta!, f.sum_square_eps!], 1e-6);
    expect(r.observed).toEqual(['x1', 'x2']);
    const d = f.delta as number[][];
    const scale = Math.max(...d.flat().map(Math.abs));
    d.forEach((row, i) => row.forEach((v, j) => expect(Math.abs(r.delta[2 * i + j] - v)).toBeLessThan(1e-6 * scale)));
  });

  it("Pearson's data with York's weights: York's exact a = 5.47991, b = −0.480533", async () => {
    const r = await fit(fixture('pearson-york'));
    expect(Math.abs(r.beta[0] - 5.47991)).toBeLessThan(1e-6);
    expect(Math.abs(r.beta[1] + 0.480533)).toBeLessThan(1e-6);
  });

  it('a bound on β holds: b at its bound is the fit with b fixed there', async () => {
    const f = fixture('pearson-york');
    const model = compiled(f);
    const common = { model, vars: [f64(f.x)], y: f64(f.y), sigmaY: f64(f.sy), sigmaX: [f64(f.sx)] };
    const bounded = await odrFit({ ...common, parameters: [{ name: 'a', value: 5 }, { name: 'b', value: -0.3, min: -0.4, max: 0 }] });
    const fixed = await odrFit({ ...common, parameters: [{ name: 'a', value: 5 }, { name: 'b', value: -0.4, fixed: true }] });
    expect(bounded.beta[1]).toBeCloseTo(-0.4, 10);
    expect(Array.from(bounded.atBound)).toEqual([0, -1]);
    expect(Math.abs(bounded.beta[0] - fixed.beta[0])).toBeLessThan(1e-8);
    expect(Math.abs(bounded.sumSquares - fixed.sumSquares)).toBeLessThan(1e-8 * fixed.sumSquares);
  });

  it('with σx → 0 it is the ordinary weighted least-squares fit, to 1e-9', async () => {
    const f = fixture('exponential');
    const sy = f64(f.sy);
    const r = await fit(f, sy.map((s) => 1e-10 * s));
    const model = compiled(f);
    const ls = await curveFit({ model, data: { vars: [f64(f.x)], y: f64(f.y), sigma: sy }, parameters: model.params.map((name, i) => ({ name, value: f.beta0[i] })) });
    expectClose(r.beta, ls.parameters.map((q) => q.value), 1e-9);
    expectClose(r.sdBeta, ls.parameters.map((q) => q.stderr), 1e-9);
    expect(Math.abs(r.cost - ls.cost)).toBeLessThan(1e-9 * ls.cost);
  });
});

describe('implicit models', () => {
  it('a circle with equal σ: the exact orthogonal-distance fit to 1e-6 (ODRPACK’s penalty stops ~1e-4 short)', async () => {
    const f = fixture('circle');
    const r = await fit(f);
    expect(r.kind).toBe('implicit');
    expect(r.constraintViolation!).toBeLessThan(1e-9);
    expectClose(r.beta, f.exact!.beta!, 1e-6);
    expectClose(r.sdBeta, f.exact!.sd_beta!, 1e-3);
    expectClose([r.sumSquares], [f.exact!.sum_square!], 1e-6);
    expectClose(r.beta, f.beta, 1e-3);
  });

  it('an ellipse with unequal σ: the exact weighted-distance fit to 1e-6, and ODRPACK (fit_type=1) to 1e-6 in β, 1e-3 in sd_beta', async () => {
    const f = fixture('ellipse');
    const r = await fit(f);
    expectClose(r.beta, f.exact!.beta!, 1e-6);
    expectClose(r.sdBeta, f.exact!.sd_beta!, 1e-3);
    expectClose([r.sumSquares], [f.exact!.sum_square!], 1e-6);
    expectClose(r.beta, f.beta, 1e-6);
    expectClose(r.sdBeta, f.sd_beta, 1e-3);
    // ODRPACK's sum_square keeps a remnant of its penalty: the constrained optimum's is below it.
    expect(r.sumSquares).toBeLessThanOrEqual(f.sum_square);
  });

  it('refuses an equation that does not depend on a column, saying which', async () => {
    const eq = compileEquation('x^2 + y - y = R^2', { columns: ['x', 'y'] });
    if (!eq.ok) throw new Error(eq.error.message);
    const x = f64([1, 2, 3, 4]);
    await expect(odrFit({ model: eq.value, implicit: true, vars: eq.value.variables.map(() => x), sigmaX: [null, null], parameters: [{ name: 'R', value: 1 }] })).rejects.toThrow(/does not depend on "y"|only the column "x"/);
  });
});

describe('bad input', () => {
  it('σx ≤ 0 or not finite names the row', async () => {
    const f = fixture('line');
    const sx = f64(f.sx);
    sx[4] = 0;
    await expect(fit(f, sx)).rejects.toThrow(/σ of "x" is 0 at row 5/);
    sx[4] = NaN;
    await expect(fit(f, sx)).rejects.toThrow(/σ of "x" is not a finite number at row 5/);
  });
});
