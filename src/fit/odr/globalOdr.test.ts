/**
 * Global fits with errors in x (globalOdrFit.ts) against ODRPACK: scipy.odr on the stacked model
 * with the group index an exact second x column (fixtures/odr/make_global.py): parameters to 1e-6,
 * standard errors to 1e-3, the sum of squares and its δ/ε split to 1e-6. With σx → 0 the fit is
 * the ordinary weighted global fit (fit/global); a σx of 0 names its row and its group.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../../model/index';
import { globalFit } from '../global/globalFit';
import type { ParameterSpec } from '../parameters';
import { globalOdrFit, type GlobalOdrGroup } from './index';

interface Fixture {
  name: string;
  model: string;
  names: string[];
  shared: string[];
  local: string[];
  groups: { key: string; x: number[]; y: number[]; sx: number[]; sy: number[]; sum_square_delta: number; sum_square_eps: number }[];
  beta0: number[];
  beta: number[];
  sd_beta: number[];
  cov_beta: number[][];
  res_var: number;
  sum_square: number;
  sum_square_delta: number;
  sum_square_eps: number;
}

const fits: Fixture[] = JSON.parse(readFileSync(new URL('../../../fixtures/odr/global.json', import.meta.url), 'utf8')).fits;
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);
const f64 = (a: number[]) => Float64Array.from(a);

function setup(f: Fixture, sxScale = 1) {
  const m = compileModel(f.model, { columns: ['x'] });
  if (!m.ok) throw new Error(m.error.message);
  const groups: GlobalOdrGroup[] = f.groups.map((g) => ({ key: g.key, data: { vars: [f64(g.x)], y: f64(g.y), sigmaY: f64(g.sy), sigmaX: [f64(g.sx).map((v) => v * sxScale)], lines: null } }));
  // The fixture's β₀: shared first, then group 0's locals (the start of every group).
  const start = new Map<string, number>(f.shared.map((n, i) => [n, f.beta0[i]]));
  f.local.forEach((n, j) => start.set(n, f.beta0[f.shared.length + j]));
  const parameters: ParameterSpec[] = f.names.map((name) => ({ name, value: start.get(name)! }));
  return { model: m.value, groups, parameters, shared: f.shared };
}

describe('global fits with errors in x', () => {
  for (const f of fits) {
    it(`${f.name}: scipy.odr's stacked fit (β 1e-6, sd_beta 1e-3, sums of squares 1e-6)`, async () => {
      const r = await globalOdrFit(setup(f));
      expect(r.odr.success).toBe(true);
      expect(r.odr.names).toEqual([...f.shared, ...f.groups.flatMap((g) => f.local.map((n) => `${n}[${g.key}]`))]);
      f.beta.forEach((b, a) => expect(rel(r.odr.beta[a], b)).toBeLessThan(1e-6));
      f.sd_beta.forEach((s, a) => expect(rel(r.odr.sdBeta[a], s)).toBeLessThan(1e-3));
      const P = f.beta.length;
      for (let a = 0; a < P; a++) expect(rel(r.odr.covBeta[a * P + a], f.cov_beta[a][a])).toBeLessThan(1e-3);
      expect(rel(r.odr.sumSquares, f.sum_square)).toBeLessThan(1e-6);
      expect(rel(r.odr.sumSquaresDelta, f.sum_square_delta)).toBeLessThan(1e-6);
      expect(rel(r.odr.sumSquaresEps, f.sum_square_eps)).toBeLessThan(1e-6);
      expect(rel(r.odr.resVar, f.res_var)).toBeLessThan(1e-6);
      // Each group's row: the shared values and its own locals, stderr from sd_beta, its split.
      const names = f.names;
      f.groups.forEach((g, k) => {
        const row = r.global.rows[k];
        expect(row.included).toBe(true);
        f.shared.forEach((n, i) => expect(row.params[names.indexOf(n)]).toBe(r.odr.beta[i]));
        f.local.forEach((n, j) => {
          const a = f.shared.length + k * f.local.length + j;
          expect(rel(row.params[names.indexOf(n)], f.beta[a])).toBeLessThan(1e-6);
          expect(rel(row.stderr[names.indexOf(n)], f.sd_beta[a])).toBeLessThan(1e-3);
        });
        expect(rel(r.splits[k]!.delta, g.sum_square_delta)).toBeLessThan(1e-5);
        expect(rel(r.splits[k]!.eps, g.sum_square_eps)).toBeLessThan(1e-5);
        expect(row.chi2).toBeCloseTo(r.splits[k]!.delta + r.splits[k]!.eps, 12);
      });
      expect(r.global.chi2).toBe(r.odr.sumSquares);
    });
  }

  it('with σx → 0 is the ordinary weighted global fit (to 1e-9)', async () => {
    const f = fits[0];
    const s = setup(f, 1e-9);
    const tight = { ftol: 1e-14, xtol: 1e-14, gtol: 1e-14 };
    const odr = await globalOdrFit({ ...s, options: tight });
    const ordinary = await globalFit({ model: s.model, groups: s.groups.map((g) => ({ key: g.key, data: { vars: [...g.data.vars], y: g.data.y, sigma: g.data.sigmaY } })), parameters: s.parameters, shared: s.shared, options: tight });
    odr.global.rows.forEach((row, k) => {
      const o = ordinary.rows[k];
      row.params.forEach((v, i) => expect(rel(v, o.params[i])).toBeLessThan(1e-9));
      row.stderr.forEach((v, i) => expect(rel(v, o.stderr[i])).toBeLessThan(1e-6));
    });
    expect(rel(odr.odr.sumSquares, ordinary.chi2)).toBeLessThan(1e-9);
  });

  it('names the row and the group of a σx that is not positive', async () => {
    const s = setup(fits[1]);
    const sx = Float64Array.from(s.groups[2].data.sigmaX[0]!);
    sx[3] = 0;
    const groups = s.groups.map((g, k) => (k === 2 ? { ...g, data: { ...g.data, sigmaX: [sx], lines: Float64Array.from(sx, (_, i) => 40 + i) } } : g));
    await expect(globalOdrFit({ ...s, groups })).rejects.toThrow(/^Group "g3": σ of "x" is 0 at line 43/);
  });

  it('refuses a problem too large for its dense β block before fitting', async () => {
    const s = setup(fits[1]);
    const one = s.groups[0];
    const groups = Array.from({ length: 1100 }, (_, k) => ({ ...one, key: `g${k}` }));
    await expect(globalOdrFit({ ...s, groups })).rejects.toMatchObject({ code: 'odr-global-size' });
  });

  it("leaves out the group the ordinary global fit leaves out, with its reason, and fits the others as without it", async () => {
    const f = fits[1];
    const s = setup(f);
    const empty = { key: 'none', data: { vars: [new Float64Array(0)], y: new Float64Array(0), sigmaY: new Float64Array(0), sigmaX: [new Float64Array(0)], lines: null } };
    const r = await globalOdrFit({ ...s, groups: [...s.groups.slice(0, 2), empty, ...s.groups.slice(2)] });
    expect(r.global.rows.map((row) => row.included)).toEqual([true, true, false, true, true]);
    expect(r.global.rows[2].code).toBe('too-few-rows');
    expect(r.splits[2]).toBeNull();
    f.beta.forEach((b, a) => expect(rel(r.odr.beta[a], b)).toBeLessThan(1e-6));
    expect(r.global.warnings.some((w) => /left out/.test(w))).toBe(true);
  });
});
