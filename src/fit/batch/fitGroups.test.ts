import { describe, expect, it } from 'vitest';
import { doseResponse4PL } from '../../library/models/doseResponse';
import { compileModel, type CompiledModel } from '../../model/index';
import { curveFit } from '../curveFit';
import type { GroupInput } from '../groupInput';
import { fitGroups } from './fitGroups';
import { openGroup } from './openGroup';
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

const PL4 = doseResponse4PL.expression;
const X = Float64Array.from({ length: 12 }, (_, i) => 0.01 * 10 ** (i / 3));

function plateGroups(count: number, seed: number): GroupInput[] {
  const rand = rng(seed);
  return Array.from({ length: count }, (_, g) => {
    const [b, t, e, h] = [1 + rand(), 10 + 2 * rand(), 1 + 0.8 * rand(), 1.2 + 0.5 * rand()];
    const y = Float64Array.from(X, (x) => b + ((t - b) * x ** h) / (e ** h + x ** h) + 0.2 * rand());
    return { key: `well ${g}`, data: { vars: [X], y } };
  });
}

const START = [
  { name: 'bottom', value: 0.8 },
  { name: 'top', value: 9 },
  { name: 'EC50', value: 1.3 },
  { name: 'hill', value: 1 },
];

const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

describe('per-group batch fits', () => {
  it('gives each group the parameters and standard errors of its own curve_fit (unbounded: the small-problem path)', async () => {
    const model = compiled(PL4);
    const groups = plateGroups(12, 3);
    const batch = await fitGroups({ model, groups, parameters: START });
    expect(batch.rows.map((r) => r.key)).toEqual(groups.map((g) => g.key));
    expect(batch.failed).toBe(0);
    for (const [g, row] of batch.rows.entries()) {
      const single = await curveFit({ model, data: groups[g].data, parameters: START });
      expect(row.success).toBe(true);
      single.parameters.forEach((p, i) => {
        expect(rel(row.params[i], p.value)).toBeLessThan(1e-7);
        expect(rel(row.stderr[i], p.stderr)).toBeLessThan(1e-6);
      });
      expect(rel(row.cost, single.cost)).toBeLessThan(1e-10);
      expect(rel(row.redchi2, single.stats.redchi2)).toBeLessThan(1e-10);
      expect(rel(row.r2, single.stats.r2)).toBeLessThan(1e-12);
    }
  });

  it('takes the general TRF with bounds and agrees with curve_fit there too', async () => {
    const model = compiled(PL4);
    const groups = plateGroups(4, 8);
    const parameters = START.map((p) => (p.name === 'hill' ? { ...p, min: 0.2, max: 1.3 } : p));
    const batch = await fitGroups({ model, groups, parameters });
    for (const [g, row] of batch.rows.entries()) {
      const single = await curveFit({ model, data: groups[g].data, parameters });
      single.parameters.forEach((p, i) => expect(rel(row.params[i], p.value)).toBeLessThan(1e-7));
      expect(row.params[batch.names.indexOf('hill')]).toBeLessThanOrEqual(1.3);
    }
  });

  it('reports groups that cannot be fitted in their rows and fits the others (never throws)', async () => {
    const model = compiled('Vm*x/(K + x)');
    const rand = rng(11);
    const good = (key: string, m: number): GroupInput => {
      const x = Float64Array.from({ length: m }, (_, i) => 0.05 * 2 ** i);
      return { key, data: { vars: [x], y: Float64Array.from(x, (v) => (200 * v) / (0.1 + v) + rand()) } };
    };
    const missing = good('missing', 8);
    missing.data.y[2] = NaN;
    (missing.data.vars[0] as Float64Array)[5] = Infinity;
    const groups: GroupInput[] = [
      good('a', 10),
      { key: 'one row', data: { vars: [Float64Array.of(1)], y: Float64Array.of(2) } },
      { key: 'empty', data: { vars: [new Float64Array(0)], y: new Float64Array(0) } },
      missing,
      { key: 'all missing', data: { vars: [Float64Array.of(NaN, NaN, NaN)], y: Float64Array.of(1, 2, 3) } },
      { key: 'bad shape', data: { vars: [Float64Array.of(1, 2)], y: Float64Array.of(1, 2, 3) } },
      { key: 'no columns', data: { vars: [], y: Float64Array.of(1, 2, 3) } },
      { key: 'overflow', data: { vars: [Float64Array.of(1e308, 2e308, 3)], y: Float64Array.of(1, 2, 3) } },
      good('b', 6),
    ];
    const parameters = [
      { name: 'Vm', value: 150 },
      { name: 'K', value: 0.2 },
    ];
    const batch = await fitGroups({ model, groups, parameters });
    const byKey = new Map(batch.rows.map((r) => [r.key, r]));
    expect(batch.rows).toHaveLength(groups.length);
    expect(byKey.get('a')?.success).toBe(true);
    expect(byKey.get('b')?.success).toBe(true);
    expect(byKey.get('one row')).toMatchObject({ success: false, code: 'too-few-rows', rows: 1 });
    expect(byKey.get('one row')?.message).toMatch(/1 usable row for 2 free parameters/);
    expect(byKey.get('empty')).toMatchObject({ success: false, code: 'too-few-rows', rows: 0 });
    expect(byKey.get('missing')).toMatchObject({ success: true, rows: 6, skippedRows: 2 });
    expect(byKey.get('missing')?.message).toMatch(/2 rows with missing values skipped/);
    expect(byKey.get('all missing')).toMatchObject({ success: false, code: 'too-few-rows', rows: 0, skippedRows: 3 });
    expect(byKey.get('bad shape')).toMatchObject({ success: false, code: 'shape' });
    expect(byKey.get('no columns')).toMatchObject({ success: false, code: 'variables' });
    // 2e308 is Infinity: skipped; 1e308 with K + x finite → residuals finite; either way a row, not a throw.
    expect(byKey.get('overflow')?.key).toBe('overflow');
    expect(batch.failed).toBe(batch.rows.filter((r) => !r.success).length);
    expect(Number.isNaN(byKey.get('empty')?.params[0])).toBe(true);
  });

  it('guesses each group\'s start values with a library model and converges from them', async () => {
    const model = compiled(PL4);
    const groups = plateGroups(6, 21);
    const guess = (x: Float64Array, y: Float64Array) => doseResponse4PL.guess(x, y);
    const batch = await fitGroups({ model, groups, parameters: [], guess });
    expect(batch.failed).toBe(0);
    for (const [g, row] of batch.rows.entries()) {
      const single = await curveFit({ model, data: groups[g].data, parameters: START });
      expect(rel(row.cost, single.cost)).toBeLessThan(1e-8);
      expect(row.start).not.toEqual(batch.rows[(g + 1) % groups.length].start);
    }
  });

  it('streams progress and keeps the finished groups on cancel', async () => {
    const model = compiled(PL4);
    const groups = plateGroups(40, 5);
    const seen: { done: number; total: number; failed: number }[] = [];
    const controller = { aborted: false };
    const batch = await fitGroups({
      model,
      groups,
      parameters: START,
      signal: controller,
      progressMs: 0,
      onProgress: (p) => {
        seen.push(p);
        if (p.done === 17) controller.aborted = true;
      },
    });
    expect(batch.cancelled).toBe(true);
    expect(batch.rows).toHaveLength(17);
    expect(batch.rows.every((r) => r.success)).toBe(true);
    expect(seen[0]).toEqual({ done: 1, total: 40, failed: 0 });
    expect(seen[seen.length - 1]).toEqual({ done: 17, total: 40, failed: 0 });
  });

  it('starts the solver from finishFrom where given (a GPU answer) and keeps the start values in the row', async () => {
    const model = compiled(PL4);
    const groups = plateGroups(3, 13);
    const plain = await fitGroups({ model, groups, parameters: START });
    const near = Float64Array.from(plain.rows[1].params, (v) => v * (1 + 1e-4));
    const finished = await fitGroups({ model, groups, parameters: START, finishFrom: [null, near, null] });
    finished.rows.forEach((row, g) => {
      row.params.forEach((v, i) => expect(rel(v, plain.rows[g].params[i])).toBeLessThan(1e-7));
      expect(Array.from(row.start)).toEqual(Array.from(plain.rows[g].start));
    });
    // From next to the answer, fewer evaluations than from the table's start.
    expect(finished.rows[1].nfev).toBeLessThan(plain.rows[1].nfev);
    expect(finished.rows[0].nfev).toBe(plain.rows[0].nfev);
  });

  it('opens a group as the full single-fit result from the same start', async () => {
    const model = compiled(PL4);
    const groups = plateGroups(3, 9);
    const input = { model, groups, parameters: START };
    const batch = await fitGroups(input);
    const full = await openGroup(input, groups[1], batch.rows[1]);
    expect(full.parameters.map((p) => p.name)).toEqual(batch.names);
    full.parameters.forEach((p, i) => expect(rel(p.value, batch.rows[1].params[i])).toBeLessThan(1e-7));
    expect(full.pcov.length).toBe(16);
  });
});
