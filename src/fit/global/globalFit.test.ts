import { describe, expect, it } from 'vitest';
import { compileModel, type CompiledModel } from '../../model/index';
import { fitGroups } from '../batch/fitGroups';
import { curveFit } from '../curveFit';
import type { GroupInput } from '../groupInput';
import { globalFit } from './globalFit';
import { rng as seededRng } from '../../../test/random';

function compiled(text: string, columns = ['x']): CompiledModel {
  const r = compileModel(text, { columns });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Seeded numbers in [−½, ½) (test/random.ts's generator, centred). */
function rng(seed: number): () => number {
  const r = seededRng(seed);
  return () => r() - 0.5;
}

const MM = 'Vm*x/(K + x)';
const CONC = Float64Array.of(0.02, 0.02, 0.06, 0.06, 0.11, 0.11, 0.22, 0.22, 0.56, 0.56, 1.1, 1.1);

function enzymeGroups(count: number, seed: number, rows = CONC): GroupInput[] {
  const rand = rng(seed);
  return Array.from({ length: count }, (_, g) => {
    const Vm = 160 + 60 * rand();
    const K = 0.06 + 0.02 * rand();
    return { key: `g${g}`, data: { vars: [rows], y: Float64Array.from(rows, (x) => (Vm * x) / (K + x) + 4 * rand()) } };
  });
}

const START = [
  { name: 'Vm', value: 150 },
  { name: 'K', value: 0.1 },
];
const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

describe('global fits', () => {
  it('with nothing shared equals the separate fits (parameters to 1e-7, costs to 1e-9, standard errors to 1e-4 relative)', async () => {
    const model = compiled(MM);
    const groups = enzymeGroups(5, 1);
    const global = await globalFit({ model, groups, parameters: START, shared: [] });
    const separate = await fitGroups({ model, groups, parameters: START });
    expect(global.success).toBe(true);
    expect(global.freeParameters).toBe(10);
    global.rows.forEach((row, g) => {
      const sep = separate.rows[g];
      row.params.forEach((v, i) => expect(rel(v, sep.params[i])).toBeLessThan(1e-7));
      expect(rel(row.cost, sep.cost)).toBeLessThan(1e-9);
      // Standard errors differ by design: the joint fit pools the residual variance over groups
      // (2·Σcost/(N − n)); rescaled to the group's own variance they must agree.
      const pooled = (2 * global.cost) / (global.points - global.freeParameters);
      const own = (2 * sep.cost) / (sep.rows - 2);
      row.stderr.forEach((v, i) => expect(rel(v * Math.sqrt(own / pooled), sep.stderr[i])).toBeLessThan(1e-4));
    });
    expect(rel(global.cost, separate.rows.reduce((t, r) => t + r.cost, 0))).toBeLessThan(1e-9);
  });

  it('with everything shared equals the pooled fit of all rows', async () => {
    const model = compiled(MM);
    const groups = enzymeGroups(4, 2);
    const global = await globalFit({ model, groups, parameters: START, shared: ['Vm', 'K'] });
    const pooled = await curveFit({
      model,
      data: { vars: [Float64Array.from(groups.flatMap((g) => [...g.data.vars[0]]))], y: Float64Array.from(groups.flatMap((g) => [...g.data.y])) },
      parameters: START,
    });
    expect(global.success).toBe(true);
    expect(global.local).toEqual([]);
    pooled.parameters.forEach((p, i) => {
      for (const row of global.rows) {
        expect(rel(row.params[i], p.value)).toBeLessThan(1e-8);
        expect(rel(row.stderr[i], p.stderr)).toBeLessThan(1e-6);
        expect(rel(row.ciUpper[i], p.ciUpper)).toBeLessThan(1e-8);
      }
    });
    expect(rel(global.cost, pooled.cost)).toBeLessThan(1e-10);
  });

  it('shares K and keeps Vm per group; bounds and fixed parameters hold', async () => {
    const model = compiled('Vm*x/(K + x) + c');
    const groups = enzymeGroups(3, 4);
    const parameters = [
      { name: 'Vm', value: 150, max: 185 },
      { name: 'K', value: 0.1, min: 0.01 },
      { name: 'c', value: 0, fixed: true },
    ];
    const global = await globalFit({ model, groups, parameters, shared: ['K'] });
    expect(global.shared).toEqual(['K']);
    expect(global.local).toEqual(['Vm']);
    const K = global.rows[0].params[1];
    for (const row of global.rows) {
      expect(row.params[1]).toBe(K);
      expect(row.params[0]).toBeLessThanOrEqual(185);
      expect(row.params[2]).toBe(0);
      expect(Number.isNaN(row.stderr[2])).toBe(true);
    }
    expect(global.rows.some((r) => r.params[0] > 184.99)).toBe(true);
  });

  it('reports groups with missing rows, one row or none, and fits the rest (never throws)', async () => {
    const model = compiled(MM);
    const groups = enzymeGroups(4, 6);
    groups[1].data.y[3] = NaN;
    groups.push({ key: 'one', data: { vars: [Float64Array.of(0.5)], y: Float64Array.of(100) } });
    groups.push({ key: 'none', data: { vars: [new Float64Array(0)], y: new Float64Array(0) } });
    groups.push({ key: 'shape', data: { vars: [Float64Array.of(1, 2)], y: Float64Array.of(1) } });
    const global = await globalFit({ model, groups, parameters: START, shared: ['K'] });
    const byKey = new Map(global.rows.map((r) => [r.key, r]));
    expect(global.success).toBe(true);
    expect(byKey.get('g1')).toMatchObject({ included: true, rows: 11, skippedRows: 1 });
    // One row still determines one local (Vm) once K is shared: it takes part.
    expect(byKey.get('one')).toMatchObject({ included: true, rows: 1 });
    expect(byKey.get('none')).toMatchObject({ included: false, code: 'too-few-rows' });
    expect(byKey.get('shape')).toMatchObject({ included: false, code: 'shape' });
    expect(global.warnings.join(' ')).toMatch(/2 groups were left out/);
  });

  it('fits 10 000 groups with a shared K (10 001 parameters, no dense matrix)', async () => {
    const model = compiled(MM);
    const x = Float64Array.of(0.02, 0.06, 0.11, 0.22, 0.56, 1.1);
    const rand = rng(10);
    const groups: GroupInput[] = Array.from({ length: 10_000 }, (_, g) => {
      const Vm = 100 + 100 * (rand() + 0.5);
      return { key: String(g), data: { vars: [x], y: Float64Array.from(x, (v) => (Vm * v) / (0.07 + v) + rand()) } };
    });
    const global = await globalFit({ model, groups, parameters: [{ name: 'Vm', value: 150 }, { name: 'K', value: 0.1 }], shared: ['K'] });
    expect(global.success).toBe(true);
    expect(global.freeParameters).toBe(10_001);
    expect(Math.abs(global.rows[0].params[1] - 0.07)).toBeLessThan(0.002);
    expect(global.rows.every((r) => Number.isFinite(r.stderr[0]) && r.stderr[0] > 0)).toBe(true);
  });
});
