/** Errors in both variables through the page's worker (issue 24): the request → the job's 'odr' kind → what the page draws. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFit } from './fit';
import { findStarts } from './autoStart';
import { loadText } from './load';
import { previewCurve } from './preview';
import { select } from './select';
import { DEFAULT_SETTINGS } from '../state/slices/settings';

const fixture = (file: string) => readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'odr', file), 'utf8');
const fits = JSON.parse(fixture('fits.json')).fits as { name: string; beta: number[]; sd_beta: number[]; sum_square: number; sum_square_delta?: number; sum_square_eps?: number; res_var: number; exact?: { beta?: number[]; sd_beta?: number[]; sum_square?: number } }[];
const ref = (name: string) => fits.find((f) => f.name === name)!;
const plot = { plotVar: 0, logX: false, buckets: 800 };
const row = (name: string, value: number | null) => ({ name, value, min: -Infinity, max: Infinity, fixed: false });

describe('errors in x on the page (worker)', () => {
  it("fits Pearson's data with York's weights to York's exact line and ODRPACK's statistics", async () => {
    loadText(fixture('york.csv'), 'york.csv');
    const mapping = { x: ['x'], y: 'y', sigma: 'sy', sigmaX: { x: 'sx' } };
    const sel = select(mapping, plot);
    if (!sel.ok) throw new Error(sel.error.message);
    // The plotted x's σ travels with the points (error_x).
    expect(sel.value.data.sigmaX?.length).toBe(10);
    const fit = await runFit({ model: 'a + b*x', mapping, parameters: [row('a', 5), row('b', -0.5)], settings: DEFAULT_SETTINGS, ...plot });
    if (!fit.ok) throw new Error(fit.error.message);
    const [a, b] = fit.value.result.parameters;
    expect(Math.abs(a.value - 5.47991)).toBeLessThan(1e-5);
    expect(Math.abs(b.value + 0.480533)).toBeLessThan(1e-6);
    const odrpack = ref('pearson-york');
    expect(a.value).toBeCloseTo(odrpack.beta[0], 6);
    expect(b.value).toBeCloseTo(odrpack.beta[1], 6);
    expect(Math.abs(a.stderr / odrpack.sd_beta[0] - 1)).toBeLessThan(1e-3);
    expect(Math.abs(b.stderr / odrpack.sd_beta[1] - 1)).toBeLessThan(1e-3);
    const odr = fit.value.odr!;
    expect(odr.kind).toBe('explicit');
    expect(odr.sumSquares).toBeCloseTo(odrpack.sum_square, 6);
    expect(odr.sumSquaresDelta).toBeCloseTo(odrpack.sum_square_delta!, 6);
    expect(odr.sumSquaresEps).toBeCloseTo(odrpack.sum_square_eps!, 6);
    expect(odr.resVar).toBeCloseTo(odrpack.res_var, 6);
    // One segment per point, from (x, y) to (x + δ, f(x + δ)).
    const p = odr.projections!;
    expect(p.count).toBe(10);
    for (let i = 0; i < 10; i++) expect(p.y[3 * i + 1]).toBeCloseTo(a.value + b.value * p.x[3 * i + 1], 10);
    expect(fit.value.curve.kind).toBe('grid');
    expect(fit.value.curve.confidence).not.toBeNull();
  });

  it('names the line of a σx ≤ 0 and keeps what was entered', async () => {
    const bad = fixture('york.csv').split('\n');
    bad[4] = bad[4].replace(/,([^,]+),([^,]+)$/, ',0,$2');
    loadText(bad.join('\n'), 'york.csv');
    const mapping = { x: ['x'], y: 'y', sigma: 'sy', sigmaX: { x: 'sx' } };
    const fit = await runFit({ model: 'a + b*x', mapping, parameters: [row('a', 5), row('b', -0.5)], settings: DEFAULT_SETTINGS, ...plot });
    expect(fit.ok).toBe(false);
    if (fit.ok) return;
    expect(fit.error.message).toMatch(/σ of "x" is 0 at line 5/);
    expect(fit.error.field).toBe('mapping');
  });

  it('fits the implicit circle to its orthogonal-distance optimum and draws its contour', async () => {
    loadText(fixture('circle.csv'), 'circle.csv');
    const mapping = { x: ['px'], y: 'py', sigma: 's', sigmaX: { px: 's' } };
    const model = '(px-a)^2 + (py-b)^2 = R^2';
    const parameters = [row('a', 0.8), row('b', -0.3), row('R', 1.8)];
    const preview = previewCurve({ model, mapping, params: Float64Array.of(0.8, -0.3, 1.8), ...plot });
    expect(preview.ok && preview.value.implicit).toBe(true);
    const fit = await runFit({ model, mapping, parameters, settings: DEFAULT_SETTINGS, ...plot });
    if (!fit.ok) throw new Error(fit.error.message);
    const exact = ref('circle').exact!;
    const values = fit.value.result.parameters.map((p) => p.value);
    values.forEach((v, i) => expect(Math.abs(v - exact.beta![i])).toBeLessThan(1e-6));
    fit.value.result.parameters.forEach((p, i) => expect(Math.abs(p.stderr / exact.sd_beta![i] - 1)).toBeLessThan(1e-3));
    expect(fit.value.odr!.sumSquares).toBeCloseTo(exact.sum_square!, 6);
    const { curve } = fit.value;
    expect(curve.implicit).toBe(true);
    const [a, b, R] = values;
    let drawn = 0;
    curve.x.forEach((x, i) => {
      if (Number.isNaN(x)) return;
      drawn++;
      expect(Math.abs(Math.hypot(x - a, curve.y[i] - b) - R)).toBeLessThan(2e-3);
    });
    expect(drawn).toBeGreaterThan(100);
  });

  it('refuses an equation without y, and a start search for an implicit model, saying why', async () => {
    loadText(fixture('circle.csv'), 'circle.csv');
    const mapping = { x: ['px'], y: 'py', sigma: 's' };
    const flat = await runFit({ model: '(px-a)^2 = R^2', mapping, parameters: [row('a', 1), row('R', 2)], settings: DEFAULT_SETTINGS, ...plot });
    expect(!flat.ok && flat.error.message).toMatch(/only the column "px"/);
    const search = await findStarts({ model: '(px-a)^2 + (py-b)^2 = R^2', mapping, parameters: [row('a', null), row('b', null), row('R', null)], settings: DEFAULT_SETTINGS });
    expect(!search.ok && search.error.message).toMatch(/give every free parameter a start value/);
  });
});
