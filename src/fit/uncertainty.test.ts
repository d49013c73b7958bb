/**
 * Issue 10, defects 2–7 at the level of a fit, and issue 14 item 7 (a parameter the model does
 * not depend on). References: scipy and numpy (fixtures/scipy/make_uncertainty.py, covariances from
 * the SVD of J) and closed-form straight-line regression.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileModel, type CompiledModel } from '../model';
import { normInf } from '../solver/vec';
import { loadNist } from '../../test/nist';
import { curveWithBands } from './bands';
import type { Evaluator } from '../solver/evaluator';
import { NormalLinearModel } from '../solver/linearModel';
import { curveFitCovariance } from '../stats/covariance';
import { cpuEvaluator, type BoundModel } from './cpuEvaluator';
import { curveFit } from './curveFit';

interface Case {
  model: string;
  params: string[];
  x?: number[];
  t?: number[];
  y: number[];
  p0: number[];
  [key: string]: unknown;
}
const ref = JSON.parse(readFileSync(new URL('../../fixtures/scipy/uncertainty.json', import.meta.url), 'utf8')) as Record<string, Case>;

function compile(text: string, column = 'x'): CompiledModel {
  const c = compileModel(text, { columns: [column] });
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);
const byName = (r: { parameters: { name: string; value: number; stderr: number; ciLower: number; ciUpper: number }[] }, name: string) =>
  r.parameters.find((p) => p.name === name)!;

/** Closed-form straight line y = a + b·x: estimates and standard errors with s² = RSS/(m − k). */
function straightLine(x: Float64Array, y: Float64Array, k = 2) {
  const m = x.length;
  const mx = x.reduce((s, v) => s + v, 0) / m;
  const my = y.reduce((s, v) => s + v, 0) / m;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < m; i++) {
    sxx += (x[i] - mx) ** 2;
    sxy += (x[i] - mx) * (y[i] - my);
  }
  const b = sxy / sxx;
  const a = my - b * mx;
  let rss = 0;
  for (let i = 0; i < m; i++) rss += (y[i] - a - b * x[i]) ** 2;
  const s2 = rss / (m - k);
  return { a, b, seA: Math.sqrt(s2 * (1 / m + (mx * mx) / sxx)), seB: Math.sqrt(s2 / sxx) };
}

describe('defect 3: a normal-equation fit that stops unconverged reports a precise covariance', () => {
  it('degree-8 polynomial on [1, 2], stopped at max_nfev: standard errors as numpy’s SVD gives them', async () => {
    const c = ref.poly8;
    const r = await curveFit({
      model: compile(c.model),
      data: { vars: [Float64Array.from(c.x!)], y: Float64Array.from(c.y) },
      parameters: c.params.map((name, i) => ({ name, value: c.p0[i] })),
      options: { method: 'normal', maxNfev: 1 },
    });
    expect(r.status).toBe(0);
    expect(rel(r.cost, c.cost as number)).toBeLessThan(1e-9);
    const pcov = c.pcov as number[][];
    c.params.forEach((name, i) => expect(rel(byName(r, name).stderr, Math.sqrt(pcov[i][i]))).toBeLessThan(1e-5));
    expect(r.undetermined).toEqual([]);
  });
});

describe('defect 3, the other side: a well-conditioned normal-equation covariance is kept', () => {
  it('A·e^(−t/τ) + c by the normal equations: pcov as the QR path gives it, to 1e-7', async () => {
    const c = ref.robust_band;
    const fitWith = (method: 'dense' | 'normal') =>
      curveFit({
        model: compile(c.model, 't'),
        data: { vars: [Float64Array.from(c.t!)], y: Float64Array.from(c.y) },
        parameters: c.params.map((name, i) => ({ name, value: c.p0[i] })),
        options: { method },
      });
    const [dense, normal] = [await fitWith('dense'), await fitWith('normal')];
    expect(normal.phases.map((p) => p.linearization)).toEqual(['normal']);
    dense.pcov.forEach((v, i) => expect(Math.abs(normal.pcov[i] - v) / Math.sqrt(dense.pcov[(i % 3) * 4] * dense.pcov[Math.floor(i / 3) * 4])).toBeLessThan(1e-7));
  });
});

describe('defect 3 after the GPU: an f32 JᵀJ never gives the reported covariance', () => {
  it('a GPU phase that used the whole budget (no polish): pcov from the float64 QR path at the reported point', async () => {
    const c = ref.robust_band;
    const model = compile(c.model, 't');
    const data = { vars: [Float64Array.from(c.t!)], y: Float64Array.from(c.y) };
    let bound: BoundModel | null = null;
    const r = await curveFit({
      model,
      data,
      parameters: c.params.map((name, i) => ({ name, value: c.p0[i] })),
      options: { maxNfev: 6 },
      primary: (b) => {
        bound = b;
        const inner = cpuEvaluator(b, 'normal');
        // JᵀJ and Jᵀf rounded to f32, as the GPU kernels sum them.
        const f32: Evaluator = {
          m: inner.m,
          n: inner.n,
          label: 'fake-gpu',
          cost: (x) => inner.cost(x),
          linearize: async (x) => {
            const l = (await inner.linearize(x)) as NormalLinearModel;
            return new NormalLinearModel(3, l.m, l.JtJ.map(Math.fround), l.g.map(Math.fround), l.cost);
          },
        };
        return { backend: 'gpu', linearization: 'normal', evaluator: f32 };
      },
    });
    expect(r.phases.map((p) => `${p.role}:${p.backend}`)).toEqual(['fit:gpu']);
    const x = Float64Array.from(r.parameters, (p) => p.value);
    const precise = curveFitCovariance({ linear: await cpuEvaluator(bound!, 'dense').linearize(x), m: c.t!.length, cost: r.cost, absoluteSigma: false });
    precise.pcov.forEach((v, i) => expect(Math.abs(r.pcov[i] - v) / Math.sqrt(precise.pcov[(i % 3) * 4] * precise.pcov[Math.floor(i / 3) * 4])).toBeLessThan(1e-12));
  });
});

describe('defect 4: parameters in a null direction are undetermined, named, and get no interval', () => {
  it('a·e^(bx) + c·e^(bx): a and c undetermined, b and its standard error as scipy reports them', async () => {
    const c = ref.same_exponent;
    const r = await curveFit({
      model: compile(c.model),
      data: { vars: [Float64Array.from(c.x!)], y: Float64Array.from(c.y) },
      parameters: c.params.map((name, i) => ({ name, value: c.p0[i] })),
    });
    expect(rel(byName(r, 'b').value, c.b as number)).toBeLessThan(1e-7);
    expect(rel(byName(r, 'a').value + byName(r, 'c').value, c.a_plus_c as number)).toBeLessThan(1e-7);
    expect(rel(byName(r, 'b').stderr, c.se_b as number)).toBeLessThan(1e-5);
    for (const name of ['a', 'c']) {
      const p = byName(r, name);
      expect(Number.isFinite(p.stderr)).toBe(false);
      expect(Number.isFinite(p.ciLower)).toBe(false);
      expect(Number.isFinite(p.ciUpper)).toBe(false);
    }
    expect(r.undetermined).toEqual(['a', 'c']);
    expect(r.warnings.join(' ')).toMatch(/cannot determine a and c separately/);
  });

  it('issue 14 item 7: a parameter the model does not depend on has no standard error (not 0)', async () => {
    const x = Float64Array.from({ length: 12 }, (_, i) => i);
    const y = x.map((v, i) => 0.5 + 2 * v + 0.1 * Math.sin(3 * i));
    const r = await curveFit({
      model: compile('a*x + b + 0*c'),
      data: { vars: [x], y },
      parameters: ['a', 'b', 'c'].map((name) => ({ name, value: 1 })),
    });
    const line = straightLine(x, y, 3);
    expect(Number.isFinite(byName(r, 'c').stderr)).toBe(false);
    expect(r.undetermined).toEqual(['c']);
    expect(r.warnings.join(' ')).toMatch(/"c"/);
    expect(rel(byName(r, 'a').stderr, line.seB)).toBeLessThan(1e-9);
    expect(rel(byName(r, 'b').stderr, line.seA)).toBeLessThan(1e-9);
  });
});

describe('defect 5: the covariance does not depend on the parameters’ units', () => {
  it('a + b·x with x in units of 1e-16: se(b) is 1e16 × the se in plain units, and nothing is undetermined', async () => {
    const u = Float64Array.from({ length: 20 }, (_, i) => 1 + i / 4);
    const y = u.map((v, i) => 2 + 3 * v + 0.05 * Math.cos(2.3 * i));
    const x = u.map((v) => v * 1e-16);
    const line = straightLine(u, y);
    const r = await curveFit({
      model: compile('a + b*x'),
      data: { vars: [x], y },
      parameters: [{ name: 'a', value: 1 }, { name: 'b', value: 1e16 }],
    });
    expect(rel(byName(r, 'b').value, line.b * 1e16)).toBeLessThan(1e-9);
    expect(rel(byName(r, 'b').stderr, line.seB * 1e16)).toBeLessThan(1e-8);
    expect(rel(byName(r, 'a').stderr, line.seA)).toBeLessThan(1e-8);
    expect(r.undetermined).toEqual([]);
    expect(r.warnings).toEqual([]);
  });
});

describe('defect 6: the reported point is described as it is, and max_nfev caps the whole fit', () => {
  it('after Gauss–Newton refinement, optimality is ‖g‖∞ at the reported parameters and the message says so', async () => {
    const p = loadNist().find((q) => q.name === 'Lanczos3')!;
    const names = Object.keys(p.columns);
    const c = compileModel(p.model, { columns: names });
    if (!c.ok) throw new Error(c.error.message);
    const model = c.value;
    const data = { vars: model.variables.map((v) => p.columns[v].hi), y: p.y.hi };
    const r = await curveFit({ model, data, parameters: model.params.map((name) => ({ name, value: p.start1[p.params.indexOf(name)] })) });
    expect(r.phases.at(-1)?.role).toBe('refine');
    const x = Float64Array.from(r.free, (name) => byName(r, name).value);
    const free = r.free.map((name) => model.params.indexOf(name));
    const linear = cpuEvaluator({ kernels: model.kernels(free), data: { ...data, w: null }, rows: data.y.length, base: new Float64Array(model.params.length), free, loss: { name: 'linear', fScale: 1 } }, 'dense').linearize(x);
    expect(r.optimality).toBe(normInf((await linear).g));
    expect(r.message).toMatch(/Gauss–Newton/);
  });

  it('--max-nfev caps the evaluations of all phases together (fit, polish, refinement)', async () => {
    const c = ref.poly8;
    for (const maxNfev of [5, 60, 70]) {
      const r = await curveFit({
        model: compile(c.model),
        data: { vars: [Float64Array.from(c.x!)], y: Float64Array.from(c.y) },
        parameters: c.params.map((name, i) => ({ name, value: c.p0[i] })),
        options: { method: 'normal', maxNfev },
      });
      expect(r.nfev).toBeLessThanOrEqual(maxNfev);
    }
  });
});

describe('defect 7: a robust fit’s prediction band uses the covariance’s scale', () => {
  it('soft_l1 with outliers: confidence and prediction half-widths as scipy’s pcov and s² = Σρ/(m − n) give them', async () => {
    const c = ref.robust_band;
    const model = compile(c.model, 't');
    const r = await curveFit({
      model,
      data: { vars: [Float64Array.from(c.t!)], y: Float64Array.from(c.y) },
      parameters: c.params.map((name, i) => ({ name, value: c.p0[i] })),
      options: { loss: 'soft_l1', fScale: c.f_scale as number },
    });
    (c.popt as number[]).forEach((v, i) => expect(rel(r.parameters[i].value, v)).toBeLessThan(1e-6));
    const bands = curveWithBands(model, r, [Float64Array.from(c.grid as number[])]);
    (c.confidence_half as number[]).forEach((h, i) => expect(rel(bands.confidence.upper[i] - bands.values[i], h)).toBeLessThan(1e-5));
    (c.prediction_half as number[]).forEach((h, i) => expect(rel(bands.prediction.upper[i] - bands.values[i], h)).toBeLessThan(1e-5));
  });
});
