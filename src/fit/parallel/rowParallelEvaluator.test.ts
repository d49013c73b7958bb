/**
 * The row-parallel float64 passes against the serial CPU evaluator, on real worker threads: the
 * cost and the normal equations to the last bit (the chunks' partial sums are added in the serial
 * order), the dense QR pass to rounding (TSQR folds the workers' triangles: compared through the
 * invariants RᵀR = JᵀJ and Rᵀ(Qᵀf) = Jᵀf), with weights and a robust loss; whole fits through
 * curveFit equal to the serial fits, statistics included; the statistics' model values bit-equal;
 * a failing worker named in the error.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { standardProblem } from '../../../e2e/harness/standardModels';
import { f32Primary } from '../../../test/f32Gpu';
import { compileModel } from '../../model/index';
import { createNodePool } from '../../parallel/node/nodePool';
import { LINEAR_LOSS, makeLoss, type Loss } from '../../solver/loss';
import type { LinearModel } from '../../solver/linearModel';
import { cpuEvaluator, fullParameters, type BoundModel } from '../cpuEvaluator';
import { curveFit } from '../curveFit';
import { rowParallelEvaluator, rowPasses, rowPassSetup, type RowPool } from './rowParallelEvaluator';
import type { RowPassInput, RowPassOutput } from './rowPassTypes';

const pool: RowPool = createNodePool<RowPassInput, RowPassOutput>({ module: new URL('./rowPassTask.ts', import.meta.url), size: 3 });
afterAll(() => pool.close());

// 300 000 rows: 5 chunks of 2¹⁶ (the last one short), spread over 3 workers.
const problem = standardProblem('gaussian', 300_000, 11);
const { model, data } = problem;
const weights = Float64Array.from(data.y, (_, i) => 1 + (i % 7) / 10);

function bound(loss: Loss, w: Float64Array | null): BoundModel {
  const free = model.params.map((_, i) => i);
  return { kernels: model.kernels(free), data: { vars: data.vars, y: data.y, w }, rows: data.y.length, base: Float64Array.from(problem.parameters, (p) => p.value), free, loss };
}

/** JᵀJ and Jᵀf of a linear model, whatever its form. */
function normalOf(linear: LinearModel): { JtJ: number[]; g: number[] } {
  const n = linear.n;
  if (linear.kind === 'normal') {
    const l = linear as unknown as { JtJ: Float64Array; g: Float64Array };
    return { JtJ: [...l.JtJ], g: [...l.g] };
  }
  const { R, qtf } = linear as unknown as { R: Float64Array; qtf: Float64Array };
  const JtJ: number[] = [];
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += R[i * n + a] * R[i * n + b];
    JtJ.push(s);
  }
  const g = Array.from({ length: n }, (_, a) => {
    let s = 0;
    for (let i = 0; i < n; i++) s += R[i * n + a] * qtf[i];
    return s;
  });
  return { JtJ, g };
}

const x = Float64Array.from(problem.parameters, (p, i) => p.value * (1 + 0.01 * (i + 1)));

describe('row-parallel float64 passes', () => {
  for (const [label, loss, w] of [
    ['least squares', LINEAR_LOSS, null],
    ['weighted soft_l1', makeLoss('soft_l1', 0.3), weights],
  ] as const) {
    it(`${label}: cost and normal equations equal the serial pass to the last bit`, async () => {
      const b = bound(loss, w);
      const setup = rowPassSetup(b, model);
      const serial = cpuEvaluator(b, 'normal');
      const parallel = rowParallelEvaluator(b, setup, pool, 'normal');
      expect(parallel.label).toBe('cpu-normal×3');
      const [s, p] = [await serial.linearize(x), await parallel.linearize(x)];
      expect(p.cost).toBe(s.cost);
      expect(normalOf(p)).toEqual(normalOf(s));
      const dense = rowParallelEvaluator(b, setup, pool, 'dense');
      expect(await dense.cost(x)).toBe(await cpuEvaluator(b, 'dense').cost(x));
    });

    it(`${label}: the dense (TSQR) pass equals the serial QR to rounding`, async () => {
      const b = bound(loss, w);
      const s = await cpuEvaluator(b, 'dense').linearize(x);
      const p = await rowParallelEvaluator(b, rowPassSetup(b, model), pool, 'dense').linearize(x);
      expect(p.kind).toBe('qr');
      expect(p.cost).toBeCloseTo(s.cost, 6);
      expect(Math.abs(p.cost - s.cost) / s.cost).toBeLessThan(1e-12);
      const [ns, np] = [normalOf(s), normalOf(p)];
      const scale = Math.max(...ns.JtJ.map(Math.abs));
      ns.JtJ.forEach((v, i) => expect(Math.abs(np.JtJ[i] - v) / scale).toBeLessThan(1e-12));
      const gScale = Math.max(...ns.g.map(Math.abs));
      ns.g.forEach((v, i) => expect(Math.abs(np.g[i] - v) / gScale).toBeLessThan(1e-10));
    });
  }

  it('a whole fit with its passes on the pool equals the serial fit (normal path: identical)', async () => {
    const serial = await curveFit({ model, data, parameters: problem.parameters, options: { method: 'normal' } });
    const parallel = await curveFit({ model, data, parameters: problem.parameters, options: { method: 'normal' }, rowPasses: rowPasses(pool, model) });
    expect(parallel.success).toBe(true);
    expect(parallel.parameters.map((p) => p.value)).toEqual(serial.parameters.map((p) => p.value));
    expect(parallel.parameters.map((p) => p.stderr)).toEqual(serial.parameters.map((p) => p.stderr));
    expect(parallel.stats).toEqual(serial.stats);
    expect(parallel.diagnostics).toEqual(serial.diagnostics);
    expect(parallel.nfev).toBe(serial.nfev);
  });

  it('the model values of the statistics equal the serial kernel at every row', async () => {
    const b = bound(LINEAR_LOSS, null);
    const values = await rowPasses(pool, model).values(b, x);
    const serial = new Float64Array(b.rows);
    model.kernels(b.free).evaluate(fullParameters(b, x), b.data.vars, serial, 0, b.rows);
    expect(values.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Buffer.from(values.buffer).equals(Buffer.from(serial.buffer))).toBe(true);
  });

  it('a normal pass with the model values: the serial linearization to the last bit, and evaluate at every row', async () => {
    const b = bound(makeLoss('soft_l1', 0.3), weights);
    const values = new Float64Array(new SharedArrayBuffer(b.rows * 8));
    const p = await rowParallelEvaluator(b, rowPassSetup(b, model), pool, 'normal').linearizeWithValues!(x, values);
    const s = await cpuEvaluator(b, 'normal').linearize(x);
    expect(p.cost).toBe(s.cost);
    expect(normalOf(p)).toEqual(normalOf(s));
    const serial = new Float64Array(b.rows);
    model.kernels(b.free).evaluate(fullParameters(b, x), b.data.vars, serial, 0, b.rows);
    expect(Buffer.from(values.buffer).equals(Buffer.from(serial.buffer))).toBe(true);
    const plain = new Float64Array(b.rows);
    await expect(Promise.resolve().then(() => rowParallelEvaluator(b, rowPassSetup(b, model), pool, 'normal').linearizeWithValues!(x, plain))).rejects.toThrow(/shared array/);
  });

  it('after a GPU phase (f32 stand-in) the finish on the pool hands the statistics its model values: the serial fit to the last bit', async () => {
    const options = { ftol: 1e-8, xtol: 1e-8, gtol: 1e-8 };
    const fit = (passes?: ReturnType<typeof rowPasses>) => curveFit({ model, data, parameters: problem.parameters, options, primary: f32Primary, rowPasses: passes });
    const [serial, parallel] = [await fit(), await fit(rowPasses(pool, model))];
    expect(parallel.gpuFinish).toMatchObject({ valuesFused: true, float64Passes: 2, passes: { normal: 2, values: 0 } });
    expect(parallel.parameters.map((p) => p.value)).toEqual(serial.parameters.map((p) => p.value));
    expect(parallel.parameters.map((p) => p.stderr)).toEqual(serial.parameters.map((p) => p.stderr));
    expect(parallel.stats).toEqual(serial.stats);
    expect(parallel.diagnostics).toEqual(serial.diagnostics);
  });

  it("after a GPU phase with Fitbench's tolerances the statistics' values pass writes into the finish's array (one m-long array, not two)", async () => {
    const passes = rowPasses(pool, model);
    const given: (Float64Array | undefined)[] = [];
    const recording = { ...passes, values: (b: BoundModel, at: Float64Array, out?: Float64Array) => (given.push(out), passes.values(b, at, out)) };
    const fit = (rows?: typeof passes) => curveFit({ model, data, parameters: problem.parameters, primary: f32Primary, rowPasses: rows });
    const [serial, parallel] = [await fit(), await fit(recording)];
    expect(parallel.gpuFinish).toMatchObject({ valuesFused: false, passes: { values: 1 } });
    expect(given).toHaveLength(1);
    expect(given[0]?.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(parallel.stats).toEqual(serial.stats);
    expect(parallel.diagnostics).toEqual(serial.diagnostics);
  });

  it('a worker that cannot compile the model fails the pass with a message naming the worker', async () => {
    const b = bound(LINEAR_LOSS, null);
    const broken = { ...rowPassSetup(b, model), key: 'broken', source: 'a*exp(' };
    const evaluator = rowParallelEvaluator(b, broken, pool, 'normal');
    await expect(evaluator.linearize(x)).rejects.toThrow(/row pass on worker 1 of 3 failed: .*/);
  });

  it('recompiles in the worker from the text: a model with two variables and a fixed parameter', async () => {
    const compiled = compileModel('a*x + b*z^2 + c', { columns: ['x', 'z'] });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const m2 = compiled.value;
    const rows = 140_000;
    const xs = Float64Array.from({ length: rows }, (_, i) => i / rows);
    const zs = Float64Array.from({ length: rows }, (_, i) => Math.sin(i));
    const ys = Float64Array.from(xs, (v, i) => 2 * v + 3 * zs[i] ** 2 + 1 + 0.01 * Math.cos(7 * i));
    const free = [0, 2]; // b fixed at 3
    const b: BoundModel = { kernels: m2.kernels(free), data: { vars: [xs, zs], y: ys, w: null }, rows, base: Float64Array.of(1, 3, 0), free, loss: LINEAR_LOSS };
    const at = Float64Array.of(1.5, 0.5);
    const s = await cpuEvaluator(b, 'normal').linearize(at);
    const p = await rowParallelEvaluator(b, rowPassSetup(b, m2), pool, 'normal').linearize(at);
    expect(p.cost).toBe(s.cost);
    expect(normalOf(p)).toEqual(normalOf(s));
  });
});
