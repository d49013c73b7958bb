/**
 * The emitted float64 kernels against the tape interpreter (bit for bit) and against normal
 * equations assembled from residualsJacobian with loss.ts (scipy's robust scaling), for every loss,
 * with and without weights, for wrt subsets, across block boundaries and row ranges.
 */
import { describe, expect, it } from 'vitest';
import { LOSS_NAMES, lossCost, rho, scaleForRobustLoss, type Loss } from '../solver/loss';
import type { CompiledModel } from './compile';
import { interpretPoint } from './interpret';
import { createInterpretedKernels } from './interpretedKernels';
import { normalLength, type JsKernels, type ModelData } from './kernels';
import { packedIndex } from './kernelLayout';
import { UNROLL_MAX_K } from './normalSource';
import { compiled, rng } from './testUtil.test';

interface Case {
  text: string;
  columns: string[];
  params: number[];
  /** Draws column values for a row. */
  x: (r: () => number) => number[];
}

const CASES: Case[] = [
  { text: 'a*exp(-(x-mu)^2/(2*s^2)) + c', columns: ['x'], params: [2, 0.3, 1.2, 0.1], x: (r) => [-4 + 8 * r()] },
  { text: 'b1*exp(-b2*x) + b3*exp(-(x-b4)^2/b5^2) + b6*exp(-(x-b7)^2/b8^2)', columns: ['x'], params: [98, 0.0105, 100, 67, 23, 72, 178, 18.9], x: (r) => [1 + 250 * r()] },
  { text: 'a*min(x, t) + max(b*x, 0.5)*abs(t - c) + pow(x, b) - erf(t*a) + atan2(t, x)', columns: ['t', 'x'], params: [0.7, 1.3, 0.2], x: (r) => [-1 + 2 * r(), 0.1 + 2 * r()] },
  { text: 'a', columns: ['x'], params: [1.5], x: (r) => [r()] },
  { text: '3*x^2 - 1', columns: ['x'], params: [], x: (r) => [r()] },
  { text: 'p1*log(x) + p2*x^-3 + sqrt(x)*p3^2', columns: ['x'], params: [0.5, -0.2, 1.1], x: (r) => [0.5 + 3 * r()] },
  // 26 parameters: beyond UNROLL_MAX_K, the accumulators live in an array
  {
    text: Array.from({ length: 13 }, (_, i) => `c${i}*exp(-k${i}*x)`).join(' + '),
    columns: ['x'],
    params: Array.from({ length: 26 }, (_, i) => (i % 2 === 0 ? 1 + i / 10 : 0.1 + i / 50)),
    x: (r) => [3 * r()],
  },
];

/** The generated kernels and the interpreter behind the same interface (the CSP fallback). */
const IMPLS = [
  { name: 'generated', kernels: (model: CompiledModel, wrt?: number[]): JsKernels => model.kernels(wrt) },
  { name: 'interpreted', kernels: (model: CompiledModel, wrt?: number[]): JsKernels => createInterpretedKernels(model.tape(wrt)) },
];

const m = 613; // more than two sweep blocks (256) and a partial one

function makeData(model: CompiledModel, c: Case, seed: number, weighted: boolean): ModelData {
  const r = rng(seed);
  const rows = Array.from({ length: m }, () => c.x(r));
  const vars = model.variables.map((name) => Float64Array.from(rows, (row) => row[c.columns.indexOf(name)]));
  const p = Float64Array.from(c.params);
  const t = model.tape([]);
  const y = Float64Array.from({ length: m }, (_, i) => interpretPoint(t, p, vars, i).value * (1 + 0.05 * (r() - 0.5)) + 0.3 * (r() - 0.5) + (i % 17 === 0 ? 5 : 0));
  const w = weighted ? Float64Array.from({ length: m }, () => 0.5 + r()) : null;
  return { vars, y, w };
}

/** JᵀJ (packed upper), Jᵀf and Σρ₀ from residualsJacobian, scaled by loss.ts as scipy does. */
function referenceNormal(model: CompiledModel, wrt: number[], p: Float64Array, data: ModelData, loss: Loss): Float64Array {
  const k = wrt.length;
  const f = new Float64Array(m);
  const J = new Float64Array(m * k);
  model.kernels(wrt).residualsJacobian(p, data, f, J, 0, m);
  const cost = loss.name === 'linear' ? lossCost(loss, f) : scaleForRobustLoss(loss, f, J, k);
  const out = new Float64Array(normalLength(k));
  for (let i = 0; i < m; i++) {
    let idx = 0;
    for (let j = 0; j < k; j++) for (let l = j; l < k; l++) out[idx++] += J[i * k + j] * J[i * k + l];
    for (let j = 0; j < k; j++) out[idx++] += J[i * k + j] * f[i];
  }
  out[out.length - 1] = 2 * cost;
  return out;
}

describe.each(CASES)('kernels of $text', (c) => {
  const model = compiled(c.text, c.columns);
  const p = Float64Array.from(c.params);
  const all = model.params.map((_, i) => i);
  const subsets = [all, [...all].reverse().filter((_, i) => i % 2 === 0), []];

  for (const impl of IMPLS) {
    for (const weighted of [false, true]) {
      const data = makeData(model, c, 11, weighted);
      const label = `${weighted ? 'weighted' : 'unweighted'}, ${impl.name}`;

      it(`evaluate, residuals and residualsJacobian equal the interpreter bit for bit (${label})`, () => {
        for (const wrt of subsets) {
          const kern = impl.kernels(model, wrt);
          const tape = model.tape(wrt);
          const out = new Float64Array(m).fill(-7);
          kern.evaluate(p, data.vars, out, 5, m - 3);
          const f = new Float64Array(m);
          kern.residuals(p, data, f, 0, m);
          const fj = new Float64Array(m);
          const J = new Float64Array(m * wrt.length);
          kern.residualsJacobian(p, data, fj, J, 0, m);
          for (let i = 0; i < m; i++) {
            const ref = interpretPoint(tape, p, data.vars, i);
            expect(out[i]).toBe(i < 5 || i >= m - 3 ? -7 : ref.value); // rows outside [start, end) untouched
            const wi = data.w ? data.w[i] : 1;
            expect(f[i]).toBe(wi * (ref.value - data.y[i]));
            expect(fj[i]).toBe(f[i]);
            ref.grads.forEach((g, j) => expect(J[i * wrt.length + j]).toBe(wi * g));
          }
        }
      });

      for (const name of LOSS_NAMES) {
        const loss: Loss = { name, fScale: name === 'linear' ? 1 : 0.7 };
        it(`cost and normal agree with loss.ts for ${name} (${label})`, () => {
          for (const wrt of subsets) {
            const kern = impl.kernels(model, wrt);
            const f = new Float64Array(m);
            kern.residuals(p, data, f, 0, m);
            const r3 = new Float64Array(3);
            let want = 0;
            for (const fi of f) {
              rho(loss, fi, r3);
              want += name === 'linear' ? fi * fi : r3[0];
            }
            const got = kern.cost(p, data, loss, 0, m);
            expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-13 * Math.abs(want));

            const acc = new Float64Array(normalLength(wrt.length));
            kern.normal(p, data, loss, acc, 0, m);
            const ref = referenceNormal(model, wrt, p, data, loss);
            const scale = (j: number): number => Math.max(Math.abs(ref[j]), 1e-300);
            ref.forEach((v, j) => expect(Math.abs(acc[j] - v), `entry ${j}`).toBeLessThanOrEqual(1e-11 * scale(j) + 1e-12 * Math.abs(ref[0] ?? 0)));
            expect(Math.abs(acc[acc.length - 1] - got)).toBeLessThanOrEqual(1e-13 * Math.abs(got));
          }
        });
      }

      it(`normal adds into acc and splits over row ranges (${label})`, () => {
        const kern = impl.kernels(model);
        const loss: Loss = { name: 'soft_l1', fScale: 0.4 };
        const whole = new Float64Array(normalLength(kern.k));
        kern.normal(p, data, loss, whole, 0, m);
        const parts = new Float64Array(normalLength(kern.k));
        kern.normal(p, data, loss, parts, 0, 100);
        kern.normal(p, data, loss, parts, 100, 300);
        kern.normal(p, data, loss, parts, 300, m);
        parts.forEach((v, j) => expect(Math.abs(v - whole[j])).toBeLessThanOrEqual(1e-12 * Math.abs(whole[j]) + 1e-300));
        const twice = whole.slice();
        kern.normal(p, data, loss, twice, 0, m);
        twice.forEach((v, j) => expect(v).toBe(2 * whole[j]));
        const costParts = kern.cost(p, data, loss, 0, 300) + kern.cost(p, data, loss, 300, m);
        expect(Math.abs(costParts - whole[whole.length - 1])).toBeLessThanOrEqual(1e-12 * whole[whole.length - 1]);
      });

      it(`normal with values: evaluate's values bit for bit, the same sums to the last bit (${label})`, () => {
        for (const name of ['linear', 'cauchy'] as const) {
          const kern = impl.kernels(model);
          const loss: Loss = { name, fScale: 0.6 };
          const plain = new Float64Array(normalLength(kern.k));
          kern.normal(p, data, loss, plain, 0, m);
          const fused = new Float64Array(normalLength(kern.k));
          const values = new Float64Array(m).fill(-7);
          // Two row ranges into one values array: each writes its own rows, indexed by the row.
          kern.normal(p, data, loss, fused, 0, 100, values);
          kern.normal(p, data, loss, fused, 100, m, values);
          const split = new Float64Array(normalLength(kern.k));
          kern.normal(p, data, loss, split, 0, 100);
          kern.normal(p, data, loss, split, 100, m);
          expect(Array.from(fused)).toEqual(Array.from(split));
          const want = new Float64Array(m);
          kern.evaluate(p, data.vars, want, 0, m);
          expect(Array.from(values)).toEqual(Array.from(want));
          expect(plain.length).toBe(fused.length);
        }
      });
    }
  }
});

describe('accumulator layout', () => {
  it('packs the upper triangle row by row', () => {
    const k = 4;
    const order: number[] = [];
    for (let j = 0; j < k; j++) for (let l = j; l < k; l++) order.push(packedIndex(k, j, l));
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(normalLength(k)).toBe(15);
    expect(CASES.some((c) => c.params.length > UNROLL_MAX_K)).toBe(true);
  });
});

describe('non-finite residuals propagate into the sums', () => {
  const model = compiled('a*exp(-(x-mu)^2/(2*s^2)) + c');
  const p = new Float64Array([2, 0.3, 1.2, 0.1]);
  const x = Float64Array.from({ length: 400 }, (_, i) => -4 + i / 50);
  const y = new Float64Array(400);
  const k = model.kernels();

  it('a NaN observation makes Jᵀf and Σρ NaN (and JᵀJ too under a robust loss)', () => {
    const yNaN = y.slice();
    yNaN[300] = NaN;
    const data: ModelData = { vars: [x], y: yNaN, w: null };
    for (const name of LOSS_NAMES) {
      const acc = new Float64Array(normalLength(4));
      k.normal(p, data, { name, fScale: 1 }, acc, 0, 400);
      const robust = name !== 'linear';
      acc.forEach((v, j) => {
        const isJtJ = j < 10;
        if (isJtJ && !robust) expect(Number.isFinite(v)).toBe(true);
        else expect(v, `${name} entry ${j}`).toBeNaN();
      });
      expect(k.cost(p, data, { name, fScale: 1 }, 0, 400)).toBeNaN();
    }
  });

  it('an infinite model value makes the cost infinite or NaN, never finite', () => {
    const m2 = compiled('exp(a*x)');
    const data: ModelData = { vars: [x], y, w: null };
    const kern = m2.kernels();
    expect(kern.cost(new Float64Array([1000]), data, { name: 'linear', fScale: 1 }, 0, 400)).toBe(Infinity);
    const acc = new Float64Array(normalLength(1));
    kern.normal(new Float64Array([1000]), data, { name: 'linear', fScale: 1 }, acc, 0, 400);
    expect(Number.isFinite(acc[2])).toBe(false);
  });
});
