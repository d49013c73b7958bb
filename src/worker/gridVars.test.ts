/**
 * A model variable constant over the rows shown (issue 13: a dose per subject) is held at its
 * value and the model drawn as a smooth curve on the grid of the plotted variable, with bands;
 * when it varies, the model is drawn at the data points. The grid curve and its bands equal those
 * of the model written with the constant in place of the variable (an independent compilation).
 */
import { describe, expect, it } from 'vitest';
import type { FitData } from '../data/selectColumns';
import { curveFit } from '../fit/curveFit';
import { compileModel } from '../model';
import { fitBands } from '../plot/bands';
import { evaluateCurve } from './curve';
import { constantValue, heldVariables } from '../plot/gridVars';

const t = Float64Array.from({ length: 24 }, (_, i) => i * 0.5);
const y = Float64Array.from(t, (v, i) => 2.5 * 3 * Math.exp(-0.4 * v) + 0.05 * Math.sin(3 * i));

function data(dose: Float64Array): FitData {
  return { names: { x: ['t', 'dose'], y: 'y', sigma: null }, vars: [t, dose], varsLo: [null, null], y, yLo: null, sigma: null, rows: y.length, lines: Int32Array.from(y, (_, i) => i + 2), dropped: [], droppedCount: 0 };
}

function compiled(text: string, columns: string[]) {
  const c = compileModel(text, { columns });
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

describe('a variable held at its one value', () => {
  it('gives a grid curve and bands equal to the model with the constant written in', async () => {
    const model = compiled('dose*A*exp(-k*t)', ['t', 'dose']);
    const d = data(new Float64Array(t.length).fill(2.5));
    expect(model.variables).toEqual(['t', 'dose']);
    expect(heldVariables(model, d, 0)).toEqual([null, 2.5]);
    const r = await curveFit({ model, data: { vars: [t, d.vars[1]], y }, parameters: [{ name: 'A', value: 1 }, { name: 'k', value: 0.1 }] });
    const params = Float64Array.from(model.params, (name) => r.parameters.find((p) => p.name === name)!.value);
    const drawn = evaluateCurve(model, d, params, { plotVar: 0, logX: false, buckets: 800 });
    expect(drawn.curve.kind).toBe('grid');
    const written = compiled('2.5*A*exp(-k*t)', ['t']);
    const grid = drawn.grid!;
    const expected = new Float64Array(grid.length);
    written.kernels().evaluate(Float64Array.from(written.params, (name) => r.parameters.find((p) => p.name === name)!.value), [grid], expected, 0, grid.length);
    expect(Array.from(drawn.curve.y)).toEqual(Array.from(expected));
    const held = fitBands(model, r, grid, d, false, t, [grid, new Float64Array(grid.length).fill(2.5)])!;
    const plain = fitBands(written, r, grid, d, false, t)!;
    expect(Array.from(held.confidence.upper)).toEqual(Array.from(plain.confidence.upper));
  });

  it('draws at the data points when the other variable varies, or is not finite', () => {
    const model = compiled('dose*A*exp(-k*t)', ['t', 'dose']);
    const varying = data(Float64Array.from(t, (_, i) => 1 + (i % 2)));
    expect(heldVariables(model, varying, 0)).toBeNull();
    expect(evaluateCurve(model, varying, Float64Array.of(1, 0.3), { plotVar: 0, logX: false, buckets: 800 }).curve.kind).toBe('points');
    expect(constantValue(Float64Array.of(NaN, NaN))).toBeNull();
    expect(constantValue(Float64Array.of(4, 4, 4))).toBe(4);
    expect(constantValue(new Float64Array(0))).toBeNull();
  });
});
