import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileModel, type CompiledModel } from '../model';
import { EvaluatorLostError, type Evaluator } from '../solver/evaluator';
import { isLossName } from '../solver/loss';
import { cpuEvaluator } from './cpuEvaluator';
import { curveFit } from './curveFit';
import { FitInputError } from './parameters';

const ref = JSON.parse(readFileSync(new URL('../../fixtures/scipy/curve_fit.json', import.meta.url), 'utf8')) as {
  model: string;
  params: string[];
  t: number[];
  y: number[];
  y_outliers: number[];
  sigma: number[];
  cases: { name: string; weighted: boolean; outliers: boolean; options: Record<string, unknown>; popt: number[]; pcov: number[][] }[];
};

function compile(text: string, columns: string[]): CompiledModel {
  const c = compileModel(text, { columns });
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

const decay = compile(ref.model, ['t']);
const t = Float64Array.from(ref.t);
const start = [
  { name: 'A', value: 1 },
  { name: 'tau', value: 1 },
  { name: 'c', value: 0 },
];

describe('curveFit matches scipy.optimize.curve_fit', () => {
  for (const c of ref.cases) {
    it(`${c.name}: parameters and pcov`, async () => {
      const o = c.options;
      const bounds = o.bounds as [number[], number[]] | undefined;
      const loss = (o.loss as string | undefined) ?? 'linear';
      if (!isLossName(loss)) throw new Error(loss);
      const r = await curveFit({
        model: decay,
        data: { vars: [t], y: Float64Array.from(c.outliers ? ref.y_outliers : ref.y), sigma: c.weighted ? Float64Array.from(ref.sigma) : null },
        parameters: start.map((p, i) => ({ ...p, min: bounds?.[0][i], max: bounds?.[1][i] })),
        options: { loss, fScale: o.f_scale as number | undefined, absoluteSigma: Boolean(o.absolute_sigma), xScale: 1, ftol: 1e-12, xtol: 1e-12, gtol: 1e-12 },
      });
      expect(r.success).toBe(true);
      r.parameters.forEach((p, i) => expect(Math.abs(p.value - c.popt[i]) / Math.abs(c.popt[i])).toBeLessThan(1e-6));
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) {
          const want = c.pcov[i][j];
          const scale = Math.sqrt(c.pcov[i][i] * c.pcov[j][j]);
          expect(Math.abs(r.pcov[i * 3 + j] - want) / scale).toBeLessThan(1e-5);
        }
      }
    });
  }
});

describe('curveFit behaviour', () => {
  const y = Float64Array.from(ref.y);

  it('a fixed parameter keeps its value and the rest fit around it', async () => {
    const r = await curveFit({ model: decay, data: { vars: [t], y }, parameters: [...start.slice(0, 2), { name: 'c', value: 0.3, fixed: true }] });
    const c = r.parameters.find((p) => p.name === 'c')!;
    expect(c.value).toBe(0.3);
    expect(c.fixed).toBe(true);
    expect(Number.isNaN(c.stderr)).toBe(true);
    expect(r.free).toEqual(['A', 'tau']);
    expect(r.pcov.length).toBe(4);
    expect(r.stats.dof).toBe(t.length - 2);
  });

  it('a missing start value names the parameter; a finite bound pair supplies one', async () => {
    await expect(curveFit({ model: decay, data: { vars: [t], y }, parameters: start.slice(0, 2) })).rejects.toThrow(/"c" has no start value/);
    const r = await curveFit({ model: decay, data: { vars: [t], y }, parameters: [...start.slice(0, 2), { name: 'c', min: -1, max: 1 }] });
    expect(r.parameters[2].start).toBe(0);
    expect(Math.abs(r.parameters[2].value - ref.cases[0].popt[2])).toBeLessThan(1e-6);
  });

  it('rejects fewer rows than free parameters, unknown parameters and bad bounds with their names', async () => {
    const short = { vars: [t.slice(0, 2)], y: y.slice(0, 2) };
    await expect(curveFit({ model: decay, data: short, parameters: start })).rejects.toThrow(FitInputError);
    await expect(curveFit({ model: decay, data: short, parameters: start })).rejects.toThrow(/2 usable rows for 3 free parameters/);
    await expect(curveFit({ model: decay, data: { vars: [t], y }, parameters: [...start, { name: 'k', value: 1 }] })).rejects.toThrow(/Unknown parameter "k"/);
    await expect(curveFit({ model: decay, data: { vars: [t], y }, parameters: [start[0], { name: 'tau', value: 1, min: 2, max: 1 }, start[2]] })).rejects.toThrow(/"tau"/);
  });

  it('95% intervals are value ± t(0.975, m − k)·stderr', async () => {
    const r = await curveFit({ model: decay, data: { vars: [t], y }, parameters: start });
    expect(r.tValue).toBeCloseTo(2.002465459291007, 12); // scipy.stats.t.ppf(0.975, 57)
    for (const p of r.parameters) expect(p.ciUpper - p.value).toBeCloseTo(r.tValue * p.stderr, 12);
    expect(r.stats.r2).toBeGreaterThan(0.99);
    expect(r.stats.chi2).toBeCloseTo(2 * r.cost, 12);
  });

  it('reports a parameter the data cannot determine', async () => {
    const model = compile('a*b*exp(-t/tau)', ['t']);
    const r = await curveFit({ model, data: { vars: [t], y: Float64Array.from(ref.y, (v) => v - 0.3) }, parameters: ['a', 'b', 'tau'].map((name) => ({ name, value: 1.5 })) });
    expect(r.warnings.join(' ')).toMatch(/cannot determine a and b separately/);
  });

  it('continues on the CPU from the last accepted iterate when the primary evaluator is lost', async () => {
    const reference = await curveFit({ model: decay, data: { vars: [t], y }, parameters: start });
    let linearizations = 0;
    const r = await curveFit({
      model: decay,
      data: { vars: [t], y },
      parameters: start,
      primary: (bound) => {
        const inner = cpuEvaluator(bound, 'normal');
        const flaky: Evaluator = {
          m: inner.m,
          n: inner.n,
          label: 'fake-gpu',
          cost: (x) => inner.cost(x),
          linearize: (x) => {
            if (++linearizations > 3) throw new EvaluatorLostError('device-lost', 'The device was destroyed.');
            return inner.linearize(x);
          },
        };
        return { backend: 'gpu', linearization: 'normal', evaluator: flaky };
      },
    });
    expect(r.success).toBe(true);
    expect(r.phases[0]).toMatchObject({ backend: 'gpu', lost: true, nit: 2 });
    expect(r.phases[1]).toMatchObject({ backend: 'cpu', role: 'fit' });
    expect(r.warnings.join(' ')).toMatch(/GPU device-lost after 2 iterations.*continued on the CPU/);
    r.parameters.forEach((p, i) => expect(Math.abs(p.value - reference.parameters[i].value) / Math.abs(p.value)).toBeLessThan(1e-9));
  });
});
